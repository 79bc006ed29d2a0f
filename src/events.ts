// The one event map: every service's events (`<service>.<resource>.<past-tense>` -> payload), merged into
// the kernel's EventMap. The kernel declares the map empty and never learns a service; declaration merging
// here types every `tx.emit` and `events.subscribe` in the program without a type parameter on the store,
// the transaction or the operation context. A service declares its own in services/<name>/events.ts.

import type { IdentityEvents } from "./services/identity/events.js";
import type { NetworkingEvents } from "./services/networking/events.js";
import type { ComputeEvents } from "./services/compute/events.js";
import type { BlockStorageEvents } from "./services/block-storage/events.js";
import type { InstanceHaEvents } from "./services/instance-ha/events.js";
import type { InstanceHaEngineEvents } from "./services/instance-ha/engine/events.js";
import type { ImageEvents } from "./services/image/events.js";

declare module "./kernel/events.js" {
  interface EventMap extends IdentityEvents, NetworkingEvents, ComputeEvents, BlockStorageEvents, InstanceHaEvents, InstanceHaEngineEvents, ImageEvents {}
}

export type { EventMap } from "./kernel/events.js";

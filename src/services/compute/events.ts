// The events compute publishes (`compute.<resource>.<past-tense>`) and their payloads; the end of this file
// merges them into the kernel's EventMap, so every emit and subscribe of them is checked. Two names predate the
// convention (`compute.host.error`, `compute.instance.error`) and stay: event names are observable.

import type { ComputeHost } from "./state.js";

type Server = { id: string; projectId: string };

export type ComputeEvents = {
  "compute.server.created": Server & { name: string; flavorId: string; imageId: string | null; host: string | null; zone: string };
  "compute.server.updated": Server & { name: string };
  "compute.server.metadata_updated": Server & { keys: string[] };
  "compute.server.state_changed": Server & { from: string; to: string; vmState: string; taskState: string | null; host: string | null };
  /**
   * The server is gone from state: what its notifications need (the user, flavor, image, zone, times as
   * ISO 8601, and the vm_state it was deleted from) travels with the event
   */
  "compute.server.deleted": Server & {
    host: string | null;
    name: string;
    userId: string;
    flavorId: string;
    imageId: string | null;
    zone: string;
    vmState: string;
    createdAt: string;
    launchedAt: string | null;
  };
  "compute.server.locked": Server & { lockedBy: string; reason: string | null };
  "compute.server.unlocked": Server;
  "compute.server.state_reset": Server & { state: string };
  "compute.server.resize_started": Server & { flavorId: string; from: string | null; to: string };
  "compute.server.resize_confirmed": Server & { flavorId: string };
  "compute.server.resize_reverted": Server & { flavorId: string };
  "compute.server.evacuated": Server & { from: string | null; to: string };
  "compute.server_group.created": { id: string; name: string; projectId: string; policy: string };
  "compute.server_group.deleted": { id: string; projectId: string };
  "compute.flavor.created": { flavorId: string; name: string };
  "compute.flavor.deleted": { flavorId: string };
  "compute.keypair.created": { name: string; userId: string; type: string };
  "compute.keypair.deleted": { name: string; userId: string };
  /** a public image has no owner project */
  "compute.image.created": { imageId: string; name: string; projectId: string | null; serverId: string | null };
  "compute.image.uploaded": { imageId: string; projectId: string | null; serverId: string };
  "compute.image.deleted": { imageId: string; projectId: string | null };
  "compute.service.updated": {
    host: string;
    serviceId: string;
    status: ComputeHost["status"];
    disabledReason: string | null;
    forcedDown: boolean;
  };
  "compute.host.error": { host: string; serverIds: string[]; at: string };
  "compute.host.recovered": { host: string; at: string };
  /**
   * A server failed on its host. `cause`: `host_failure` when its host failed (one per server, besides
   * compute.host.error), `server_error` when the server alone went to ERROR on a host that is up (a step a
   * fault rule failed or an override sent to error, a failed rebuild, the control API's servers/{id}/fail),
   * once until it leaves ERROR. A failed evacuation leaves its server on the failed host: none then.
   */
  "compute.instance.error": { host: string; serverId: string; projectId: string; cause: "host_failure" | "server_error" };
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../kernel/events.js" {
  interface EventMap extends ComputeEvents {}
}

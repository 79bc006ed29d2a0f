// What networking does when other services change things: a new project gets its `default` security
// group (Neutron creates it on first use; creating it with the project makes it visible at once).

import type { Kernel } from "../../kernel/kernel.js";
import { ensureDefaultGroup } from "./operations/security-groups.js";
import { sliceOf } from "./routes/deps.js";

export function subscribeNetworking(kernel: Kernel): void {
  kernel.events.subscribe("identity.project.created", (event) => {
    const projectId = event.payload.id;
    if (typeof projectId !== "string" || projectId === "") return;
    kernel.store.update((draft, tx) => ensureDefaultGroup(sliceOf(draft), { now: kernel.clock.now(), ids: kernel.ids, tx }, projectId));
  });
}

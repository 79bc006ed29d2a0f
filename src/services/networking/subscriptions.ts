// What networking does when other services change things: a new project gets its `default` security
// group (Neutron creates it on first use; creating it with the project makes it visible at once).

import type { Kernel } from "../../kernel/kernel.js";
import { runOperation } from "../../kernel/operation.js";
import { ensureDefaultGroup } from "./operations/security-groups.js";
import { dropUnusedDefaultGroup } from "./operations/project-deleted.js";
import { sliceOf } from "./state.js";

export function subscribeNetworking(kernel: Kernel): void {
  kernel.events.subscribe("identity.project.created", (event) => {
    const projectId = event.payload.id;
    if (typeof projectId !== "string" || projectId === "") return;
    runOperation(kernel, null, (ctx) => ensureDefaultGroup(sliceOf(ctx.root), ctx, projectId));
  });
  // and a deleted project that never used networking takes its group with it (project-deleted.ts)
  kernel.events.subscribe("identity.project.deleted", (event) => {
    const projectId = event.payload.id;
    if (typeof projectId !== "string" || projectId === "") return;
    runOperation(kernel, null, (ctx) => dropUnusedDefaultGroup(sliceOf(ctx.root), ctx.tx, projectId));
  });
}

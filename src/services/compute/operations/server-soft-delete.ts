// Deferred delete (nova/compute/api.py soft_delete, restore, force_delete; manager _reclaim_queued_deletes):
// with reclaim_instance_interval > 0 a DELETE of a launched server at rest makes it SOFT_DELETED (it keeps
// its host, ports and quota) and the server is reclaimed (deleted) after the interval on the virtual clock;
// `restore` brings it back ACTIVE, `forceDelete` deletes it now.

import type { OperationContext } from "../../../kernel/operation.js";
import type { Server } from "../state.js";
import { enterPhase, POWER, type ServerStepApplier, type ServerStepDef, type StepContext } from "../lifecycle.js";
import { invalidState } from "../errors.js";
import { assertUnlocked, begin, checkAction, settle } from "./server-action-rules.js";

/** True when a DELETE (with a reclaim interval set) soft-deletes this server: Nova's soft_delete checks pass. */
export function softDeletes(server: Server): boolean {
  // soft_delete needs no task and a launched server; Nova falls back to a hard delete otherwise
  return server.taskState === null && server.launchedAt !== null && server.host !== null && server.vmState !== "soft-delete";
}

/** DELETE with reclaim on: task soft-deleting, then SOFT_DELETED (powered off) until reclaimed or restored. */
export function softDelete(ctx: StepContext, server: Server): void {
  begin(ctx, server, "soft_deleting", "soft-deleting");
}

export function restore(ctx: OperationContext, server: Server): void {
  checkAction(server, ctx.caller, "restore", { vm: ["soft-delete"] });
  begin(ctx, server, "restoring", "restoring");
}

/** forceDelete: any vm_state, launched or not, but no task under way (Nova's check_instance_state defaults). */
export function forceDelete(ctx: OperationContext, server: Server): void {
  assertUnlocked(server, ctx.caller);
  if (server.taskState !== null) throw invalidState("forceDelete", server.id, "task_state", server.taskState);
  begin(ctx, server, "deleting", "deleting");
}

export const SOFT_DELETE_STEPS: ServerStepDef[] = [
  { from: "soft_deleting", to: "soft_deleted", after: (o) => o.actionMs },
  { from: "soft_deleted", to: "reclaimed", after: (o) => (o.reclaimInstanceMs > 0 ? o.reclaimInstanceMs : -1) },
  { from: "restoring", to: "restored", after: (o) => o.actionMs },
];

export const SOFT_DELETE_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "soft_deleting>soft_deleted": (_s, ctx, server) => {
    settle(ctx, server, "soft-delete", POWER.SHUTDOWN);
    enterPhase(ctx, server, "soft_deleted");
  },
  "soft_deleted>reclaimed": (_s, ctx, server) => begin(ctx, server, "deleting", "deleting"),
  "restoring>restored": (_s, ctx, server) => settle(ctx, server, "active"),
};

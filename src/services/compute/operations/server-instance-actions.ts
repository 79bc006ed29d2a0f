// The instance action log (nova/compute/instance_actions.py, objects/instance_action.py): every request on a
// server records an action under its request id with one `compute_<method>` event, which ends (Success or
// Error) when the server comes to rest. Appending costs O(actions of that server), never the table.

import { get, put } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Server } from "../state.js";
import type { InstanceAction } from "../server-records.js";
import type { StepContext } from "../lifecycle.js";
import { sliceOf } from "../state.js";

/** Nova's event names per action (the compute manager method the event wraps). */
const EVENTS: Record<string, string> = {
  create: "compute__do_build_and_run_instance",
  delete: "compute_terminate_instance",
  stop: "compute_stop_instance",
  start: "compute_start_instance",
  reboot: "compute_reboot_instance",
  pause: "compute_pause_instance",
  unpause: "compute_unpause_instance",
  suspend: "compute_suspend_instance",
  resume: "compute_resume_instance",
  resize: "compute_prep_resize",
  migrate: "compute_prep_resize",
  confirmResize: "compute_confirm_resize",
  revertResize: "compute_revert_resize",
  rebuild: "compute_rebuild_instance",
  evacuate: "compute_rebuild_instance",
  createImage: "compute_snapshot_instance",
  createBackup: "compute_backup_instance",
  shelve: "compute_shelve_instance",
  shelveOffload: "compute_shelve_offload_instance",
  unshelve: "compute_unshelve_instance",
  rescue: "compute_rescue_instance",
  unrescue: "compute_unrescue_instance",
  changePassword: "compute_set_admin_password",
  "live-migration": "compute_live_migration",
  trigger_crash_dump: "compute_trigger_crash_dump",
  attach_interface: "compute_attach_interface",
  detach_interface: "compute_detach_interface",
  restore: "compute_restore_instance",
  live_migration_force_complete: "compute_live_migration_force_complete",
  live_migration_cancel: "compute_live_migration_abort",
  extend_volume: "compute_extend_volume",
};

/** Actions Nova records without a compute event (the API does the whole job). */
const NO_EVENT = new Set(["lock", "unlock", "resetState", "addSecurityGroup", "removeSecurityGroup"]);

/**
 * Records `action` on the server under the request's id. Actions that run on the host get an open event
 * that closeActionEvents ends; the others are complete at once.
 *
 * A server's create is not written as a log row: the server keeps its request id (`createRequestId`) and
 * the entry is read from the record (createdAt, launchedAt, host) until anything else happens to it (another
 * action, a failed build, a deletion), when the log is written out as it stood. Most servers never see
 * another action, and a log row with its action and event is most of what a server costs.
 */
export function recordAction(s: ComputeState, ctx: OperationContext<Caller | null>, server: Server, action: string, requestId: string): void {
  const caller = ctx.caller;
  const entry: InstanceAction = {
    requestId,
    action,
    projectId: server.projectId,
    userId: caller?.userId || server.userId,
    startTime: ctx.now,
    updatedAt: ctx.now,
    message: null,
    events: NO_EVENT.has(action) ? [] : [{ event: EVENTS[action] ?? `compute_${action}`, startTime: ctx.now, finishTime: null, result: null, host: server.host }],
  };
  const log = get(s.instanceActions, server.id);
  if (log) {
    log.actions.push(entry);
    return;
  }
  if (action === "create" && !server.createRequestId && server.launchedAt === null && entry.userId === server.userId) {
    server.createRequestId = requestId;
    return;
  }
  const create = implicitCreate(server);
  if (create) server.createRequestId = null;
  put(s.instanceActions, { id: server.id, projectId: server.projectId, actions: create ? [create, entry] : [entry] });
}

/** The create entry a server keeps in its record: open until it first became active, then a Success. */
function implicitCreate(server: Server): InstanceAction | undefined {
  if (!server.createRequestId) return undefined;
  const finished = server.launchedAt;
  return {
    requestId: server.createRequestId,
    action: "create",
    projectId: server.projectId,
    userId: server.userId,
    startTime: server.createdAt,
    updatedAt: finished ?? server.createdAt,
    message: null,
    events: [{ event: EVENTS.create, startTime: server.createdAt, finishTime: finished, result: finished === null ? null : "Success", host: server.host }],
  };
}

/** Writes out the create a server still keeps in its record (before its host or launch change outside an action). */
export function writeOutCreate(s: ComputeState, server: Server): void {
  const create = implicitCreate(server);
  if (!create || get(s.instanceActions, server.id)) return;
  server.createRequestId = null;
  put(s.instanceActions, { id: server.id, projectId: server.projectId, actions: [create] });
}

/** The server's actions, oldest first (its create read from its record while it keeps it there). */
export function actionsOf(s: ComputeState, serverId: string): InstanceAction[] | undefined {
  const log = get(s.instanceActions, serverId);
  if (log) return log.actions;
  const server = get(s.servers, serverId);
  const create = server && implicitCreate(server);
  return create ? [create] : undefined;
}

/**
 * Records an action an external event starts (Cinder's volume-extended): the host does it at once, so its
 * event ends as it begins, whatever else the server is doing.
 */
export function recordEventAction(s: ComputeState, ctx: OperationContext<Caller | null>, server: Server, action: string): void {
  recordAction(s, ctx, server, action, ctx.ids.requestId());
  const entry = get(s.instanceActions, server.id)!.actions.at(-1)!;
  for (const e of entry.events) {
    e.finishTime = ctx.now;
    e.result = "Success";
  }
}

/** The server came to rest (or failed): its open events end, the action's updated_at moves. */
export function closeActionEvents(ctx: Pick<StepContext, "now" | "root">, server: Server, result: "Success" | "Error" = "Success"): void {
  const s = sliceOf(ctx.root);
  // a build that ends well is what the kept create already says (closed at launchedAt); anything else is written out
  if (server.createRequestId && !(result === "Success" && server.launchedAt === ctx.now)) writeOutCreate(s, server);
  const log = get(s.instanceActions, server.id);
  if (!log) return;
  for (let i = log.actions.length - 1; i >= 0 && i >= log.actions.length - 3; i--) {
    const action = log.actions[i];
    const open = action.events.filter((e) => e.finishTime === null);
    if (open.length === 0) continue;
    for (const e of open) {
      e.finishTime = ctx.now;
      e.result = result;
      e.host = server.host ?? e.host;
    }
    action.updatedAt = ctx.now;
    if (result === "Error") action.message = "Error";
  }
}

/** The log of a server the caller may see; Nova (2.21+) shows the actions of a deleted server too. */
export function actionLogOf(s: ComputeState, caller: Caller, serverId: string): InstanceAction[] | undefined {
  const projectId = get(s.instanceActions, serverId)?.projectId ?? get(s.servers, serverId)?.projectId;
  if (projectId === undefined || (!caller.isAdmin && projectId !== caller.projectId)) return undefined;
  return actionsOf(s, serverId);
}

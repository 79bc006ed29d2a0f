// lock / unlock (nova/api/openstack/compute/lock_server.py; locked_reason from 2.73), os-resetState
// (admin_actions.py) and os-getConsoleOutput (console_output.py): actions that need no lifecycle step; and
// the control API's forced failure of a server.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, Server } from "../state.js";
import { conflictingRequest, forbidden } from "../errors.js";
import { changeState, enterPhase, type StepContext } from "../lifecycle.js";
import { failServer, serverErrorFault } from "./server-lifecycle.js";
import { abandonSnapshot } from "./server-snapshot.js";
import { releaseMigration } from "./server-resize.js";
import { rareOf, rareToWrite, tidyRare } from "../server-rare.js";

/** Nova's is_expected_locked_by: the server's own project is its `owner`; anyone else locking is `admin`. */
function lockerOf(caller: Caller, server: Server): "owner" | "admin" {
  return caller.projectId === server.projectId ? "owner" : "admin";
}

export function lock(ctx: OperationContext, server: Server, reason: string | null): void {
  const by = lockerOf(ctx.caller, server);
  // the owner locking a locked server changes nothing (not even the reason), as in Nova
  if (rareOf(server).locked && by === "owner") return;
  const rare = rareToWrite(server);
  rare.locked = true;
  rare.lockedReason = reason;
  rare.lockedBy = by;
  server.updatedAt = ctx.now;
  ctx.tx.emit("compute.server.locked", { id: server.id, projectId: server.projectId, lockedBy: by, reason });
}

/** A server locked by an admin stays locked for its owner: unlock_override is an admin rule (403). */
export function unlock(ctx: OperationContext, server: Server): void {
  const { locked, lockedBy } = rareOf(server);
  if (locked && (lockedBy ?? "owner") !== lockerOf(ctx.caller, server) && !ctx.caller.isAdmin) {
    throw forbidden("Policy doesn't allow os_compute_api:os-lock-server:unlock:unlock_override to be performed.");
  }
  if (!locked) return;
  const rare = rareToWrite(server);
  rare.locked = false;
  rare.lockedReason = null;
  rare.lockedBy = null;
  tidyRare(server);
  server.updatedAt = ctx.now;
  ctx.tx.emit("compute.server.unlocked", { id: server.id, projectId: server.projectId });
}

/** What os-resetState and a forced failure drop: the pending step, a move's extra host claim, an upload. */
function dropUnderWay(s: ComputeState, ctx: StepContext, server: Server): void {
  enterPhase(ctx, server, null);
  abandonSnapshot(ctx, server);
  const { migration, oldFlavor } = rareOf(server);
  if (migration?.kind === "evacuation" || (migration && !oldFlavor)) {
    // a move that had not switched hosts yet: the destination's claim is released, the server stays home
    releaseMigration(s, server);
    rareToWrite(server).resumeState = null;
    tidyRare(server);
  }
}

/**
 * os-resetState (admin): vm_state active or error, task_state none, whatever was under way dropped (its
 * pending step forgotten, a move's extra host claim given back, an upload killed). A delete under way
 * still completes.
 */
export function resetState(s: ComputeState, ctx: OperationContext, server: Server, state: "active" | "error"): void {
  if (!ctx.caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-admin-actions:reset_state to be performed.");
  if (server.phase !== "deleting") dropUnderWay(s, ctx, server);
  changeState(ctx, server, { vmState: state, taskState: null });
  ctx.tx.emit("compute.server.state_reset", { id: server.id, projectId: server.projectId, state });
}

/**
 * The control API's forced failure (POST /_emulator/compute/servers/{id}/fail): the guest dies under the
 * hypervisor. Whatever was under way is dropped and the server goes to ERROR with a fault, raising
 * compute.instance.error on a host that is up (failServer). 409 while it is being deleted or soft-deleted;
 * a server already in ERROR with nothing under way is left as it was (false: nothing changed, no event).
 */
export function forceServerError(s: ComputeState, ctx: StepContext, server: Server, message: string | undefined): boolean {
  if (server.phase === "deleting" || server.phase === "soft_deleting" || server.vmState === "soft-delete" || server.vmState === "deleted") {
    throw conflictingRequest(`Server ${server.id} is being deleted (vm_state ${server.vmState}, task_state ${server.taskState ?? "none"}): it cannot fail.`);
  }
  if (server.vmState === "error" && server.taskState === null && server.phase === null) return false;
  dropUnderWay(s, ctx, server);
  const where = server.host === null ? "" : ` on host ${server.host}`;
  failServer(s, ctx, server, serverErrorFault(ctx.now, message ?? `Instance ${server.id} failed${where}.`));
  return true;
}

/** A boot log in the style of a cirros guest, so tools that grep the console (login prompts) find one. */
function bootLog(server: Server): string[] {
  return [
    "[    0.000000] Linux version 5.15.0-71-generic (buildd@lcy02-amd64-044) (gcc 11.3.0) #78-Ubuntu SMP",
    "[    0.000000] Command line: BOOT_IMAGE=/vmlinuz root=LABEL=cirros-rootfs ro console=tty1 console=ttyS0",
    "[    0.412345] Run /init as init process",
    "Starting network: udhcpc: started, v1.36.1",
    "udhcpc: lease obtained, lease time 86400",
    "checking http://169.254.169.254/2009-04-04/instance-id",
    `successful after 1/20 tries: up 3.21. iid=${server.id}`,
    `=== system information ===`,
    `Platform: OpenStack Foundation OpenStack Nova`,
    `instance name: instance-${server.instanceNumber.toString(16).padStart(8, "0")}`,
    "=== sshd host keys ===",
    "-----BEGIN SSH HOST KEY KEYS-----",
    "-----END SSH HOST KEY KEYS-----",
    "",
    "  ____               ____  ____",
    " / __/ __ ____ ____ / __ \\/ __/",
    "/ /__ / // __// __// /_/ /\\ \\ ",
    "\\___//_//_/  /_/   \\____/___/ ",
    "   http://cirros-cloud.net",
    "",
    `login as 'cirros' user. default password: 'gocubsgo'. use 'sudo' for root.`,
    `${server.name} login: `,
  ];
}

/** The last `length` lines of the console (all of them for none or -1); 409 before the server has a host. */
export function consoleOutput(server: Server, length: number | null | undefined): string {
  if (server.host === null || server.vmState === "building") throw conflictingRequest(`Instance ${server.id} is not ready`);
  const lines = bootLog(server);
  const tail = length === null || length === undefined || length < 0 ? lines : length === 0 ? [] : lines.slice(-length);
  return tail.join("\n");
}

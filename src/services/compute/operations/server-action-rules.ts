// What every server action checks first (nova/compute/api.py check_instance_lock, check_instance_host,
// check_instance_state) and how an action ends (at rest in a vm_state, its power state to match).

import { peek } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import type { ComputeState, Server } from "../state.js";
import { conflictingRequest, invalidState } from "../errors.js";
import { changeState, enterPhase, POWER, type ServerStepApplier, type StepContext } from "../lifecycle.js";
import { isUp } from "./hosts.js";
import { closeActionEvents } from "./server-instance-actions.js";
import { rareOf } from "../server-rare.js";

export interface StateRule {
  /** vm_states the action accepts */
  vm: readonly string[];
  /** task_states it accepts; Nova's default is only none */
  task?: ReadonlyArray<string | null>;
}

/**
 * Nova's check_instance_state: vm_state, then task_state, then that the server ever ran (must_have_launched),
 * each a 409 `Cannot '<action>' instance <id> while it is in <attr> <state>`.
 */
export function checkState(server: Server, action: string, rule: StateRule): void {
  if (!rule.vm.includes(server.vmState)) throw invalidState(action, server.id, "vm_state", server.vmState);
  const tasks = rule.task ?? [null];
  if (!tasks.includes(server.taskState)) throw invalidState(action, server.id, "task_state", server.taskState ?? "None");
  if (server.launchedAt === null) throw invalidState(action, server.id, "launched_at", "None");
}

/** Nova's check_instance_lock: a locked server refuses changes from anyone but an admin (409). */
export function assertUnlocked(server: Server, caller: Caller): void {
  if (rareOf(server).locked && !caller.isAdmin) throw conflictingRequest(`Instance ${server.id} is locked`);
}

/** Lock (non-admins get 409 on a locked server), then the state rule: the order of Nova's decorators. */
export function checkAction(server: Server, caller: Caller, action: string, rule: StateRule): void {
  assertUnlocked(server, caller);
  checkState(server, action, rule);
}

/** Nova's check_instance_host: a server never placed on a host is "not ready" (409). */
export function checkHost(server: Server): void {
  if (server.host === null) throw conflictingRequest(`Instance ${server.id} is not ready`);
}

/**
 * check_instance_host(check_is_up=True) (resize): the server's compute service must answer, else 409
 * `Service is unavailable at this time.` (Nova does not name the host to end users).
 */
export function checkHostUp(s: ComputeState, server: Server): void {
  checkHost(server);
  if (hostDown(s, server)) throw conflictingRequest("Service is unavailable at this time.");
}

function hostDown(s: ComputeState, server: Server): boolean {
  const host = server.host === null ? undefined : peek(s.hosts, server.host);
  return host !== undefined && !isUp(host);
}

/**
 * A step the server's own compute host carries out: while that host is down the request sits unanswered
 * (Nova's cast to a dead nova-compute), so the phase is entered again and the step retried after its time.
 */
export function onItsHost(applier: ServerStepApplier): ServerStepApplier {
  return (s, ctx, server, from) => (hostDown(s, server) ? enterPhase(ctx, server, from) : applier(s, ctx, server, from));
}

/** The power state a server at rest in this vm_state has. */
export function powerOf(vmState: string): number {
  switch (vmState) {
    case "active":
      return POWER.RUNNING;
    case "paused":
      return POWER.PAUSED;
    case "suspended":
      return POWER.SUSPENDED;
    case "stopped":
      return POWER.SHUTDOWN;
    default:
      return POWER.NOSTATE;
  }
}

/** Starts a lifecycle phase: the task_state the API shows, and the step the kernel plans after the commit. */
export function begin(ctx: StepContext, server: Server, phase: string, taskState: string): void {
  changeState(ctx, server, { taskState });
  enterPhase(ctx, server, phase);
}

/** Ends a phase at rest in `vmState`, task_state none, with the matching power state. */
export function settle(ctx: StepContext, server: Server, vmState: string, powerState = powerOf(vmState), result: "Success" | "Error" = "Success"): void {
  enterPhase(ctx, server, null);
  changeState(ctx, server, { vmState, taskState: null, powerState });
  closeActionEvents(ctx, server, result);
}

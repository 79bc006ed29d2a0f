// Power actions (nova/compute/api.py reboot, stop, start, pause, unpause, suspend, resume):
// each checks the lock and the state, shows its task_state, and after one step rests in its vm_state.

import type { OperationContext } from "../../../kernel/operation.js";
import type { Server } from "../state.js";
import type { ServerStepApplier, ServerStepDef } from "../lifecycle.js";
import { assertUnlocked, begin, checkAction, checkHost, checkState, onItsHost, settle, type StateRule } from "./server-action-rules.js";

/** vm_states.ALLOW_SOFT_REBOOT and ALLOW_HARD_REBOOT. */
const SOFT_REBOOT_STATES = ["active"];
const HARD_REBOOT_STATES = ["active", "stopped", "paused", "suspended", "error"];
/** task_states.ALLOW_REBOOT: a hard reboot may interrupt these (and a soft reboot under way). */
const HARD_REBOOT_TASKS = [null, "rebooting", "reboot_pending", "reboot_started", "rebooting_hard", "resuming", "unpausing", "pausing", "suspending"];

export function reboot(ctx: OperationContext, server: Server, type: "SOFT" | "HARD"): void {
  const rule: StateRule = type === "SOFT" ? { vm: SOFT_REBOOT_STATES } : { vm: HARD_REBOOT_STATES, task: HARD_REBOOT_TASKS };
  checkAction(server, ctx.caller, "reboot", rule);
  const phase = type === "SOFT" ? "rebooting" : "rebooting_hard";
  begin(ctx, server, phase, phase);
}

/** A simple power action: its Nova method name (for the 409), states it accepts, its phase and where it rests. */
interface PowerAction {
  method: string;
  from: string[];
  phase: string;
  rest: string;
  /** Nova's check_instance_host (stop and start) */
  needsHost?: boolean;
}

export const POWER_ACTIONS = {
  "os-stop": { method: "stop", from: ["active", "error"], phase: "powering-off", rest: "stopped", needsHost: true },
  "os-start": { method: "start", from: ["stopped"], phase: "powering-on", rest: "active", needsHost: true },
  pause: { method: "pause", from: ["active"], phase: "pausing", rest: "paused" },
  unpause: { method: "unpause", from: ["paused"], phase: "unpausing", rest: "active" },
  suspend: { method: "suspend", from: ["active"], phase: "suspending", rest: "suspended" },
  resume: { method: "resume", from: ["suspended"], phase: "resuming", rest: "active" },
} satisfies Record<string, PowerAction>;

export type PowerActionKey = keyof typeof POWER_ACTIONS;

export function powerAction(ctx: OperationContext, server: Server, key: PowerActionKey): void {
  const action: PowerAction = POWER_ACTIONS[key];
  // Nova's decorators, outermost first: lock, host, state
  assertUnlocked(server, ctx.caller);
  if (action.needsHost) checkHost(server);
  checkState(server, action.method, { vm: action.from });
  begin(ctx, server, action.phase, action.phase);
}

const rest = (vmState: string): ServerStepApplier => (_s, ctx, server) => settle(ctx, server, vmState);

/** One step out of each power phase, after actionMs. */
export const POWER_STEPS: ServerStepDef[] = [
  { from: "rebooting", to: "active", after: (o) => o.actionMs },
  { from: "rebooting_hard", to: "active", after: (o) => o.actionMs },
  ...Object.values(POWER_ACTIONS).map((a): ServerStepDef => ({ from: a.phase, to: a.rest, after: (o) => o.actionMs })),
];

export const POWER_STEP_APPLIERS: Record<string, ServerStepApplier> = Object.fromEntries(
  POWER_STEPS.map((d) => [`${d.from}>${d.to}`, onItsHost(rest(d.to))]),
);

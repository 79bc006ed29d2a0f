// The mechanics every server state change shares: entering a lifecycle phase (planned on the virtual clock
// after the commit) and changing vm_state/task_state/power_state (with a `compute.server.state_changed`
// event when the API status moves); and the shape of a lifecycle step. transitions.ts declares the steps.

import type { Caller, OperationContext } from "../../kernel/operation.js";
import type { ComputeOptions } from "./options.js";
import type { ComputeState, Server } from "./state.js";
import { apiStatus } from "./status.js";

export const SERVER = "compute.server";

/**
 * What a lifecycle step runs with, and what the functions it shares with API operations take: no API
 * caller asked for the step, so they must not read one.
 */
export type StepContext = OperationContext<Caller | null>;

export interface ServerStepDef {
  /** the phase a server is in (Server.phase) */
  from: string;
  /** where the step leads: a key of SERVER_STEP_APPLIERS, `<from>><to>` or `*><to>` */
  to: string;
  /** how long after entering `from` the step runs, from the compute options */
  after: (options: ComputeOptions) => number;
}

/**
 * What a step does, inside the store update that applies it. `server` is the draft, still in phase `from`;
 * the step sets the next phase itself (enterPhase(ctx, server, null) at rest).
 */
export type ServerStepApplier = (s: ComputeState, ctx: StepContext, server: Server, from: string) => void;

/**
 * Puts the server in a lifecycle phase (null: at rest, no step pending). After the commit the kernel plans
 * the phase's declared next step (transitions.ts), honouring /_emulator/transitions overrides.
 */
export function enterPhase(ctx: Pick<StepContext, "enter">, server: Server, phase: string | null): void {
  server.phase = phase;
  ctx.enter(SERVER, server.id, phase);
}

export interface StatePatch {
  vmState?: string;
  taskState?: string | null;
  powerState?: number;
}

/** Sets the server's states and update time; publishes `compute.server.state_changed` when the status moves. */
export function changeState(ctx: Pick<StepContext, "now" | "tx">, server: Server, patch: StatePatch): void {
  const before = apiStatus(server);
  if (patch.vmState !== undefined) server.vmState = patch.vmState;
  if (patch.taskState !== undefined) server.taskState = patch.taskState;
  if (patch.powerState !== undefined) server.powerState = patch.powerState;
  server.updatedAt = ctx.now;
  const after = apiStatus(server);
  if (after !== before) {
    ctx.tx.emit("compute.server.state_changed", {
      id: server.id,
      projectId: server.projectId,
      from: before,
      to: after,
      vmState: server.vmState,
      taskState: server.taskState,
      host: server.host,
    });
  }
}

/** Power states (nova/compute/power_state.py). */
export const POWER = { NOSTATE: 0, RUNNING: 1, PAUSED: 3, SHUTDOWN: 4, CRASHED: 6, SUSPENDED: 7 } as const;

// The mechanics every server state change shares: entering a lifecycle phase (planned on the virtual clock
// after the commit) and changing vm_state/task_state/power_state (with a `compute.server.state_changed`
// event when the API status moves). Operations of any compute file use these; transitions.ts declares the steps.

import type { Kernel } from "../../kernel/kernel.js";
import type { OpContext } from "./routes/deps.js";
import type { Server } from "./state.js";
import { apiStatus } from "./status.js";

export const SERVER = "compute.server";

// The kernel of the emulator a write runs in, found by its id stream (ctx.ids is the kernel's), so that
// operations can schedule lifecycle steps without being handed the kernel.
const kernels = new WeakMap<object, Kernel>();

/** Called once from the compute module's start(kernel). */
export function bindLifecycle(kernel: Kernel): void {
  kernels.set(kernel.ids, kernel);
}

/**
 * Puts the server in a lifecycle phase (null: at rest, no step pending). After the commit the kernel plans
 * the phase's declared next step (transitions.ts), honouring /_emulator/transitions overrides.
 */
export function enterPhase(ctx: Pick<OpContext, "ids" | "tx">, server: Server, phase: string | null): void {
  server.phase = phase;
  const kernel = kernels.get(ctx.ids);
  if (!kernel) return;
  const id = server.id;
  ctx.tx.afterCommit(() => {
    if (phase === null) kernel.transitions.forget(SERVER, id);
    else kernel.transitions.enter(SERVER, id, phase);
  });
}

export interface StatePatch {
  vmState?: string;
  taskState?: string | null;
  powerState?: number;
}

/** Sets the server's states and update time; publishes `compute.server.state_changed` when the status moves. */
export function changeState(ctx: Pick<OpContext, "now" | "tx">, server: Server, patch: StatePatch): void {
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

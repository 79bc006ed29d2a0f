// The server lifecycle (type `compute.server`) as data: which phase leads to which, after how long, and
// what each step does. Action steps (reboot, stop, start, resize, snapshot) are appended to both tables.
// Overrides through /_emulator/transitions apply per type, phase or server (stick, redirect, ...); fault
// rules fail the steps a host carries out (compute.server.build, compute.server.reboot, ...).

import { get, peek } from "../../kernel/store/table.js";
import type { Kernel } from "../../kernel/kernel.js";
import { runOperation } from "../../kernel/operation.js";
import type { TransitionDef } from "../../kernel/transitions.js";
import type { ComputeOptions } from "./options.js";
import { sliceOf, SLICE } from "./state.js";
import type { ComputeState, Server, ServerFault } from "./state.js";
import { SERVER, type ServerStepApplier, type ServerStepDef, type StepContext } from "./lifecycle.js";
import { buildFailedFault, failBuild, failServer, finishBuild, finishDelete, serverErrorFault } from "./operations/server-lifecycle.js";
import { failEvacuation } from "./operations/server-evacuate.js";
import { isUp } from "./operations/hosts.js";
import { ACTION_STEPS, ACTION_STEP_APPLIERS } from "./operations/server-action-steps.js";
import { rareOf } from "./server-rare.js";

/** The declared steps. Append new phases here; one step out of each phase. */
export const SERVER_STEPS: ServerStepDef[] = [
  { from: "building", to: "active", after: (o) => o.buildMs },
  { from: "deleting", to: "deleted", after: (o) => o.actionMs },
  ...ACTION_STEPS,
];

/**
 * Step appliers by `<from>><to>` (exact) or `*><to>` (any phase), the exact one first. A redirect override
 * may send a phase anywhere: `*>error` and `*>deleted` cover every phase; a target with no applier sends
 * the server to ERROR with a fault that says so.
 */
export const SERVER_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "building>active": (s, ctx, server) => finishBuild(s, ctx, server),
  "building>error": (s, ctx, server) => failBuild(s, ctx, server, buildFailedFault(server, ctx.now)),
  "*>error": (s, ctx, server, from) => failServer(s, ctx, server, serverErrorFault(ctx.now, `Instance ${server.id} went to ERROR while ${from}.`)),
  "*>deleted": (s, ctx, server) => finishDelete(s, ctx, server),
  ...ACTION_STEP_APPLIERS,
};

/** The definitions the kernel plans, with this emulator's timings. */
export function serverTransitionDefs(options: ComputeOptions): TransitionDef[] {
  // a negative time is "never" (shelved_offload_time -1): the phase has no step out
  return SERVER_STEPS.filter((d) => d.after(options) >= 0).map((d) => ({ type: SERVER, from: d.from, to: d.to, afterMs: d.after(options) }));
}

/** The operation name a fault rule names to make builds fail: `{"operation": "compute.server.build", ...}`. */
export const BUILD_OPERATION = "compute.server.build";

/**
 * A fault rule whose `operation` covers compute.server.build (and whose other conditions match the server:
 * project id, resource name) fails the build at its BUILD -> ACTIVE step: an `error` effect becomes the
 * server's fault (its status as the code). Rules that do not name the operation, or that name a method or
 * path, never touch builds.
 */
function injectedBuildFault(kernel: Kernel, server: Server, now: number): ServerFault | undefined {
  const fault = kernel.faults.stepFault({ service: SLICE, operation: BUILD_OPERATION, project: { id: server.projectId }, resourceName: server.name });
  return fault?.kind === "fail" ? { ...buildFailedFault(server, now, fault.message), code: fault.status } : undefined;
}

function applierFor(from: string, to: string): ServerStepApplier {
  return (
    SERVER_STEP_APPLIERS[`${from}>${to}`] ??
    SERVER_STEP_APPLIERS[`*>${to}`] ??
    ((s, ctx, server) => {
      const fault = { code: 500, message: `Instance ${server.id} has no lifecycle step from ${from} to ${to}.`, created: ctx.now };
      if (from === "building") failBuild(s, ctx, server, fault);
      else failServer(s, ctx, server, fault);
    })
  );
}

/**
 * The steps a compute host carries out that fault rules may fail, by phase: the operation a rule names
 * (`compute.server.reboot`, Nova's action names) and what the failure does. A failed step leaves the
 * server in ERROR with the rule's status and message as its fault (compute.instance.error on a host that
 * is up); a failed evacuation stays on its source host.
 */
const STEP_FAULTS: Record<string, { operation: string; fail?: typeof failEvacuation }> = {
  rebooting: { operation: "compute.server.reboot" },
  rebooting_hard: { operation: "compute.server.reboot" },
  "powering-off": { operation: "compute.server.stop" },
  "powering-on": { operation: "compute.server.start" },
  pausing: { operation: "compute.server.pause" },
  unpausing: { operation: "compute.server.unpause" },
  suspending: { operation: "compute.server.suspend" },
  resuming: { operation: "compute.server.resume" },
  rebuilding: { operation: "compute.server.rebuild" },
  evacuating: { operation: "compute.server.evacuate", fail: failEvacuation },
};

/** Every operation a fault rule may name for work no request carries (GET /_emulator/faults/operations). */
export const STEP_OPERATIONS = [BUILD_OPERATION, ...new Set(Object.values(STEP_FAULTS).map((f) => f.operation))];

/**
 * A fault rule on the step's operation (matching the server's project and name) fails it, when the host
 * that carries the step out is up: a step on a host that is down waits for it (onItsHost) and an
 * evacuation with no destination ends in NoValidHost, whatever the rules say. Returns whether it failed.
 */
function injectedStepFailure(kernel: Kernel, s: ComputeState, ctx: StepContext, server: Server, from: string): boolean {
  const step = STEP_FAULTS[from];
  if (!step) return false;
  const hostName = from === "evacuating" ? rareOf(server).migration?.destHost : server.host;
  const host = hostName ? peek(s.hosts, hostName) : undefined;
  if (!host || !isUp(host)) return false;
  const fault = kernel.faults.stepFault({ service: SLICE, operation: step.operation, project: { id: server.projectId }, resourceName: server.name });
  if (fault?.kind !== "fail") return false;
  (step.fail ?? failServer)(s, ctx, server, serverErrorFault(ctx.now, fault.message ?? `Instance ${server.id} failed while ${from}.`, fault.status));
  return true;
}

/** Registers the lifecycle with the kernel: one applier for the type, running each step as one operation. */
export function startServerLifecycle(kernel: Kernel, options: ComputeOptions): void {
  kernel.transitions.register(serverTransitionDefs(options), (id, from, to) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const server = get(s.servers, id);
      if (!server || server.phase !== from) return false;
      const injected = from === "building" && to === "active" ? injectedBuildFault(kernel, server, ctx.now) : undefined;
      if (injected) failBuild(s, ctx, server, injected);
      else if (!injectedStepFailure(kernel, s, ctx, server, from)) applierFor(from, to)(s, ctx, server, from);
      return true;
    }),
  );
}

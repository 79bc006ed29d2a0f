// The server lifecycle (type `compute.server`) as data: which phase leads to which, after how long, and
// what each step does. Action steps (reboot, stop, start, resize, snapshot) are appended to both tables.
// Overrides through /_emulator/transitions apply per type, phase or server (stick, redirect, ...).

import { get } from "../../kernel/store/table.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { TransitionDef } from "../../kernel/transitions.js";
import { globToRegExp } from "../../kernel/faults.js";
import type { ComputeOptions } from "./options.js";
import { sliceOf, type OpContext } from "./routes/deps.js";
import type { ComputeState, Server, ServerFault } from "./state.js";
import { bindLifecycle, SERVER } from "./lifecycle.js";
import { buildFailedFault, failBuild, failServer, finishBuild, finishDelete } from "./operations/server-lifecycle.js";
import { ACTION_STEPS, ACTION_STEP_APPLIERS } from "./operations/server-action-steps.js";

export { SERVER, enterPhase, changeState } from "./lifecycle.js";

export interface ServerStepDef {
  /** the phase a server is in (Server.phase) */
  from: string;
  /** where the step leads: a key of SERVER_STEP_APPLIERS, `<from>><to>` or `*><to>` */
  to: string;
  /** how long after entering `from` the step runs, from the compute options */
  after: (options: ComputeOptions) => number;
}

/** The declared steps. Append new phases here; one step out of each phase. */
export const SERVER_STEPS: ServerStepDef[] = [
  { from: "building", to: "active", after: (o) => o.buildMs },
  { from: "deleting", to: "deleted", after: (o) => o.actionMs },
  ...ACTION_STEPS,
];

/**
 * What a step does, inside the store update that applies it. `server` is the draft, still in phase `from`;
 * the step sets the next phase itself (enterPhase(ctx, server, null) at rest).
 */
export type ServerStepApplier = (s: ComputeState, ctx: OpContext, server: Server, from: string) => void;

/**
 * Step appliers by `<from>><to>` (exact) or `*><to>` (any phase), the exact one first. A redirect override
 * may send a phase anywhere: `*>error` and `*>deleted` cover every phase; a target with no applier sends
 * the server to ERROR with a fault that says so.
 */
export const SERVER_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "building>active": (s, ctx, server) => finishBuild(s, ctx, server),
  "building>error": (s, ctx, server) => failBuild(s, ctx, server, buildFailedFault(server, ctx.now)),
  "*>error": (_s, ctx, server, from) => failServer(ctx, server, { code: 500, message: `Instance ${server.id} went to ERROR while ${from}.`, created: ctx.now }),
  "*>deleted": (s, ctx, server) => finishDelete(s, ctx, server),
  ...ACTION_STEP_APPLIERS,
};

/** The definitions the kernel plans, with this emulator's timings. */
export function serverTransitionDefs(options: ComputeOptions): TransitionDef[] {
  return SERVER_STEPS.map((d) => ({ type: SERVER, from: d.from, to: d.to, afterMs: d.after(options) }));
}

/** The operation name a fault rule names to make builds fail: `{"operation": "compute.server.build", ...}`. */
export const BUILD_OPERATION = "compute.server.build";

/**
 * A fault rule whose `operation` covers compute.server.build (and whose other conditions match the server:
 * project id, resource name) fails the build at its BUILD -> ACTIVE step: an `error` effect becomes the
 * server's fault (its status as the code). Rules that do not name an operation never touch builds.
 */
function injectedBuildFault(kernel: Kernel, server: Server, now: number): ServerFault | undefined {
  if (!kernel.faults.active) return undefined;
  const named = kernel.faults.list().some((r) => r.operation !== undefined && globToRegExp(r.operation, true).test(BUILD_OPERATION));
  if (!named) return undefined;
  const hit = kernel.faults.match({
    service: "compute",
    method: "POST",
    path: "/v2.1/servers",
    fullPath: "/compute/v2.1/servers",
    operation: BUILD_OPERATION,
    project: () => ({ id: server.projectId }),
    resourceName: () => server.name,
  });
  if (!hit || (hit.effect.type !== "error" && hit.effect.type !== "false-negative")) return undefined;
  const effect = hit.effect;
  return { ...buildFailedFault(server, now, effect.message), code: effect.status };
}

function applierFor(from: string, to: string): ServerStepApplier {
  return (
    SERVER_STEP_APPLIERS[`${from}>${to}`] ??
    SERVER_STEP_APPLIERS[`*>${to}`] ??
    ((s, ctx, server) => {
      const fault = { code: 500, message: `Instance ${server.id} has no lifecycle step from ${from} to ${to}.`, created: ctx.now };
      if (from === "building") failBuild(s, ctx, server, fault);
      else failServer(ctx, server, fault);
    })
  );
}

/** Registers the lifecycle with the kernel: one applier for the type, running each step as one update. */
export function startServerLifecycle(kernel: Kernel, options: ComputeOptions): void {
  bindLifecycle(kernel);
  kernel.transitions.register(serverTransitionDefs(options), (id, from, to) =>
    kernel.store.update((draft, tx) => {
      const s = sliceOf(draft);
      const server = get(s.servers, id);
      if (!server || server.phase !== from) return false;
      const ctx: OpContext = {
        caller: { projectId: server.projectId, userId: server.userId, isAdmin: true },
        now: kernel.clock.now(),
        ids: kernel.ids,
        tx,
        root: draft,
        options,
      };
      const injected = from === "building" && to === "active" ? injectedBuildFault(kernel, server, ctx.now) : undefined;
      if (injected) failBuild(s, ctx, server, injected);
      else applierFor(from, to)(s, ctx, server, from);
      return true;
    }),
  );
}

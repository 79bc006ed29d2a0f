// The one context every service operation runs with: who asks, the virtual time, the id stream, and the
// store update it runs in. What an operation asks for besides its writes (events, a lifecycle phase)
// takes effect only once the update commits, so a refused operation leaves no trace anywhere.

import type { Draft } from "immer";
import { isAdmin, type Principal } from "./auth/principal.js";
import type { Ids } from "./ids.js";
import type { Kernel } from "./kernel.js";
import type { RootState, Tx } from "./store/store.js";

/** Who asks, as the services' policies need it. */
export interface Caller {
  /** the token's project; "" for an admin token scoped to a domain or the system */
  projectId: string;
  userId: string;
  isAdmin: boolean;
}

/**
 * What an operation gets besides its own slice. `caller` is null for work no API caller asked for (a
 * lifecycle step, a recovery, an event delivery): an operation that may run either way takes
 * `OperationContext<Caller | null>`, and one an API caller asks for takes `OperationContext`.
 */
export interface OperationContext<C extends Caller | null = Caller> {
  caller: C;
  /** the virtual time, read once: the whole operation sees one instant */
  now: number;
  ids: Ids;
  /** the update's transaction: `emit` publishes an event after the commit, `afterCommit` runs a callback then */
  tx: Tx;
  /** the whole root draft: another service's slice is only touched through the functions it exports */
  root: Draft<RootState>;
  /** Puts a resource in a lifecycle phase: after the commit the kernel plans the phase's declared next step
   * (null: at rest, any pending step forgotten). */
  enter(type: string, id: string, phase: string | null): void;
}

/** One atomic store update running `recipe`: it commits whole or, if it throws, not at all. */
export function runOperation<C extends Caller | null, R>(kernel: Kernel, caller: C, recipe: (ctx: OperationContext<C>) => R): R {
  return kernel.store.update((root, tx) => recipe(operationContext(kernel, caller, root, tx)));
}

/** The context of an update already under way (a per-project reset, a control API change). */
export function operationContext<C extends Caller | null>(kernel: Kernel, caller: C, root: Draft<RootState>, tx: Tx): OperationContext<C> {
  return {
    caller,
    now: kernel.clock.now(),
    ids: kernel.ids,
    tx,
    root,
    enter: (type, id, phase) =>
      tx.afterCommit(() => (phase === null ? kernel.transitions.forget(type, id) : kernel.transitions.enter(type, id, phase))),
  };
}

/**
 * The caller a token makes, or undefined for one that is neither project-scoped nor an admin's: services
 * that work on projects refuse it, each in its own envelope.
 */
export function callerOf(principal: Principal): Caller | undefined {
  const admin = isAdmin(principal);
  if (!principal.projectId && !admin) return undefined;
  return { projectId: principal.projectId ?? "", userId: principal.userId, isAdmin: admin };
}

/** System work acting inside one project (a seed, a tenant the control API makes): an admin that is no user. */
export function systemCaller(projectId: string): Caller {
  return { projectId, userId: "", isAdmin: true };
}

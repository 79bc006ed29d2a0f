// What the compute route tables share: the kernel, typed access to the slice (and, read-only, the whole
// root for selectors of other services), who is calling, and the one-update write helper.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import type { Tx } from "../../../kernel/store/store.js";
import { principalOf, type Ctx } from "../../../kernel/http/context.js";
import { isAdmin } from "../../../kernel/auth/principal.js";
import type { ComputeState } from "../state.js";
import { forbidden } from "../errors.js";
import type { ComputeOptions } from "../options.js";

export const SLICE = "compute";

export interface Caller {
  projectId: string;
  userId: string;
  isAdmin: boolean;
}

/** What an operation gets besides the slice. `root` is the whole draft: other services' slices are only
 * touched through the functions their index.ts exports. */
export interface OpContext {
  caller: Caller;
  now: number;
  ids: Kernel["ids"];
  tx: Tx;
  root: Draft<Record<string, unknown>>;
  options: ComputeOptions;
}

export interface ComputeDeps {
  kernel: Kernel;
  options: ComputeOptions;
  state(): ComputeState;
  root(): Readonly<Record<string, unknown>>;
  caller(c: Ctx): Caller;
  write<R>(c: Ctx, op: (s: ComputeState, ctx: OpContext) => R): R;
}

export function sliceOf(root: Draft<Record<string, unknown>>): ComputeState {
  return root[SLICE] as ComputeState;
}

export function computeDeps(kernel: Kernel, options: ComputeOptions): ComputeDeps {
  const caller = (c: Ctx): Caller => {
    const p = principalOf(c);
    if (!p.projectId && !isAdmin(p)) throw forbidden("A project-scoped token is required.");
    return { projectId: p.projectId ?? "", userId: p.userId, isAdmin: isAdmin(p) };
  };
  return {
    kernel,
    options,
    state: () => kernel.slice<ComputeState>(SLICE),
    root: () => kernel.store.state,
    caller,
    write(c, op) {
      const who = caller(c);
      return kernel.store.update((draft, tx) =>
        op(sliceOf(draft), { caller: who, now: kernel.clock.now(), ids: kernel.ids, tx, root: draft, options }),
      );
    },
  };
}

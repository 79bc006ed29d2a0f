// What the compute route tables share: the kernel, typed access to the slice (and, read-only, the whole
// root for selectors of other services), who is calling, and the write that runs one operation.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import { tokenCaller, type Ctx } from "../../../kernel/http/context.js";
import { runOperation, type Caller, type OperationContext } from "../../../kernel/operation.js";
import type { ComputeState } from "../state.js";
import { forbidden } from "../errors.js";

export const SLICE = "compute";

export interface ComputeDeps {
  kernel: Kernel;
  state(): ComputeState;
  root(): Readonly<Record<string, unknown>>;
  caller(c: Ctx): Caller;
  /** runs one operation as the request's caller, in one store update */
  write<R>(c: Ctx, op: (s: ComputeState, ctx: OperationContext) => R): R;
}

export function sliceOf(root: Draft<Record<string, unknown>>): ComputeState {
  return root[SLICE] as ComputeState;
}

export function computeDeps(kernel: Kernel): ComputeDeps {
  const caller = (c: Ctx): Caller => tokenCaller(c, () => forbidden("A project-scoped token is required."));
  return {
    kernel,
    state: () => kernel.slice<ComputeState>(SLICE),
    root: () => kernel.store.state,
    caller,
    write: (c, op) => runOperation(kernel, caller(c), (ctx) => op(sliceOf(ctx.root), ctx)),
  };
}

// What the block storage route tables share: the kernel, typed access to the slice (and, read-only, the
// whole root for other services' contracts), who is calling, and the write that runs one operation.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import { tokenCaller, type Ctx } from "../../../kernel/http/context.js";
import { runOperation, type Caller } from "../../../kernel/operation.js";
import type { RequestContext } from "../lifecycle.js";
import { SLICE, sliceOf, type  BlockStorageState } from "../state.js";
import { forbidden } from "../errors.js";
import type { BlockStorageOptions } from "../options.js";

export interface BlockStorageDeps {
  kernel: Kernel;
  options: BlockStorageOptions;
  state(): BlockStorageState;
  root(): Readonly<Record<string, unknown>>;
  caller(c: Ctx): Caller;
  /** runs one operation as the request's caller, in one store update */
  write<R>(c: Ctx, op: (s: BlockStorageState, ctx: RequestContext) => R): R;
}

export function blockStorageDeps(kernel: Kernel, options: BlockStorageOptions): BlockStorageDeps {
  const caller = (c: Ctx): Caller => tokenCaller(c, () => forbidden("A project-scoped token is required."));
  return {
    kernel,
    options,
    state: () => kernel.slice<BlockStorageState>(SLICE),
    root: () => kernel.store.state,
    caller,
    write: (c, op) => runOperation(kernel, caller(c), (ctx) => op(sliceOf(ctx.root), { ...ctx, requestId: c.get("requestId") })),
  };
}

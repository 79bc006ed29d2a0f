// What the image route tables share: the kernel, the slice, who is calling, and the write that runs one
// operation (one store update) as that caller.

import type { Kernel } from "../../../kernel/kernel.js";
import { tokenCaller, type Ctx } from "../../../kernel/http/context.js";
import { runOperation, type Caller, type OperationContext } from "../../../kernel/operation.js";
import { forbidden } from "../errors.js";
import { imageSliceOf, SLICE, type ImageState } from "../state.js";

export interface ImageDeps {
  kernel: Kernel;
  state(): ImageState;
  caller(c: Ctx): Caller;
  write<R>(c: Ctx, op: (s: ImageState, ctx: OperationContext) => R): R;
}

export function imageDeps(kernel: Kernel): ImageDeps {
  const caller = (c: Ctx): Caller => tokenCaller(c, () => forbidden("A project-scoped token is required."));
  return {
    kernel,
    state: () => kernel.slice<ImageState>(SLICE),
    caller,
    write: (c, op) => runOperation(kernel, caller(c), (ctx) => op(imageSliceOf(ctx.root), ctx)),
  };
}

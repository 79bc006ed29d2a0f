// What the compute route tables share: the kernel, typed access to the slice (and, read-only, the whole
// root for selectors of other services), who is calling, and the write that runs one operation.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import { tokenCaller, type Ctx } from "../../../kernel/http/context.js";
import { runOperation, type Caller, type OperationContext } from "../../../kernel/operation.js";
import { SLICE, sliceOf, type  ComputeState } from "../state.js";
import { forbidden } from "../errors.js";
import { ApiError } from "../../../kernel/errors.js";
import type { ComputeProfile } from "../options.js";

export interface ComputeDeps {
  kernel: Kernel;
  /** which shapes to render where the platform spec and Nova differ */
  profile: ComputeProfile;
  /** Nova's reclaim_instance_interval: above 0, DELETE soft-deletes */
  reclaimInstanceMs: number;
  state(): ComputeState;
  root(): Readonly<Record<string, unknown>>;
  caller(c: Ctx): Caller;
  /** runs one operation as the request's caller, in one store update */
  write<R>(c: Ctx, op: (s: ComputeState, ctx: OperationContext) => R): R;
}

export function computeDeps(kernel: Kernel, options: { profile?: ComputeProfile; reclaimInstanceMs?: number } = {}): ComputeDeps {
  const profile = options.profile ?? "spec";
  const caller = (c: Ctx): Caller => tokenCaller(c, () => forbidden("A project-scoped token is required."));
  return {
    kernel,
    profile,
    reclaimInstanceMs: options.reclaimInstanceMs ?? 0,
    state: () => kernel.slice<ComputeState>(SLICE),
    root: () => kernel.store.state,
    caller,
    write: (c, op) => {
      if (profile === "spec") return runOperation(kernel, caller(c), (ctx) => op(sliceOf(ctx.root), ctx));
      try {
        return runOperation(kernel, caller(c), (ctx) => op(sliceOf(ctx.root), ctx));
      } catch (error) {
        // the spec answers an exceeded quota 413 entityTooLarge; Nova's v2.1 answers OverQuota with 403
        if (error instanceof ApiError && error.code === "entityTooLarge") throw forbidden(error.message);
        throw error;
      }
    },
  };
}

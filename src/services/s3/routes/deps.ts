// What the S3 route tables share: the kernel, the storage (object storage's containers and objects),
// the caller's project, and the write that runs one operation in one store update.

import type { Kernel } from "../../../kernel/kernel.js";
import { principalOf, type Ctx } from "../../../kernel/http/context.js";
import { callerOf, runOperation, type OperationContext } from "../../../kernel/operation.js";
import { accessDenied } from "../errors.js";
import { SLICE, type S3State } from "../state.js";
import type { S3Storage } from "../storage.js";

export interface S3Deps {
  kernel: Kernel;
  storage: S3Storage;
  /** the committed root, for reads */
  root(): Readonly<Record<string, unknown>>;
  state(): S3State;
  /** the project the request's access key is bound to */
  project(c: Ctx): string;
  write<R>(c: Ctx, op: (s: S3State, ctx: OperationContext) => R): R;
}

export function s3Deps(kernel: Kernel, storage: S3Storage): S3Deps {
  return {
    kernel,
    storage,
    root: () => kernel.store.state as Readonly<Record<string, unknown>>,
    state: () => kernel.slice<S3State>(SLICE),
    project: (c) => {
      const projectId = principalOf(c).projectId;
      if (!projectId) throw accessDenied();
      return projectId;
    },
    write: (c, op) => {
      const caller = callerOf(principalOf(c));
      if (!caller) throw accessDenied();
      return runOperation(kernel, caller, (ctx) => op(ctx.root[SLICE] as S3State, ctx));
    },
  };
}

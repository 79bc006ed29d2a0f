// What the instance HA route tables share: the kernel, the options, typed access to the slice (and,
// read-only, the whole root for compute's contract), and the write that runs one operation as the caller.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import { tokenCaller, type Ctx } from "../../../kernel/http/context.js";
import { runOperation, type Caller, type OperationContext } from "../../../kernel/operation.js";
import { SLICE, sliceOf, type  InstanceHaState } from "../state.js";
import { forbidden } from "../errors.js";
import type { InstanceHaOptions } from "../options.js";
import type { Profile } from "../schemas/notifications.js";

export interface InstanceHaDeps {
  kernel: Kernel;
  options: InstanceHaOptions;
  /** `spec` (default) or `upstream`: the notification bodies, type names and payloads taken and shown */
  profile: Profile;
  state(): InstanceHaState;
  root(): Readonly<Record<string, unknown>>;
  /** runs one operation as the request's caller, in one store update */
  write<R>(c: Ctx, op: (s: InstanceHaState, ctx: OperationContext) => R): R;
}

export function instanceHaDeps(kernel: Kernel, options: InstanceHaOptions, profile: Profile = "spec"): InstanceHaDeps {
  const caller = (c: Ctx): Caller => tokenCaller(c, () => forbidden());
  return {
    kernel,
    options,
    profile,
    state: () => kernel.slice<InstanceHaState>(SLICE),
    root: () => kernel.store.state,
    write: (c, op) => runOperation(kernel, caller(c), (ctx) => op(sliceOf(ctx.root), ctx)),
  };
}

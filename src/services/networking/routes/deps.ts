// What the networking route tables share: the kernel, typed access to the slice, who is calling, and
// the write that runs one operation, which every mutating route uses.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import { tokenCaller, type Ctx } from "../../../kernel/http/context.js";
import { runOperation, type Caller, type OperationContext } from "../../../kernel/operation.js";
import { SLICE, sliceOf, type  NetworkingState } from "../state.js";
import { policyNotAuthorized } from "../errors.js";
import type { NetworkingProfile } from "../options.js";

export interface NetworkingDeps {
  kernel: Kernel;
  /** which values to take where the platform spec and Neutron differ (security group rules) */
  profile: NetworkingProfile;
  state(): NetworkingState;
  caller(c: Ctx): Caller;
  /** runs one operation as the request's caller, in one store update */
  write<R>(c: Ctx, op: (s: NetworkingState, ctx: OperationContext) => R): R;
}

export function networkingDeps(kernel: Kernel, profile: NetworkingProfile): NetworkingDeps {
  // Neutron works on project-scoped tokens; a system- or domain-scoped admin acts as the admin it is
  const caller = (c: Ctx): Caller => tokenCaller(c, () => policyNotAuthorized("A project-scoped token is required"));
  return {
    kernel,
    profile,
    state: () => kernel.slice<NetworkingState>(SLICE),
    caller,
    write: (c, op) => runOperation(kernel, caller(c), (ctx) => op(sliceOf(ctx.root), ctx)),
  };
}

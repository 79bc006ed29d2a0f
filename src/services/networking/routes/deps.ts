// What the networking route tables share: the kernel, typed access to the slice, who is calling, and
// the one-update write helper that every mutating route uses.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import type { Tx } from "../../../kernel/store/store.js";
import { principalOf, type Ctx } from "../../../kernel/http/context.js";
import { isAdmin } from "../../../kernel/auth/principal.js";
import type { NetworkingState } from "../state.js";
import { policyNotAuthorized } from "../errors.js";

export const SLICE = "networking";

/** Who is calling, as the operations need it. */
export interface Caller {
  projectId: string;
  isAdmin: boolean;
}

/** What an operation gets besides the slice: the caller, the time, the id generator, the transaction. */
export interface OpContext {
  caller: Caller;
  now: number;
  ids: Kernel["ids"];
  tx: Tx;
}

export interface NetworkingDeps {
  kernel: Kernel;
  state(): NetworkingState;
  caller(c: Ctx): Caller;
  /** runs one atomic store update with the operation context */
  write<R>(c: Ctx, op: (s: NetworkingState, ctx: OpContext) => R): R;
}

export function sliceOf(root: Draft<Record<string, unknown>>): NetworkingState {
  return root[SLICE] as NetworkingState;
}

export function networkingDeps(kernel: Kernel): NetworkingDeps {
  const caller = (c: Ctx): Caller => {
    const p = principalOf(c);
    // Neutron works on project-scoped tokens; a system- or domain-scoped admin acts as the admin it is
    if (!p.projectId && !isAdmin(p)) throw policyNotAuthorized("A project-scoped token is required");
    return { projectId: p.projectId ?? "", isAdmin: isAdmin(p) };
  };
  return {
    kernel,
    state: () => kernel.slice<NetworkingState>(SLICE),
    caller,
    write(c, op) {
      const who = caller(c);
      return kernel.store.update((draft, tx) => op(sliceOf(draft), { caller: who, now: kernel.clock.now(), ids: kernel.ids, tx }));
    },
  };
}

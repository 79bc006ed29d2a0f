// What the identity route tables share: the kernel, the module's options, typed access to the slice, the
// token caches, the OAuth nonces seen lately, and the write that runs one operation.

import type { Kernel } from "../../../kernel/kernel.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { callerOf, runOperation } from "../../../kernel/operation.js";
import { SLICE, type IdentityState } from "../state.js";
import type { IdentityContext } from "../operations/context.js";
import type { TokenContext } from "../operations/tokens.js";
import type { TokenCache } from "../token-cache.js";
import type { IdentityOptions } from "../options.js";
import { NonceWindow } from "../oauth1-nonces.js";

export interface IdentityDeps {
  kernel: Kernel;
  options: IdentityOptions;
  tokens: TokenCache;
  /** OAuth 1.0a nonces of signed requests within the timestamp window (a replay is refused) */
  nonces: NonceWindow;
  /** the committed slice, for reads and views */
  state(): IdentityState;
  /** runs one operation in one store update: all of it commits, or none */
  write<R>(c: Ctx, op: (s: IdentityState, ctx: IdentityContext) => R): R;
  tokenContext(ctx: IdentityContext): TokenContext;
}

export function identityDeps(kernel: Kernel, options: IdentityOptions, tokens: TokenCache): IdentityDeps {
  return {
    kernel,
    options,
    tokens,
    nonces: new NonceWindow(),
    state: () => kernel.slice<IdentityState>(SLICE),
    write: (c, op) => {
      const principal = c.get("principal");
      const caller = (principal && callerOf(principal)) ?? null;
      return runOperation(kernel, caller, (ctx) => op(ctx.root[SLICE] as IdentityState, ctx));
    },
    tokenContext: (ctx) => ({
      tx: ctx.tx,
      now: ctx.now,
      ids: ctx.ids,
      ttlMs: options.tokenTtlSeconds * 1000,
      defaultProjectScope: options.profile === "upstream",
    }),
  };
}

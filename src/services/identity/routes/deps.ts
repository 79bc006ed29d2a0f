// What the identity route tables share: the kernel, the module's options, and typed access to the slice.

import type { Draft } from "immer";
import type { Kernel } from "../../../kernel/kernel.js";
import type { CatalogService } from "../../../catalog.js";
import type { IdentityState } from "../state.js";
import type { TokenContext } from "../operations/tokens.js";

export interface IdentityOptions {
  catalog: CatalogService[];
  region: string;
  tokenTtlSeconds: number;
}

export interface IdentityDeps {
  kernel: Kernel;
  options: IdentityOptions;
  /** the committed slice, for reads and views */
  state(): IdentityState;
  /** the slice inside a store recipe */
  slice(root: Draft<Record<string, unknown>>): IdentityState;
  tokenContext(): TokenContext;
}

export const SLICE = "identity";

export function identityDeps(kernel: Kernel, options: IdentityOptions): IdentityDeps {
  return {
    kernel,
    options,
    state: () => kernel.slice<IdentityState>(SLICE),
    slice: (root) => root[SLICE] as IdentityState,
    tokenContext: () => ({ now: kernel.clock.now(), ids: kernel.ids, ttlMs: options.tokenTtlSeconds * 1000 }),
  };
}

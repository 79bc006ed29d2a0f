// What identity memoizes for the token paths every service hits: the principal a token resolves to, the
// token a validation asks about, and that token's rendered bodies. Each is kept per committed identity
// slice (kernel/memo.ts): any identity write, a revocation included, makes a new slice and drops them all.

import type { Principal } from "../../kernel/auth/principal.js";
import { SliceMemo } from "../../kernel/memo.js";
import type { IdentityState, Token } from "./state.js";
import { liveToken, principalOf } from "./operations/tokens.js";

/** A token body per address the clients used (and without the catalog when asked): a bounded handful. */
const MAX_VARIANTS = 16;

export class TokenCache {
  readonly #principals = new SliceMemo<IdentityState, Principal | null>();
  readonly #subjects = new SliceMemo<IdentityState, Token | null>(1000);
  readonly #bodies = new SliceMemo<IdentityState, Map<string, Buffer>>(1000);

  /** The principal of a valid token. Expiry is checked on each call: it is the one thing time changes. */
  principal(s: IdentityState, token: string, now: number): Principal | undefined {
    const principal = this.#principals.get(s, token, () => {
      const live = liveToken(s, token, now, true);
      return live ? principalOf(s, live) : null;
    });
    return principal && now < principal.expiresAt ? principal : undefined;
  }

  /** The unrevoked token a validation names, expired or not (the caller checks expiry). */
  subject(s: IdentityState, id: string, now: number): Token | undefined {
    return this.#subjects.get(s, id, () => liveToken(s, id, now, true) ?? null) ?? undefined;
  }

  /**
   * A token's rendered body for one variant, kept encoded: the socket then writes the bytes as they are
   * instead of encoding 6 KB of text per call.
   */
  body(s: IdentityState, token: Token, variant: string, render: () => string): Buffer {
    const variants = this.#bodies.get(s, token.id, () => new Map<string, Buffer>());
    let body = variants.get(variant);
    if (!body) {
      body = Buffer.from(render());
      if (variants.size >= MAX_VARIANTS) variants.clear(); // a client varying its Host header stays bounded
      variants.set(variant, body);
    }
    return body;
  }
}

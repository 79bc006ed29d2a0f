// Forgets tokens nobody can use any more, on the virtual clock, so that a client that logs in before every
// call (as the openstack CLI does) does not grow the emulator without end. Keystone forgets them too:
// past its allow_expired window a token validates as 404 whether or not it is still stored.

import type { Kernel } from "../../kernel/kernel.js";
import { remove, scan } from "../../kernel/store/table.js";
import { ALLOW_EXPIRED_WINDOW_MS } from "./operations/tokens.js";
import type { IdentityState, Token } from "./state.js";
import { SLICE } from "./state.js";

/**
 * When a token may be dropped without anyone noticing: an unrevoked one once ?allow_expired=1 no longer
 * finds it; a revoked one once it has expired (the revocation list shows only unexpired tokens, and a
 * revoked token already validates as 404 and authenticates as 401, as an unknown one does).
 */
export function retainedUntil(token: Token): number {
  return token.revokedAt === null ? token.expiresAt + ALLOW_EXPIRED_WINDOW_MS : token.expiresAt;
}

/**
 * Drops the tokens whose retention has ended, oldest first, stopping at the first one still retained:
 * tokens are stored in the order they were issued, and with one lifetime for all, that is the order they
 * expire in (after the clock is set back, a later token may wait behind an earlier one; it goes with it).
 * Returns the retention end of the oldest token kept, if any.
 */
export function sweepTokens(kernel: Kernel): number | undefined {
  const now = kernel.clock.now();
  const gone: string[] = [];
  let next: number | undefined;
  for (const token of scan(kernel.slice<IdentityState>(SLICE).tokens)) {
    const until = retainedUntil(token);
    if (until > now) {
      next = until;
      break;
    }
    gone.push(token.id);
  }
  // no write when there is nothing to drop: any identity write starts the token caches afresh
  if (gone.length > 0) {
    kernel.store.update((root) => {
      const tokens = (root[SLICE] as IdentityState).tokens;
      const s = root[SLICE] as IdentityState;
      for (const id of gone) {
        remove(tokens, id);
        // a trust-scoped token's link to its trust goes with it
        remove(s.trustTokens, id);
      }
    });
  }
  return next;
}

/**
 * Sweeps run at least this far apart: tokens issued in a burst end their retention in a burst, and one
 * write for them all keeps the token caches (dropped on every identity write) warm. A token kept a minute
 * longer is not seen: validation and authentication check the time themselves.
 */
const SWEEP_SPACING_MS = 60_000;

/** The sweep's step on the clock (one at a time, under this key). */
const SWEEP = "token-sweep";

/**
 * Keeps one step on the clock, due when the oldest token's retention ends. A reset or an import drops it
 * with the clock's other steps; the next issued token plans a new one.
 */
export class TokenSweeper {
  constructor(private readonly kernel: Kernel) {}

  /** Called after each token issue: plans a sweep if none is waiting. */
  plan(): void {
    if (this.kernel.clock.planned(SLICE, SWEEP)) return;
    this.#schedule(sweepTokens(this.kernel));
  }

  #schedule(at: number | undefined): void {
    if (at === undefined) return;
    this.kernel.clock.plan({ owner: SLICE, name: SWEEP, key: SWEEP, at, upkeep: true }, () => {
      const next = sweepTokens(this.kernel);
      this.#schedule(next === undefined ? undefined : Math.max(next, this.kernel.clock.now() + SWEEP_SPACING_MS));
    });
  }
}

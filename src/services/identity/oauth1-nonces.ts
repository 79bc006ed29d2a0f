// The OAuth 1.0a nonces seen lately (RFC 5849 3.3): a signed request may not be replayed while its
// timestamp is still acceptable. Kept beside the store, not in it: a nonce is the client's wall-clock
// matter, like the timestamp it comes with, and no snapshot needs it. Keystone's validator accepts any
// nonce; the emulator refuses a replay, as the RFC asks of a server.

import { TIMESTAMP_LIFETIME_S } from "./operations/oauth1-signature.js";

/**
 * A timestamp is accepted up to the lifetime either side of the wall clock, so a nonce seen now can be
 * replayed for at most twice the lifetime: each is kept that long after its first sighting.
 */
const KEEP_MS = 2 * TIMESTAMP_LIFETIME_S * 1000;

/** Past this many nonces in the window the oldest is forgotten, so memory stays bounded under a flood. */
export const NONCE_BOUND = 100_000;

export class NonceWindow {
  /** key -> wall ms until which it is kept; insertion order is expiry order while the wall clock runs forward */
  readonly #seen = new Map<string, number>();

  constructor(readonly bound = NONCE_BOUND) {}

  /** Records a nonce; false when the same one (for the same consumer, token and timestamp) was seen in the window. */
  use(key: string, wallNow: number): boolean {
    for (const [seen, until] of this.#seen) {
      if (until > wallNow) break;
      this.#seen.delete(seen);
    }
    if (this.#seen.has(key)) return false;
    this.#seen.set(key, wallNow + KEEP_MS);
    if (this.#seen.size > this.bound) this.#seen.delete(this.#seen.keys().next().value!);
    return true;
  }
}

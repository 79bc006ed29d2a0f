// Times a client stamps with its own wall clock inside a credential: a signature's date (checked against the
// wall clock, since the virtual one may be frozen, scaled or moved) and a deadline it computed from that
// clock (a presigned URL's X-Amz-Date + X-Amz-Expires, a Swift temp URL's temp_url_expires). A deadline
// is counted on the virtual clock from when the emulator first saw it, so a test reaches it by moving the
// clock, and at factor 1 with the clock never moved it falls exactly when the wall clock reaches it.

/** The two clocks it reads (the kernel's VirtualClock). */
export interface Clocks {
  /** virtual epoch ms */
  now(): number;
  /** real epoch ms */
  wallNow(): number;
}

/** How many first sightings are remembered; past that the least recently used is forgotten. */
export const FIRST_SEEN_BOUND = 10_000;

export class ClientTime {
  /** key -> virtual epoch ms the deadline falls at, least recently used first */
  #deadlines = new Map<string, number>();

  constructor(
    readonly clocks: Clocks,
    readonly bound = FIRST_SEEN_BOUND,
  ) {}

  wallNow(): number {
    return this.clocks.wallNow();
  }

  /**
   * Whether a client's wall-clock deadline (epoch ms) has passed: what was left of it on the wall clock at
   * its first sighting, counted from the virtual time of that sighting. `key` names the deadline (the
   * signature carrying it). A forgotten key (past the bound) is seen afresh: at factor 1 that changes nothing.
   */
  expired(key: string, wallDeadline: number): boolean {
    return this.clocks.now() > this.#virtualDeadline(key, wallDeadline);
  }

  #virtualDeadline(key: string, wallDeadline: number): number {
    let at = this.#deadlines.get(key);
    if (at === undefined) at = this.clocks.now() + (wallDeadline - this.clocks.wallNow());
    else this.#deadlines.delete(key);
    this.#deadlines.set(key, at);
    if (this.#deadlines.size > this.bound) this.#deadlines.delete(this.#deadlines.keys().next().value!);
    return at;
  }
}

// A request budget per key (a project, a user, a client address) on the virtual clock (fixed windows). Off
// by default. Windows that have passed are swept once per window length, so the limiter holds only the keys
// that called in the last two.

export interface RateLimitConfig {
  /** requests per window per key; 0 turns the limiter off */
  requests: number;
  windowSeconds: number;
}

export class RateLimiter {
  #windows = new Map<string, { start: number; count: number }>();
  /** when the windows were last swept for ones that have passed */
  #swept = -Infinity;

  constructor(
    public config: RateLimitConfig,
    private readonly now: () => number,
  ) {}

  configure(config: RateLimitConfig): void {
    this.config = config;
    this.#windows.clear();
  }

  /** Counts one request; returns the seconds to wait when over budget, else undefined. */
  take(key: string): number | undefined {
    const { requests, windowSeconds } = this.config;
    if (requests <= 0) return undefined;
    const now = this.now();
    const windowMs = windowSeconds * 1000;
    // at most one sweep per window: each costs the projects seen in the last two windows, not more
    if (now - this.#swept >= windowMs || now < this.#swept) this.#sweep(now, windowMs);
    let window = this.#windows.get(key);
    if (!window || passed(window.start, now, windowMs)) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count < requests) {
      window.count++;
      return undefined;
    }
    return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
  }

  /** How many projects' windows are held (the ones that called within the last two windows at most). */
  get size(): number {
    return this.#windows.size;
  }

  reset(): void {
    this.#windows.clear();
  }

  #sweep(now: number, windowMs: number): void {
    this.#swept = now;
    for (const [key, window] of this.#windows) if (passed(window.start, now, windowMs)) this.#windows.delete(key);
  }
}

/** A window has passed when its time is up, or when the clock was set back before it began. */
function passed(start: number, now: number, windowMs: number): boolean {
  return now - start >= windowMs || now < start;
}

// A per-project request budget on the virtual clock (fixed windows). Off by default.

export interface RateLimitConfig {
  /** requests per window per project; 0 turns the limiter off */
  requests: number;
  windowSeconds: number;
}

export class RateLimiter {
  #windows = new Map<string, { start: number; count: number }>();

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
    let window = this.#windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count++;
    if (window.count <= requests) return undefined;
    return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
  }

  reset(): void {
    this.#windows.clear();
  }
}

// Cancelled jobs do not pile up on the clock (lifecycles replanned under a long delay cancel one job and
// schedule another each time): past a threshold they are compacted away, and what is left runs in order.

import { describe, expect, it } from "vitest";
import { VirtualClock } from "../../src/kernel/clock.js";

const T0 = Date.parse("2030-01-01T00:00:00Z");

describe("VirtualClock with many cancelled jobs", () => {
  it("compacts them away and still runs the live jobs in time order", () => {
    const c = new VirtualClock({ start: T0, frozen: true });
    const ran: number[] = [];
    const cancels: Array<() => void> = [];
    // 10,000 jobs far ahead, scheduled out of order; every one not divisible by 100 is cancelled
    for (let i = 0; i < 10_000; i++) {
      const n = (i * 7919) % 10_000;
      cancels[n] = c.schedule(T0 + 3600_000 + n, () => ran.push(n));
    }
    cancels.forEach((cancel, n) => n % 100 !== 0 && cancel());
    expect(c.state().pending).toBe(100);
    cancels.forEach((cancel) => cancel()); // cancelling twice, or after compaction, changes nothing
    expect(c.state().pending).toBe(0);
    c.schedule(T0 + 1, () => ran.push(-1));
    c.advance(7200_000);
    expect(ran).toEqual([-1]);
  });

  it("runs the jobs left after a compaction in order", () => {
    const c = new VirtualClock({ start: T0, frozen: true });
    const ran: number[] = [];
    const cancels = Array.from({ length: 5000 }, (_, i) => c.schedule(T0 + 1000 + ((i * 31) % 5000), () => ran.push((i * 31) % 5000)));
    cancels.forEach((cancel, i) => i % 10 !== 0 && cancel());
    expect(c.state().pending).toBe(500);
    c.advance(10_000);
    expect(ran).toEqual([...ran].sort((a, b) => a - b));
    expect(ran).toHaveLength(500);
  });
});

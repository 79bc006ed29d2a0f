// ClientTime: a deadline a client computed from its wall clock runs out on the virtual clock, counted from
// the deadline's first sighting; at factor 1 with the clock never moved that is the wall clock's verdict.

import { describe, expect, it } from "vitest";
import { ClientTime } from "../../src/kernel/client-time.js";

function clocks(virtual: number, wall: number) {
  const c = { virtual, wall };
  return { c, time: (bound?: number) => new ClientTime({ now: () => c.virtual, wallNow: () => c.wall }, bound) };
}

describe("ClientTime", () => {
  it("counts what was left of the deadline at first sight on the virtual clock", () => {
    const { c, time } = clocks(Date.parse("2030-01-01T00:00:00Z"), Date.parse("2026-06-01T00:00:00Z"));
    const t = time();
    const deadline = c.wall + 60_000;
    expect(t.expired("url", deadline)).toBe(false);
    c.wall += 3_600_000; // the wall clock alone does not end it: a frozen clock keeps it alive
    expect(t.expired("url", deadline)).toBe(false);
    c.virtual += 60_001;
    expect(t.expired("url", deadline)).toBe(true);
    // one past its deadline on the wall clock when first seen has run out already
    expect(t.expired("late", c.wall - 1)).toBe(true);
  });

  it("at factor 1 with the clock never moved, agrees with the wall clock", () => {
    const { c, time } = clocks(1_000_000, 1_000_000);
    const t = time();
    expect(t.expired("k", 1_030_000)).toBe(false);
    c.wall = c.virtual = 1_030_000;
    expect(t.expired("k", 1_030_000)).toBe(false);
    c.wall = c.virtual = 1_030_001;
    expect(t.expired("k", 1_030_000)).toBe(true);
  });

  it("remembers at most its bound of first sightings, forgetting the least recently used", () => {
    const { c, time } = clocks(0, 0);
    const t = time(2);
    t.expired("a", 10_000);
    t.expired("b", 10_000);
    t.expired("a", 10_000); // a used again: b is now the oldest
    c.virtual = 5_000; // the wall clock stands still: a key seen afresh gets the whole 10 s again
    t.expired("c", 10_000); // b forgotten
    c.virtual = 10_001;
    expect(t.expired("a", 10_000)).toBe(true);
    expect(t.expired("b", 10_000)).toBe(false); // seen afresh at 10 001: ten more seconds
  });
});

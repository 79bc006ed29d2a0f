import { describe, expect, it } from "vitest";
import { httpDateOf } from "../../src/kernel/time.js";

describe("httpDateOf", () => {
  it("answers Date's own HTTP date for any ms, the fraction of a second dropped", () => {
    for (const ms of [0, 999, 1_000, 1_234_567_890_123, Date.UTC(2031, 4, 1, 12, 0, 0, 500), Date.UTC(1999, 11, 31, 23, 59, 59, 999)]) {
      expect(httpDateOf(ms)).toBe(new Date(ms).toUTCString());
    }
  });

  it("stays right past the size at which it forgets what it remembered", () => {
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 20_000; i += 1) httpDateOf(start + i * 1000);
    expect(httpDateOf(start + 5 * 1000 + 250)).toBe("Tue, 01 Jan 2030 00:00:05 GMT");
    expect(httpDateOf(start + 19_999 * 1000)).toBe(new Date(start + 19_999 * 1000).toUTCString());
  });
});

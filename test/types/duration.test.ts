// The Duration type and the parser agree: every form the type documents (a DurationString, checked by
// `tsc --noEmit -p .` on this file) parses to what it says, and each form the type refuses (marked
// expect-error below) the parser refuses too. Where they cannot agree, the last test says so.

import { describe, expect, it } from "vitest";
import { parseDuration } from "../../src/kernel/time.js";
import type { Duration, DurationString } from "../../src/client/index.js";

describe("Duration (the client's type) and parseDuration (the server's parser)", () => {
  it("parses every form the type documents, to what it says", () => {
    const forms: Array<[DurationString, number]> = [
      ["250", 250],
      ["250ms", 250],
      ["90s", 90_000],
      ["5m", 300_000],
      ["2h", 7_200_000],
      ["1d", 86_400_000],
      ["1.5h", 5_400_000],
      ["0", 0],
      ["05s", 5_000],
      ["0.25s", 250],
    ];
    for (const [form, ms] of forms) expect(parseDuration(form), form).toBe(ms);
    const number: Duration = 1500;
    expect(parseDuration(number)).toBe(1500);
  });

  it("refuses what the type refuses", () => {
    const refused = [
      // @ts-expect-error words are not a unit
      "5 minutes",
      // @ts-expect-error a space before the unit
      "5 m",
      // @ts-expect-error negative
      "-5s",
      // @ts-expect-error no digit before the point
      ".5s",
      // @ts-expect-error no digit after the point
      "5.s",
      // @ts-expect-error no number
      "s",
      // @ts-expect-error not a unit the parser knows
      "5sec",
      // @ts-expect-error not finite
      "Infinity",
    ] satisfies DurationString[];
    for (const form of refused) expect(() => parseDuration(form), form).toThrow(/Not a duration/);
  });

  it("disagrees where a template type cannot follow the parser", () => {
    // JavaScript's other number literals are `${number}`s the compiler cannot tell from decimals: the type
    // takes them, the parser answers 400
    const takenByTheTypeOnly: DurationString[] = ["1e3s", "0x10"];
    for (const form of takenByTheTypeOnly) expect(() => parseDuration(form), form).toThrow(/Not a duration/);
    // the parser trims the text (a query string's `?by= 5s`); the type wants it without the spaces
    expect(parseDuration(" 5s ")).toBe(5_000);
  });
});

// jsonDepth on long texts (a seed world, a large body), which it first cuts down to their brackets with a
// regexp, and on a snapshot's (4 MiB and more), whose strings it jumps over with indexOf: the same depth as
// walking every character, and linear on hostile input.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonDepth } from "../../src/kernel/http/body.js";

/** The plain walk: strings skipped, a backslash in a string skips the next character. */
function walked(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{" || ch === "[") deepest = Math.max(deepest, ++depth);
    else if (ch === "}" || ch === "]") depth--;
  }
  return deepest;
}

const padding = " ".repeat(600);

describe("jsonDepth on a long text", () => {
  it("is the depth of walking every character, whatever the brackets, quotes and backslashes", () => {
    const piece = fc.constantFrom("{", "}", "[", "]", '"', "\\", "a", ":", ",", "\n", "é");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 300 }), fc.array(piece, { maxLength: 300 }), (head, tail) => {
        // long enough for the regexp path, with the interesting part at either end
        const text = head.join("") + padding + tail.join("");
        expect(jsonDepth(text)).toBe(walked(text));
      }),
      { numRuns: 500 },
    );
  });

  it("counts nothing after a string that never closes, nor in strings with escaped quotes", () => {
    expect(jsonDepth(`${padding}{"a":[{"b":"[[[[ \\" {{{{"}]}`)).toBe(3);
    expect(jsonDepth(`${padding}[{"open": "[[[[ and never closed ${"[".repeat(50)}`)).toBe(2);
    expect(jsonDepth(`${padding}["ends in a backslash \\`)).toBe(1);
  });

  it("stays linear on a text made to backtrack (quotes whose escapes never pair)", () => {
    const hostile = `"${'\\"'.repeat(200_000)}`;
    // a backtracking pattern would not finish these within the test's timeout; a linear pass takes milliseconds
    expect(jsonDepth(hostile)).toBe(0);
    expect(jsonDepth(`[${"[".repeat(20_000)}${hostile}`)).toBe(20_001);
  });
});

describe("jsonDepth on a snapshot-sized text (strings jumped over)", () => {
  const big = " ".repeat(4 * 1024 * 1024);

  it("is the depth of walking every character, whatever the brackets, quotes and backslashes", () => {
    const piece = fc.constantFrom("{", "}", "[", "]", '"', "\\", "a", ":", ",", "é");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 200 }), fc.array(piece, { maxLength: 200 }), (head, tail) => {
        const text = head.join("") + big + tail.join("");
        expect(jsonDepth(text)).toBe(walked(text));
      }),
      { numRuns: 40 },
    );
  });

  it("counts nothing after a string that never closes, nor in strings with escaped quotes", () => {
    expect(jsonDepth(`${big}{"a":[{"b":"[[[[ \\" {{{{"}]}`)).toBe(3);
    expect(jsonDepth(`${big}{"a":"\\\\"}`)).toBe(1);
    expect(jsonDepth(`${big}[{"open": "[[[[ and never closed ${"[".repeat(50)}`)).toBe(2);
  });

  it("stays linear on quotes whose escapes never pair, and on long runs of backslashes", () => {
    const hostile = `"${'\\"'.repeat(2_100_000)}`;
    expect(jsonDepth(`[${"[".repeat(20_000)}${hostile}`)).toBe(20_001);
    const runs = `[${`"${"\\".repeat(100_000)}\\",`.repeat(30)}"x"]`;
    expect(jsonDepth(big + runs)).toBe(walked(big + runs));
  });
});

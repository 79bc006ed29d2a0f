// Globs as fault rules and the events filter use them: the same answers as the regular expression they
// stand for, and a hostile glob (many stars) answered at once instead of backtracking for minutes.

import { describe, expect, it } from "vitest";
import { compileGlob } from "../../src/kernel/glob.js";
import { seededRandom } from "../../src/kernel/ids.js";

/** The meaning, as a (backtracking) regular expression: fine for the short random cases below. */
function reference(glob: string, flat: boolean): RegExp {
  const body = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? (flat ? ".*" : "[^/]*") : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "s");
}

describe("compileGlob", () => {
  it("agrees with the glob's regular expression on random globs and texts, flat and by path segment", () => {
    const random = seededRandom(11);
    const alphabet = ["a", "b", "/", ".", "*", "*", "?", "["];
    const pick = (n: number, chars: string[]) => Array.from({ length: Math.floor(random() * n) }, () => chars[Math.floor(random() * chars.length)]).join("");
    for (let i = 0; i < 5_000; i++) {
      const glob = pick(8, alphabet);
      const text = pick(10, ["a", "b", "/", ".", "?", "["]);
      const flat = random() < 0.5;
      expect(compileGlob(glob, flat).test(text), `${JSON.stringify(glob)} ${flat ? "flat" : "path"} on ${JSON.stringify(text)}`).toBe(reference(glob, flat).test(text));
    }
  });

  it("matches what fault rules name", () => {
    expect(compileGlob("compute.server.action.os-*", true).test("compute.server.action.os-stop")).toBe(true);
    expect(compileGlob("identity.token.*", true).test("compute.server.action")).toBe(false);
    expect(compileGlob("/v2.1/servers/*").test("/v2.1/servers/abc/action")).toBe(false);
    expect(compileGlob("/v2.1/servers/**").test("/v2.1/servers/abc/action")).toBe(true);
  });

  it("answers a glob of many stars on a long text without backtracking", () => {
    const hostile = `${"*a".repeat(40)}*b`;
    expect(compileGlob(hostile, true).test("a".repeat(5_000))).toBe(false);
    expect(compileGlob(hostile).test(`${"a/".repeat(2_000)}b`)).toBe(false);
    expect(compileGlob(hostile, true).test(`${"a".repeat(100)}b`)).toBe(true);
  });

  it("compares a glob without stars as a string, however long", () => {
    const long = "a".repeat(500_000);
    expect(compileGlob(long, true).test(long)).toBe(true);
    expect(compileGlob(long, true).test(`${long}b`)).toBe(false);
  });
});

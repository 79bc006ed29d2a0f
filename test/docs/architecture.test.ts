// ARCHITECTURE.md stays true to the tree: every file or folder it names exists, found from the folders its
// map names them under (a name in the map's kernel/ block is kernel/'s; a name in the service skeleton
// exists in at least one service). A rename that forgets the page fails here.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SERVICES = readdirSync(join(ROOT, "src/services"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `src/services/${e.name}`);
/** where the page's names are found: the repository, the source tree's folders, and every service */
const ROOTS = [".", "src", "src/kernel", "src/kernel/store", "src/kernel/http", "src/control", "src/bus", "src/dashboard", "src/dashboard/client", "src/experiments", "src/cli", "src/services", "test", "test/helpers", "fixtures", "bench", ...SERVICES, ...SERVICES.map((s) => `${s}/routes`)];
/** words that look like paths and are not: the file a client reads */
const NOT_PATHS = new Set(["clouds.yaml"]);

/** Names that look like paths: `a/b.ts`, `store/`, `clock.ts`; placeholders (`<name>`) and globs are not. */
export function pathsIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?<![\w.<>/-])((?:[\w.-]+\/)*[\w.-]+(?:\.(?:ts|mjs|yaml|md|json)|\/))(?![\w<>])/g)) {
    const name = m[1]!;
    if (/^\d|^https?/.test(name) || name.includes("..") || NOT_PATHS.has(name)) continue;
    names.add(name);
  }
  return [...names];
}

describe("ARCHITECTURE.md", () => {
  const text = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");

  it("names only paths that exist", () => {
    const names = pathsIn(text);
    expect(names.length).toBeGreaterThan(40);
    const missing = names.filter((name) => !ROOTS.some((root) => existsSync(join(ROOT, root, name))));
    expect(missing).toEqual([]);
  });

  it("finds a renamed file: the check is not vacuous", () => {
    expect(pathsIn("see `kernel/clock.ts`, store/ and no-such-file.ts")).toEqual(["kernel/clock.ts", "store/", "no-such-file.ts"]);
    expect(ROOTS.some((root) => existsSync(join(ROOT, root, "no-such-file.ts")))).toBe(false);
  });
});

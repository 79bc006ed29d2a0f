// `npm start` builds first (prestart: scripts/build.mjs --if-stale --no-types), but only when a source changed since
// the last build: a second start pays nothing for the bundle it already has.

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, statSync, symlinkSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const copy = mkdtempSync(join(tmpdir(), "skymock-stale-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const build = () => execFileSync(process.execPath, ["scripts/build.mjs", "--if-stale", "--no-types"], { cwd: copy, stdio: "pipe" });
const builtAt = () => statSync(join(copy, "dist/.built")).mtimeMs;

describe("npm start's build (scripts/build.mjs --if-stale --no-types)", () => {
  it("builds when there is no build, skips when nothing changed since, and builds again after a source changes", () => {
    for (const entry of ["src", "scripts", "package.json", "package-lock.json", "tsconfig.json"]) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    build();
    const first = builtAt();
    // the stamp's own time stands for "the last build"; move it back a minute so a rebuild is visible
    const past = new Date(first - 60_000);
    utimesSync(join(copy, "dist/.built"), past, past);
    // read back, not past.getTime(): the file system keeps the time in its own units (1795860390865.999)
    const held = builtAt();
    for (const entry of ["src", "scripts", "package.json", "package-lock.json", "tsconfig.json"]) touchTree(join(copy, entry), new Date(first - 120_000));
    build();
    expect(builtAt()).toBe(held);
    utimesSync(join(copy, "src/api.ts"), new Date(), new Date());
    build();
    expect(builtAt()).toBeGreaterThan(held);
  }, 120_000);
});

function touchTree(path: string, at: Date): void {
  execFileSync("find", [path, "-exec", "touch", "-h", "-d", at.toISOString(), "{}", "+"]);
}

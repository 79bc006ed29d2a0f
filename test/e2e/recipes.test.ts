// The docs' Python and Go recipes (docs/recipes/) run as a user runs them, each in a copy of its folder:
// pytest with openstacksdk, and `go test` with gophercloud, against `node bin/skymock.js` (SKYMOCK_COMMAND).
// Their toolchains are Debian's (.ci/run installs them); Go builds offline, gophercloud replaced by Debian's
// source. Skipped with the reason where a toolchain is missing, failing in CI.

import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.setConfig({ testTimeout: 180_000 });

const succeeds = (command: string, args: string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SKYMOCK_COMMAND = `${process.execPath} ${join(ROOT, "bin/skymock.js")}`;
const GOPHERCLOUD = "/usr/share/gocode/src/github.com/gophercloud/gophercloud";
// kept between runs: the first compile of gophercloud takes half a minute on a busy machine
const GOCACHE = join(tmpdir(), "skymock-recipes-gocache");
// Go 1.19 builds with cgo by default, which needs gcc, and .ci/run installs golang-go without its recommended
// gcc: without one, cgo off (as Go 1.21 decides by itself; the first compile then rebuilds net too, ~55 s)
const CGO_ENABLED = succeeds("gcc", ["--version"]) ? "1" : "0";

/** Undefined when the toolchain is there; else why the recipe's test is skipped (printed), or a throw in CI. */
function skipReason(recipe: string, installed: boolean, debian: string): string | undefined {
  if (installed) return undefined;
  const reason = `not installed: the ${recipe} recipe's toolchain (Debian: ${debian})`;
  if (process.env.CI) throw new Error(`recipes.test.ts: ${reason}, and CI must run this test (see .ci/run)`);
  console.warn(`recipes.test.ts: the ${recipe} recipe skipped: ${reason}`);
  return reason;
}

const pythonSkip = skipReason("Python", succeeds("/usr/bin/python3", ["-c", "import pytest, openstack"]), "python3-pytest python3-openstacksdk");
const goSkip = skipReason("Go", succeeds("go", ["version"]) && existsSync(join(GOPHERCLOUD, "go.mod")), "golang-go golang-github-gophercloud-gophercloud-dev");

interface Run {
  code: number;
  output: string;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<Run> {
  const base = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8", SKYMOCK_COMMAND };
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...base, ...env }, timeout: 170_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (error as { code?: unknown }).code : 0;
      resolve({ code: typeof code === "number" ? code : 1, output: `${stdout}${stderr}` });
    });
  });
}

const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of docs/recipes/<name> in a temporary folder: nothing the run writes lands in the checkout. */
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `skymock-recipe-${name}-`));
  copies.push(dir);
  cpSync(join(ROOT, "docs/recipes", name), dir, { recursive: true });
  return dir;
}

describe("the documented recipes", () => {
  it.skipIf(pythonSkip)("Python: pytest with the subprocess fixture and openstacksdk passes", async () => {
    const dir = copyOf("python");
    const result = await run("/usr/bin/python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", "."], dir, { PYTHONDONTWRITEBYTECODE: "1" });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/\b2 passed\b/);
  });

  it.skipIf(goSkip)("Go: go test with os/exec and gophercloud passes", async () => {
    const dir = copyOf("go");
    const env = { GOPATH: join(dir, ".gopath"), GOCACHE, GOFLAGS: "-mod=mod", GOPROXY: "off", GOSUMDB: "off", GOTOOLCHAIN: "local", CGO_ENABLED };
    // the go.mod a user copies asks for gophercloud v0.12.0 from the network; here it is Debian's source
    const replaced = await run("go", ["mod", "edit", `-replace=github.com/gophercloud/gophercloud=${GOPHERCLOUD}`], dir, env);
    expect(replaced.code, replaced.output).toBe(0);
    const result = await run("go", ["test", "-count=1", "-v", "./..."], dir, env);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/--- PASS: TestServerIsActiveOnceVirtualTimeHasPassed/);
    expect(result.output).toMatch(/--- PASS: TestWhatATestMadeIsGoneAfterAReset/);
  });
});

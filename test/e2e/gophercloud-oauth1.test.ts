// gophercloud's OS-OAUTH1 client (Debian's gophercloud 0.12, offline) runs the flow of its own acceptance
// test against the built emulator: test/e2e/gophercloud-oauth1/oauth1_test.go. Skipped with the reason
// where Go or gophercloud is missing, failing in CI.

import { execFile, execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServerProcess, type ServerProcess } from "../helpers/server-process.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 30_000 });

const GOPHERCLOUD = "/usr/share/gocode/src/github.com/gophercloud/gophercloud";
// shared with recipes.test.ts: the first compile of gophercloud takes half a minute on a busy machine
const GOCACHE = join(tmpdir(), "skymock-recipes-gocache");

const succeeds = (command: string, args: string[]): boolean => {
  try {
    execFileSync(command, args, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const CGO_ENABLED = succeeds("gcc", ["--version"]) ? "1" : "0";

function skipReason(): string | undefined {
  if (succeeds("go", ["version"]) && existsSync(join(GOPHERCLOUD, "go.mod"))) return undefined;
  const reason = "not installed: Go and gophercloud (Debian: golang-go golang-github-gophercloud-gophercloud-dev)";
  if (process.env.CI) throw new Error(`gophercloud-oauth1.test.ts: ${reason}, and CI must run this test`);
  console.warn(`gophercloud-oauth1.test.ts skipped: ${reason}`);
  return reason;
}
const skip = skipReason();

function run(args: string[], cwd: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile("go", args, { cwd, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cwd, LANG: "C.UTF-8", ...env }, timeout: 170_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (error as { code?: unknown }).code : 0;
      resolve({ code: typeof code === "number" ? code : 1, output: `${stdout}${stderr}` });
    });
  });
}

describe.skipIf(skip)("gophercloud's oauth1 package", () => {
  let server: ServerProcess;
  let dir: string;
  beforeAll(async () => {
    server = await startServerProcess(["--frozen-clock"]);
    dir = mkdtempSync(join(tmpdir(), "skymock-gophercloud-oauth1-"));
    cpSync(fileURLToPath(new URL("./gophercloud-oauth1", import.meta.url)), dir, { recursive: true });
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("requests, authorizes and exchanges tokens and authenticates with them (HMAC-SHA1 and PLAINTEXT)", async () => {
    const env = { GOPATH: join(dir, ".gopath"), GOCACHE, GOFLAGS: "-mod=mod", GOPROXY: "off", GOSUMDB: "off", GOTOOLCHAIN: "local", CGO_ENABLED };
    const replaced = await run(["mod", "edit", `-replace=github.com/gophercloud/gophercloud=${GOPHERCLOUD}`], dir, env);
    expect(replaced.code, replaced.output).toBe(0);
    const result = await run(["test", "-count=1", "-v", "./..."], dir, { ...env, SKYMOCK_URL: server.url });
    expect(result.code, `${result.output}\n${server.output()}`).toBe(0);
    expect(result.output).toMatch(/--- PASS: TestOAuth1Flow/);
  });
});

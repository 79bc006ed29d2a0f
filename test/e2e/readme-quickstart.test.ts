// The README's quickstart, run as written: `npm start` (the default clock, the default world), then the
// command block of "Quickstart with the openstack CLI" line by line through bash with `set -e`, so the
// first command that fails fails the test. The one change is the port: a free one instead of 8480
// (SKYMOCK_PORT for npm start, and the same number substituted into the block's URLs), so a developer's
// running emulator is left alone. Needs the openstack CLI and curl (CI installs both).

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { hasOpenstackCli } from "../helpers/openstack-cli.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const cli = hasOpenstackCli();
const reason = "the openstack CLI is not installed (Debian: python3-openstackclient)";
if (!cli && process.env.CI) throw new Error(`readme-quickstart.test.ts: ${reason}, and CI must run this test`);
if (!cli) console.warn(`readme-quickstart.test.ts skipped: ${reason}`);

/** The shell block that follows "In another, drive it" in the quickstart section. */
export function quickstartCommands(readme: string): string {
  const section = readme.slice(readme.indexOf("## Quickstart with the openstack CLI"));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  if (blocks[0]?.trim() !== "npm start") throw new Error("the quickstart no longer starts with `npm start` in its own block");
  return blocks[1];
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let emulator: ChildProcess | undefined;
const work = mkdtempSync(join(tmpdir(), "skymock-quickstart-"));
afterAll(() => {
  // npm start runs the emulator as its child: end the whole process group
  if (emulator?.pid && emulator.exitCode === null) process.kill(-emulator.pid, "SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!cli)(cli ? "README quickstart" : `README quickstart (skipped: ${reason})`, () => {
  it("runs as written against npm start at the default clock", async () => {
    const port = await freePort();
    let started = "";
    emulator = spawn("npm", ["start"], { cwd: ROOT, env: { ...process.env, SKYMOCK_PORT: String(port) }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    emulator.stdout!.on("data", (d) => (started += d));
    emulator.stderr!.on("data", (d) => (started += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${started}`)), 60_000);
      emulator!.stdout!.on("data", () => {
        if (started.includes("listening on")) {
          clearTimeout(timer);
          resolve();
        }
      });
      emulator!.once("exit", (code) => reject(new Error(`npm start exited with ${code}:\n${started}`)));
    });

    const commands = quickstartCommands(readFileSync(join(ROOT, "README.md"), "utf8")).replaceAll(":8480", `:${port}`);
    // a clean environment as a new user's shell would have: no OS_* or clouds.yaml of the developer's
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, LANG: "C.UTF-8" };
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const shell = spawn("bash", ["-euo", "pipefail", "-x", "-c", commands], { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      shell.stdout.on("data", (d) => (output += d));
      shell.stderr.on("data", (d) => (output += d));
      shell.once("exit", (code) => resolve({ code, output }));
    });
    if (result.code !== 0) console.error(result.output);
    expect(result.code).toBe(0);
    expect(readFileSync(join(work, "mykey.pem"), "utf8")).toContain("PRIVATE KEY");
  }, 240_000);
});

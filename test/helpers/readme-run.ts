// Runs a README walkthrough as written: `npm start` with the section's flags on a free port (the
// README's 8480 replaced by it, so a developer's running emulator is left alone), then the section's
// command block line by line through bash with `set -e`, in a clean environment (no OS_* or
// clouds.yaml of the developer's), so the first command that fails fails the test. Its `openstack` is the
// unmodified CLI run in a long-lived process (openstack-forward.ts; SKYMOCK_CLI_PROCESS=1: the binary).

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { forwardOpenstack } from "./openstack-forward.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The section's first two ```sh blocks: the start command and the commands to run against it. */
export function sectionBlocks(readme: string, heading: string): { start: string; commands: string } {
  const at = readme.indexOf(heading);
  if (at < 0) throw new Error(`README has no section "${heading}"`);
  const blocks = [...readme.slice(at).matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  const start = blocks[0]?.trim() ?? "";
  if (!start.startsWith("npm start")) throw new Error(`"${heading}" no longer starts with \`npm start\` in its own block`);
  return { start, commands: blocks[1] };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Walkthrough {
  /** the emulator's base URL */
  url: string;
  /** the scratch directory the commands ran in (the shell's HOME and cwd) */
  work: string;
  code: number | null;
  output: string;
  /** stops the emulator and removes the scratch directory */
  close(): void;
}

/**
 * Starts the section's `npm start …` and runs its commands; the caller closes it. `pathFirst`: directories
 * searched before the test's PATH (Debian's /usr/bin, where a Python with the distribution's modules is).
 */
export function runWalkthrough(heading: string, pathFirst: string[] = []): Promise<Walkthrough> {
  const { start, commands } = sectionBlocks(readFileSync(join(ROOT, "README.md"), "utf8"), heading);
  return runAgainst(start, commands, pathFirst);
}

/** Every ```sh block of the README, with the heading of the section it is in. */
export function shellBlocks(readme = readFileSync(join(ROOT, "README.md"), "utf8")): Array<{ heading: string; text: string }> {
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => {
    const before = readme.slice(0, m.index);
    const heading = before.slice(before.lastIndexOf("\n## ") + 1).split("\n", 1)[0]!;
    return { heading, text: m[1]! };
  });
}

/**
 * `npm start` (the quickstart's emulator) and the `index`th shell block of section `heading`, after
 * `prelude` (commands an earlier block left in the shell: its exports).
 */
export function runSectionBlock(heading: string, index: number, prelude: string): Promise<Walkthrough> {
  const block = shellBlocks().filter((b) => b.heading === heading)[index];
  if (!block) throw new Error(`README has no shell block ${index} under "${heading}"`);
  return runAgainst("npm start", `${prelude}\n${block.text}`);
}

async function runAgainst(start: string, commands: string, pathFirst: string[] = []): Promise<Walkthrough> {
  const port = await freePort();
  const work = mkdtempSync(join(tmpdir(), "skymock-readme-"));
  const args = start.split(/\s+/).slice(1);
  const emulator: ChildProcess = spawn("npm", args, { cwd: ROOT, env: { ...process.env, SKYMOCK_PORT: String(port) }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const close = () => {
    // npm start runs the emulator as its child: end the whole process group
    if (emulator.pid && emulator.exitCode === null) process.kill(-emulator.pid, "SIGTERM");
    rmSync(work, { recursive: true, force: true });
  };
  let started = "";
  emulator.stdout!.on("data", (d) => (started += d));
  emulator.stderr!.on("data", (d) => (started += d));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${start} did not start:\n${started}`)), 60_000);
      emulator.stdout!.on("data", () => {
        if (started.includes("listening on")) {
          clearTimeout(timer);
          resolve();
        }
      });
      emulator.once("exit", (code) => reject(new Error(`${start} exited with ${code}:\n${started}`)));
    });
  } catch (error) {
    close();
    throw error;
  }
  // `openstack` lines run in the long-lived CLI runner (openstack-forward.ts), not a Python start-up each
  const forwarding = mkdtempSync(join(tmpdir(), "skymock-forward-"));
  const forward = await forwardOpenstack(forwarding);
  const path = [...pathFirst, process.env.PATH ?? "/usr/bin:/bin"].join(":");
  const env = { PATH: forward ? `${forward.binDir}:${path}` : path, HOME: work, LANG: "C.UTF-8", ...forward?.env };
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const shell = spawn("bash", ["-euo", "pipefail", "-x", "-c", commands.replaceAll(":8480", `:${port}`)], { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    shell.stdout.on("data", (d) => (output += d));
    shell.stderr.on("data", (d) => (output += d));
    shell.once("exit", (code) => resolve({ code, output }));
  });
  forward?.close();
  rmSync(forwarding, { recursive: true, force: true });
  return { url: `http://127.0.0.1:${port}`, work, ...result, close };
}

// The `skymock` command run as a user runs it, for the CLI tests: the built bin/skymock.js in its own
// process, with none of the caller's SKYMOCK_* settings; servers and temporary folders the tests made are
// cleaned up by cleanUpAfterEach/cleanUpAfterAll.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { startServerProcess, withoutSkymockSettings, type ServerProcess } from "./server-process.js";
import { passwordAuth } from "./emulator.js";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

// none of the caller's SKYMOCK_* settings may leak into the processes these tests start (and the test
// process's own environment is left as it is: test files share worker processes)
export const cleanEnv = withoutSkymockSettings();

const started: ServerProcess[] = [];
export async function start(args: string[] = [], env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = await startServerProcess(args, env);
  started.push(server);
  return server;
}
/** Stops every server start() started: call it in afterEach. */
export async function stopStarted(): Promise<void> {
  await Promise.all(started.splice(0).map((s) => s.stop()));
}

const tmpDirs: string[] = [];
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "skymock-cli-"));
  tmpDirs.push(dir);
  return dir;
}
/** Removes every folder tempDir() made: call it in afterAll. */
export function removeTempDirs(): void {
  for (const dir of tmpDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface Clock {
  now: string;
  epochMs: number;
  factor: number;
  frozen: boolean;
  pending: number;
}
export async function clock(server: ServerProcess): Promise<Clock> {
  const res = await fetch(`${server.url}/_emulator/clock`);
  expect(res.status).toBe(200);
  return (await res.json()) as Clock;
}

export const adminScope = { project: { name: "admin", domain: { name: "Default" } } };

export async function issueToken(url: string, user = "admin", password = "admin", scope: unknown = adminScope) {
  const res = await fetch(`${url}/identity/v3/auth/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(passwordAuth(user, password, scope)),
  });
  const body = (await res.json()) as any;
  return { status: res.status, token: res.headers.get("x-subject-token"), body };
}

export async function adminToken(server: ServerProcess): Promise<string> {
  const res = await issueToken(server.url);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.token!;
}

export async function projectNames(server: ServerProcess): Promise<string[]> {
  const res = await fetch(`${server.url}/identity/v3/projects`, { headers: { "X-Auth-Token": await adminToken(server) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { projects: { name: string }[] }).projects.map((p) => p.name);
}

/** `node bin/skymock.js ...args` run to its end: exit code, stdout, stderr (killed after 15 s). */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/skymock.js", ...args], { cwd: ROOT, env: { ...cleanEnv, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`skymock ${args.join(" ")} did not exit within 15 s:\n${stdout}\n${stderr}`));
    }, 15_000);
    child.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Resolves with the exit code once the process has ended; rejects after `ms`. */
export function exited(server: ServerProcess, ms = 5000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not exit within ${ms} ms:\n${server.output()}`)), ms);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

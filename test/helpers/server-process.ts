// Starts the built emulator as a user would (`node bin/skymock.js start`), on a free port, and stops it.

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** The test process's environment without its SKYMOCK_* settings, which must not reach the processes tests start. */
export function withoutSkymockSettings(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("SKYMOCK_"))) as Record<string, string>;
}

export async function startServerProcess(args: string[] = [], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["bin/skymock.js", "start", "--port", "0", ...args], {
    cwd: ROOT,
    env: { ...withoutSkymockSettings(), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start:\n${out}`)), 15_000);
    const check = () => {
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

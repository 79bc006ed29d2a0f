// `node bin/skymock.js start` (the built command) in its own process, with none of the caller's SKYMOCK_*
// settings, for tests of the process itself: its log on both streams, signals, its exit. Unlike
// server-process.ts it finds the URL on any host (0.0.0.0 too: the banner's Control API line, or its JSON line's controlApi, names it).

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { withoutSkymockSettings } from "./server-process.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const cleanEnv = withoutSkymockSettings();

export interface RawProcess {
  url: string;
  child: ChildProcess;
  /** stdout and stderr as they arrived */
  output(): string;
  /** resolves with the exit code and signal once it has ended, or rejects after `ms` */
  exited(ms: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if it still runs (afterEach) */
  kill(): void;
}

/** `entry`: what node runs, by default the command; `["-e", code]` runs code that calls the bundle's main */
export async function startRaw(args: string[] = [], env: Record<string, string> = {}, entry = ["bin/skymock.js"]): Promise<RawProcess> {
  const child = spawn(process.execPath, [...entry, "start", "--port", "0", ...args], {
    cwd: ROOT,
    env: { ...cleanEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`skymock did not start:\n${out}`)), 15_000);
    const collect = (d: Buffer) => {
      out += d;
      const m = /(?:Control API: |"controlApi":")(http:\/\/[^\s"]+)\/_emulator/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    void ended.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`skymock exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    exited: (ms) =>
      Promise.race([
        ended,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${out}`)), ms).unref()),
      ]),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}

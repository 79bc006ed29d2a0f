// The `openstack` command run in a long-lived Python process (openstack-runner.py): the same entry point,
// arguments, environment and output as a process per command, without paying Python's start-up and the
// client's imports (1–5 s on a loaded machine) for each. A small pool serves commands run at once.
// SKYMOCK_CLI_PROCESS=1 runs each command as its own process instead (to rule the runner out).

import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface RunnerResult {
  code: number;
  stdout: string;
  stderr: string;
}

const SCRIPT = fileURLToPath(new URL("./openstack-runner.py", import.meta.url));

/** The Python that runs `openstack` here: its script's `#!` line. */
function interpreter(): string {
  const path = execFileSync("sh", ["-c", "command -v openstack"], { encoding: "utf8" }).trim();
  const shebang = readFileSync(path, "utf8").split("\n", 1)[0] ?? "";
  return shebang.startsWith("#!") ? shebang.slice(2).trim().split(/\s+/)[0]! : "python3";
}

interface Worker {
  child: ChildProcessWithoutNullStreams;
  buffered: string;
  answer?: (line: string) => void;
}

const idle: Worker[] = [];
let python: string | undefined;

function start(base: Record<string, string>): Worker {
  python ??= interpreter();
  const child = spawn(python, [SCRIPT], { env: base, stdio: ["pipe", "pipe", "pipe"] });
  const worker: Worker = { child, buffered: "" };
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    worker.buffered += chunk;
    const end = worker.buffered.indexOf("\n");
    if (end < 0) return;
    const line = worker.buffered.slice(0, end);
    worker.buffered = worker.buffered.slice(end + 1);
    worker.answer?.(line);
  });
  let failure = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    failure = (failure + chunk).slice(-4000);
  });
  child.stdin.on("error", () => undefined);
  child.on("exit", () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    worker.answer?.(JSON.stringify({ code: 1, stdout: "", stderr: `openstack runner exited: ${failure}` }));
  });
  return worker;
}

function rest(worker: Worker, busy: boolean): void {
  // the streams are sockets: an idle runner must not keep the test process alive
  const handles = [worker.child, worker.child.stdout, worker.child.stderr, worker.child.stdin] as unknown as { ref(): void; unref(): void }[];
  for (const handle of handles) {
    if (busy) handle.ref();
    else handle.unref();
  }
}

/** `openstack args` with `env` over `base` (the runner's own environment), in `cwd`, answered as a process would. */
export function runOpenstack(args: string[], env: Record<string, string>, base: Record<string, string>, timeout: number, cwd?: string): Promise<RunnerResult> {
  const worker = idle.pop() ?? start(base);
  rest(worker, true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      worker.answer = undefined;
      worker.child.kill("SIGKILL");
      resolve({ code: 1, stdout: "", stderr: `openstack ${args.join(" ")}: timed out after ${timeout} ms` });
    }, timeout);
    worker.answer = (line) => {
      clearTimeout(timer);
      worker.answer = undefined;
      let result: RunnerResult;
      try {
        result = JSON.parse(line) as RunnerResult;
      } catch {
        result = { code: 1, stdout: "", stderr: `openstack runner answered: ${line.slice(0, 500)}` };
      }
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        rest(worker, false);
        idle.push(worker);
      }
      resolve(result);
    };
    worker.child.stdin.write(`${JSON.stringify({ args, env: { ...base, ...env }, cwd })}\n`);
  });
}

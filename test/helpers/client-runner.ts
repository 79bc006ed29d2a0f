// A Python CLI (`openstack`, `swift`, `aws`) run in a long-lived Python process (client-runner.py): the
// same entry point, arguments, environment, working directory and output as a process per command,
// without paying Python's start-up and the client's imports (1–5 s on a loaded machine) for each. A small
// pool per program serves commands run at once. SKYMOCK_CLI_PROCESS=1 runs each command as its own
// process instead (to rule the runner out).

import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface RunnerResult {
  code: number;
  stdout: string;
  stderr: string;
}

const SCRIPT = fileURLToPath(new URL("./client-runner.py", import.meta.url));

export type Program = "openstack" | "swift" | "aws";

/**
 * The Python that runs `command` here (a path, or a name on PATH): its script's `#!` line; a pyenv shim's
 * through `pyenv which`. Undefined when it is not a Python script (the caller runs it as a process).
 */
export function interpreterOf(command: string): string | undefined {
  try {
    let path = execFileSync("sh", ["-c", 'command -v "$0"', command], { encoding: "utf8" }).trim();
    if (path.includes("/.pyenv/shims/")) path = execFileSync("pyenv", ["which", command.split("/").pop()!], { encoding: "utf8" }).trim();
    const shebang = readFileSync(path, "utf8").split("\n", 1)[0] ?? "";
    const program = shebang.startsWith("#!") ? shebang.slice(2).trim().split(/\s+/) : [];
    // `#!/usr/bin/env python3` names the interpreter second
    const python = program[0]?.endsWith("/env") ? program[1] : program[0];
    return python && /python[0-9.]*$/.test(python) ? python : undefined;
  } catch {
    return undefined;
  }
}

interface Worker {
  child: ChildProcessWithoutNullStreams;
  buffered: string;
  answer?: (line: string) => void;
}

const idle = new Map<Program, Worker[]>();

function start(program: Program, python: string, base: Record<string, string>): Worker {
  const child = spawn(python, [SCRIPT, program], { env: base, stdio: ["pipe", "pipe", "pipe"] });
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
    const pool = idle.get(program) ?? [];
    const at = pool.indexOf(worker);
    if (at >= 0) pool.splice(at, 1);
    worker.answer?.(JSON.stringify({ code: 1, stdout: "", stderr: `${program} runner exited: ${failure}` }));
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

/**
 * `program args` with `env` over `base` (the runner's own environment), in `cwd`, answered as a process
 * would; `python` is the program's interpreter (interpreterOf).
 */
export function runInRunner(
  program: Program,
  python: string,
  args: string[],
  env: Record<string, string>,
  base: Record<string, string>,
  timeout: number,
  cwd?: string,
): Promise<RunnerResult> {
  const pool = idle.get(program) ?? [];
  idle.set(program, pool);
  const worker = pool.pop() ?? start(program, python, base);
  rest(worker, true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      worker.answer = undefined;
      worker.child.kill("SIGKILL");
      resolve({ code: 1, stdout: "", stderr: `${program} ${args.join(" ")}: timed out after ${timeout} ms` });
    }, timeout);
    worker.answer = (line) => {
      clearTimeout(timer);
      worker.answer = undefined;
      let result: RunnerResult;
      try {
        result = JSON.parse(line) as RunnerResult;
      } catch {
        result = { code: 1, stdout: "", stderr: `${program} runner answered: ${line.slice(0, 500)}` };
      }
      if (worker.child.exitCode === null && worker.child.signalCode === null) {
        rest(worker, false);
        pool.push(worker);
      }
      resolve(result);
    };
    worker.child.stdin.write(`${JSON.stringify({ args, env: { ...base, ...env }, cwd })}\n`);
  });
}

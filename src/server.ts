// Process entry: options -> createEmulator() -> listen, the banner and the process log (requests, fault
// firings, lifecycle steps, errors), and a clean stop on SIGINT/SIGTERM or when npm's shell goes away.

import { writeFileSync } from "node:fs";
import { createEmulator, type Emulator } from "./app.js";
import { banner } from "./banner.js";
import type { EmulatorOptions } from "./config.js";
import { createLogger, reportError, setErrorLog, type Logger, type LogLevel } from "./log.js";

/**
 * Starts the emulator and logs to `write` (by default stdout for info and debug, stderr for the rest).
 * Resolves once it listens.
 */
export async function startServer(options: EmulatorOptions, write?: (line: string, level: LogLevel) => void): Promise<Emulator> {
  const emulator = createEmulator(options);
  const o = emulator.options;
  const log = createLogger({ level: o.logLevel, format: o.logFormat, write });
  setErrorLog(log);
  attachLog(emulator, log);
  await emulator.listen();
  // for a health check that cannot know which of --port, SKYMOCK_PORT or a config file set the port
  if (o.urlFile) writeFileSync(o.urlFile, `${emulator.url}\n`);
  const port = Number(new URL(emulator.url!).port);
  const shown = banner(emulator, port);
  if (log.format === "json") log.info(shown.headline, shown.fields);
  else log.info(shown.text);

  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`skymock: ${why}, stopping`);
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    emulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  stopWithNpm(process.env, () => stop("the npm process that started it is gone"));
  return emulator;
}

/** The kernel's listeners, set only for what the log will write: a request costs nothing more when off. */
function attachLog(emulator: Emulator, log: Logger): void {
  const { kernel, options } = emulator;
  kernel.onError = reportError;
  if (options.requestLog && log.enabled("info")) {
    kernel.requests.onRecord = (r) =>
      log.info(`${r.method} ${r.path} ${r.status} ${r.durationMs}ms ${r.operation ?? "-"} project=${r.project ?? "-"} ${r.requestId}`, {
        method: r.method,
        path: r.path,
        status: r.status,
        ms: r.durationMs,
        requestId: r.requestId,
        operation: r.operation,
        project: r.project,
      });
  }
  if (log.enabled("debug")) {
    kernel.faults.onFired = (f) =>
      log.debug(`fault ${f.ruleId} fired: ${f.effect} on ${f.method} ${f.path} (${f.operation})`, { ...f });
    kernel.transitions.onStep = (s) =>
      log.debug(`${s.type} ${s.resourceId}: ${s.from} -> ${s.to}`, { transition: s.type, resourceId: s.resourceId, from: s.from, to: s.to });
  }
}

/**
 * `npx skymock start` and `npm start` run the command through `sh -c`: a signal to npm ends npm and its
 * shell, not node, which would keep the port. Started by npm (it sets npm_command or npm_lifecycle_event),
 * the emulator stops once its parent is gone. Started any other way it never does: `nohup skymock start &`
 * must outlive its shell.
 */
function stopWithNpm(env: NodeJS.ProcessEnv, stop: () => void): void {
  if (!env.npm_command && !env.npm_lifecycle_event) return;
  const parent = process.ppid;
  // a parent that dies hands its children to init (or a subreaper): the parent id changes
  const timer = setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 250);
  timer.unref();
}

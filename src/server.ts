// Process entry: options -> createEmulator() -> listen, the banner and the process log (requests, fault
// firings, lifecycle steps, errors), a warning when the control API is open to the network, errors nobody
// handled logged rather than fatal, and a clean stop on SIGINT/SIGTERM or when npm's shell goes away.

import { readFileSync, writeFileSync } from "node:fs";
import { createEmulator, type Emulator } from "./app.js";
import { banner, isLoopback } from "./banner.js";
import type { EmulatorOptions } from "./config.js";
import { createLogger, reportError, setErrorLog, type Logger, type LogLevel } from "./log.js";

/**
 * Whether `pid` is what adopts orphans: init (1), or a subreaper (systemd, tini, docker-init, dumb-init). A
 * process whose first parent is one was orphaned before this module loaded: the npm that started it is gone.
 */
function isReaper(pid: number): boolean {
  if (pid === 1) return true;
  if (process.platform !== "linux") return false;
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return /(^|\/)(systemd|tini|docker-init|dumb-init|catatonit|s6-svscan)$/.test(argv0);
  } catch {
    return false;
  }
}

/** The process's parent when this module loaded, before start-up: stopWithNpm compares with it. */
const PARENT_AT_LOAD = process.ppid;

/** How long requests under way at SIGTERM get to finish. */
export const STOP_GRACE_MS = 2000;
/** How long the last state save at a stop (--persist) gets on top of that. */
const SAVE_GRACE_MS = 30_000;

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
  const persistence = emulator.persistence;
  if (persistence) {
    const from = persistence.loadedSavedAt ? `loaded from ${persistence.file} (saved ${persistence.loadedSavedAt})` : `new, kept in ${persistence.file}`;
    log.info(`state ${from}; saved on stop and every ${o.persistInterval} s when it changed`, { stateFile: persistence.file, loaded: !!persistence.loadedSavedAt });
    if (log.enabled("debug")) {
      persistence.onSaved = (r) => log.debug(`state saved to ${r.file}: ${r.chars} characters in ${Math.round(r.totalMs)} ms`, { ...r });
    }
  }
  await emulator.listen();
  // for a health check that cannot know which of --port, SKYMOCK_PORT or a config file set the port
  if (o.urlFile) writeFileSync(o.urlFile, `${emulator.url}\n`);
  const port = Number(new URL(emulator.url!).port);
  const shown = banner(emulator, port);
  if (log.format === "json") log.info(shown.headline, shown.fields);
  else log.info(shown.text);
  if (o.controlToken === undefined && !isLoopback(o.host)) {
    log.warn(
      `listening on ${o.host} with the control API (/_emulator) open: anyone who reaches this port can read and replace ` +
        "the whole state. Set --control-token (SKYMOCK_CONTROL_TOKEN) to require a secret.",
      { host: o.host, controlToken: false },
    );
  }
  keepServing(log);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`skymock: ${why}, stopping`);
    // new connections are refused at once; requests under way get STOP_GRACE_MS to finish, then their
    // connections are closed: one still held by then (an injected latency, say) gets no answer at all. With
    // --persist the last save follows: a big world's gets time (a save cut short leaves the previous file whole)
    const force = setTimeout(() => process.exit(0), STOP_GRACE_MS + 1000 + (persistence ? SAVE_GRACE_MS : 0));
    force.unref();
    emulator.close({ graceMs: STOP_GRACE_MS }).then(() => process.exit(0));
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  stopWithNpm(process.env, () => stop("the npm process that started it is gone"));
  return emulator;
}

let keptServing = false;

/**
 * An exception or promise rejection nobody handled is logged and the emulator keeps serving: every state
 * change is one store update that commits whole or not at all, so whatever failed left nothing half made,
 * while ending the process would lose the world every test against it depends on. Only the command's
 * process does this; a program that embeds createEmulator() keeps its own policy.
 */
function keepServing(log: Logger): void {
  if (keptServing) return;
  keptServing = true;
  process.on("uncaughtException", (error) => log.error("uncaught exception; the emulator keeps serving", { error }));
  process.on("unhandledRejection", (reason) => log.error("unhandled promise rejection; the emulator keeps serving", { error: reason }));
}

/** The kernel's listeners, set only for what the log will write: a request costs nothing more when off. */
function attachLog(emulator: Emulator, log: Logger): void {
  const { kernel, options } = emulator;
  kernel.onError = reportError;
  if (options.requestLog && log.enabled("info")) {
    const pretty = log.format === "pretty";
    kernel.requests.onRecord = (r) =>
      // the pretty line starts with the wall-clock time (a json line carries it as `time`)
      log.info(`${pretty ? `${new Date().toISOString()} ` : ""}${r.method} ${r.path} ${r.status} ${r.durationMs}ms ${r.operation ?? "-"} project=${r.project ?? "-"} ${r.requestId}`, {
        method: r.method,
        path: r.path,
        status: r.status,
        ms: r.durationMs,
        requestId: r.requestId,
        operation: r.operation,
        project: r.project,
      });
  }
  if (emulator.amqp) logBus(kernel, log);
  if (log.enabled("debug")) {
    kernel.faults.onFired = (f) =>
      log.debug(`fault ${f.ruleId} fired: ${f.effect} on ${f.method} ${f.path} (${f.operation})`, { ...f });
    kernel.transitions.onStep = (s) =>
      log.debug(`${s.type} ${s.resourceId}: ${s.from} -> ${s.to}`, { transition: s.type, resourceId: s.resourceId, from: s.from, to: s.to });
  }
}

/** A line for each change of the AMQP bridge's connection and each message it rejected or dropped. */
function logBus(kernel: Emulator["kernel"], log: Logger): void {
  kernel.events.subscribe("amqp.connection.opened", (e) => log.info(`amqp: connected to ${e.payload.url}`, { ...e.payload }));
  kernel.events.subscribe("amqp.connection.lost", (e) =>
    log.warn(`amqp: lost ${e.payload.url} (${e.payload.reason}); notifications are buffered (${e.payload.buffered} now) and sent once it reconnects`, { ...e.payload }),
  );
  kernel.events.subscribe("amqp.message.rejected", (e) =>
    log.warn(`amqp: dead-lettered a message (${e.payload.eventType ?? "no event_type"}, message_id ${e.payload.messageId ?? "none"}): ${e.payload.reason}`, { ...e.payload }),
  );
  kernel.events.subscribe("amqp.message.dropped", (e) => log.warn(`amqp: the buffer is full (${e.payload.bound}); notifications are dropped until the broker is back`, { ...e.payload }));
}

/**
 * `npx skymock start` and `npm start` run the command through `sh -c`: a signal to npm ends npm and its
 * shell, not node, which would keep the port. Started by npm (it sets npm_command or npm_lifecycle_event),
 * the emulator stops once its parent is gone. Started any other way it never does: `nohup skymock start &`
 * must outlive its shell.
 */
function stopWithNpm(env: NodeJS.ProcessEnv, stop: () => void): void {
  if (!env.npm_command && !env.npm_lifecycle_event) return;
  // a parent that dies hands its children to init (or a subreaper): the parent id changes. The parent is
  // the one this process started under: npm stopped while the emulator was still starting is gone already
  if (process.ppid !== PARENT_AT_LOAD || isReaper(PARENT_AT_LOAD)) return stop();
  const timer = setInterval(() => {
    if (process.ppid !== PARENT_AT_LOAD) stop();
  }, 250);
  timer.unref();
}

// The process's log: four levels, and two formats: `pretty` (the message as a person reads it; errors with
// their stack) or `json` (one object per line: time, level, msg and the fields). Errors and warnings go to
// stderr, the rest to stdout. Written here rather than taken from a library: this is all skymock needs.

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export const LOG_FORMATS = ["pretty", "json"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = (typeof LOG_FORMATS)[number];
export type LogFields = Record<string, unknown>;

export interface Logger {
  readonly level: LogLevel;
  readonly format: LogFormat;
  /** whether lines of this level are written (check before building an expensive message) */
  enabled(level: LogLevel): boolean;
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  debug(msg: string, fields?: LogFields): void;
}

export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** where a finished line goes (with its newline); stdout for info and debug, stderr for the others */
  write?: (line: string, level: LogLevel) => void;
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

let stdioGuarded = false;

function writeToStdio(line: string, level: LogLevel): void {
  if (!stdioGuarded) {
    // a reader that went away (`skymock start | head`) loses the lines, as with console.log; the emulator
    // goes on serving instead of dying of an unhandled EPIPE
    stdioGuarded = true;
    for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
  }
  (RANK[level] <= RANK.warn ? process.stderr : process.stdout).write(line);
}

export function createLogger({ level = "info", format = "pretty", write = writeToStdio }: LoggerOptions = {}): Logger {
  const max = RANK[level];
  const render = format === "json" ? jsonLine : prettyLine;
  const at = (lineLevel: LogLevel) => (msg: string, fields?: LogFields) => {
    if (RANK[lineLevel] <= max) write(render(lineLevel, msg, fields), lineLevel);
  };
  return {
    level,
    format,
    enabled: (l) => RANK[l] <= max,
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
  };
}

/** The message, prefixed by its level unless it is plain information; an `error` field adds its stack. */
function prettyLine(level: LogLevel, msg: string, fields?: LogFields): string {
  const error = fields?.error;
  const detail = error instanceof Error ? `\n${error.stack ?? error.message}` : error !== undefined ? `: ${String(error)}` : "";
  return `${level === "info" ? "" : `skymock ${level}: `}${msg}${detail}\n`;
}

function jsonLine(level: LogLevel, msg: string, fields?: LogFields): string {
  const record: LogFields = { time: new Date().toISOString(), level, msg, ...fields };
  if (record.error instanceof Error) {
    const e = record.error;
    record.error = { name: e.name, message: e.message, stack: e.stack };
  }
  return `${JSON.stringify(record)}\n`;
}

/**
 * Where errors nobody asked for are reported (an unexpected exception in a handler, the control API, a
 * scheduled job): a logger the process entry installs, else stderr, so an embedding test still sees them.
 */
let errorLog: Logger = createLogger({ level: "error" });

export function reportError(msg: string, error: unknown): void {
  errorLog.error(msg, { error });
}

/** Sends reportError() to this logger (server.ts, once it knows the configured level and format). */
export function setErrorLog(logger: Logger): void {
  errorLog = logger;
}

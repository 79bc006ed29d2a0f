// Emulator options, from flags, environment variables or a config file, parsed by zod. Flags win over
// the environment, which wins over the file. OPTIONS is the one table of every option's flag, variable,
// default and meaning: the command's parser, its usage text and the error messages all read it.

import { readFileSync } from "node:fs";
import * as z from "zod";
import type { KernelOptions } from "./kernel/kernel.js";
import type { ServiceModule } from "./kernel/service.js";
import { randomSeed } from "./kernel/ids.js";
import { LOG_FORMATS, LOG_LEVELS } from "./log.js";
import { loadWorldFrom, parseYaml, type WorldDocument } from "./world.js";
import type { OptionSpec } from "./kernel/options.js";
// a service's own options are declared in its folder; they take their place in the one table here
import { SERVICES, type SeedSections, type ServiceOptionFields } from "./services.js";
import type { FaultRuleInput } from "./kernel/faults.js";
import { dirname, isAbsolute, resolve } from "node:path";
import { MAX_TEXT_BYTES } from "./kernel/http/body.js";

/** A switch: true or false, also as the strings a flag or an environment variable carries. */
const onOff = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]);

/** Every listed service's option fields and rows, and its config-file fields that hold file paths. */
const serviceOptionsSchema = Object.assign({}, ...SERVICES.map((s) => s.options?.fields)) as ServiceOptionFields;
const SERVICE_OPTIONS = Object.assign({}, ...SERVICES.map((s) => s.options?.rows)) as Record<keyof ServiceOptionFields, OptionSpec>;
const SERVICE_FILE_PATHS: ReadonlyArray<readonly [string, string]> = SERVICES.flatMap((s): ReadonlyArray<readonly [string, string]> => s.options?.filePaths ?? []);

const rateLimitObject = z.object({ requests: z.number().int().min(0), windowSeconds: z.number().positive() });

export const optionsSchema = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(8480),
    host: z.string().default("127.0.0.1"),
    /** scenario name, seed file or directory; or an inline world object */
    seed: z.union([z.string(), z.record(z.string(), z.unknown())]).default("default"),
    region: z.string().default("RegionOne"),
    timeFactor: z.coerce.number().positive().default(1),
    frozenClock: onOff.default(false),
    /** virtual clock start, ISO time or epoch ms; now when absent */
    startTime: z.union([z.number(), z.string().datetime({ offset: true }).transform((v) => Date.parse(v))]).optional(),
    randomSeed: z.coerce.number().int().optional(),
    tokenTtlSeconds: z.coerce.number().int().positive().default(3600),
    /** `spec` renders the platform spec's shapes where they differ from upstream; `upstream` renders the real clouds' */
    profile: z.enum(["spec", "upstream"]).default("spec"),
    ...serviceOptionsSchema,
    /** `100/60` (100 requests per 60 s per project), `100` (per minute), or the object */
    rateLimit: z
      .union([z.string().regex(/^\d+(\/[\d.]+)?$/).transform(parseRateLimit).pipe(rateLimitObject), rateLimitObject])
      .default({ requests: 0, windowSeconds: 60 }),
    logLevel: z.enum(LOG_LEVELS).default("info"),
    logFormat: z.enum(LOG_FORMATS).default("pretty"),
    requestLog: onOff.default(false),
    /** a file the listening URL is written to (the container's HEALTHCHECK reads it) */
    urlFile: z.string().min(1).optional(),
    /** a directory uploaded bytes (images, objects) are kept in, one file each; memory when absent */
    dataDir: z.string().min(1).optional(),
    /** keep the whole state in dataDir/state.json across restarts (saved on stop and every persistInterval) */
    persist: onOff.default(false),
    persistInterval: z.coerce.number().positive().default(5),
    /** a secret every /_emulator route but health then requires (Bearer or X-Skymock-Control-Token) */
    controlToken: z.string().min(1).optional(),
    maxPageSize: z.coerce.number().int().positive().default(1000),
    maxBodyBytes: z.coerce.number().int().positive().default(1024 * 1024),
    /** the largest snapshot PUT /_emulator/state reads (never past the longest string the runtime holds) */
    maxSnapshotBytes: z.coerce.number().int().positive().max(MAX_TEXT_BYTES).default(MAX_TEXT_BYTES),
    eventLogSize: z.coerce.number().int().positive().default(10_000),
    requestLogSize: z.coerce.number().int().positive().default(10_000),
    /** fault rules active from the start (same shape as POST /_emulator/faults) */
    faults: z.array(z.unknown()).default([]),
    /** the AMQP bridge (off when absent): notifications published on, and error notifications taken from, this broker */
    amqpUrl: z.string().regex(/^amqps?:\/\/[^\s]+$/).optional(),
    amqpExchange: z.string().min(1).max(255).default("nova"),
    /** the topics published; each one's `<topic>.error` routing key is consumed */
    amqpTopics: z
      .union([z.string().transform((v) => v.split(",").map((t) => t.trim()).filter(Boolean)), z.array(z.string())])
      .pipe(z.array(z.enum(["notifications", "versioned_notifications"])).min(1))
      .default(["notifications", "versioned_notifications"]),
    amqpQueue: z.string().min(1).max(255).default("skymock.error"),
    amqpBufferSize: z.coerce.number().int().positive().default(10_000),
    amqpDurable: onOff.default(false),
  })
  .strict();

export type OptionsInput = z.input<typeof optionsSchema>;
export type OptionKey = keyof OptionsInput;

export type { OptionSpec };

/** Every option (the compiler insists on a row per schema key), in the order the usage lists them. */
export const OPTIONS: Record<OptionKey, OptionSpec> = {
  port: { flag: "--port", value: "N", env: "SKYMOCK_PORT", default: "8480",
    description: "port to listen on; 0 picks a free one", invalid: "is not a port (0 to 65535)" },
  host: { flag: "--host", value: "H", env: "SKYMOCK_HOST", default: "127.0.0.1",
    description: "address to bind; 0.0.0.0 for all interfaces (the container does)" },
  seed: { flag: "--seed", value: "REF", env: "SKYMOCK_SEED", default: "default",
    description: "seed world: a scenario name, a file or a directory", invalid: "is not a seed (a scenario name, a file or a directory)" },
  region: { flag: "--region", value: "NAME", env: "SKYMOCK_REGION", default: "RegionOne",
    description: "region name in the catalog and in the printed credentials" },
  timeFactor: { flag: "--time-factor", value: "N", env: "SKYMOCK_TIME_FACTOR", default: "1",
    description: "virtual time runs N times faster than real time" },
  frozenClock: { flag: "--frozen-clock", env: "SKYMOCK_FROZEN_CLOCK", default: "off",
    description: "time moves only when advanced through the control API", invalid: "is not true or false" },
  startTime: { flag: "--start-time", value: "T", env: "SKYMOCK_START_TIME", default: "now",
    description: "the virtual clock's start, ISO time", invalid: "is not an ISO time (such as 2030-01-01T00:00:00Z)" },
  randomSeed: { flag: "--random-seed", value: "N", env: "SKYMOCK_RANDOM_SEED", default: "random",
    description: "makes every generated id, token and secret reproducible" },
  tokenTtlSeconds: { flag: "--token-ttl", value: "S", env: "SKYMOCK_TOKEN_TTL", default: "3600",
    description: "token lifetime in seconds" },
  profile: { flag: "--profile", value: "P", env: "SKYMOCK_PROFILE", default: "spec",
    description: "spec: the platform spec's shapes; upstream: the real services' exact ones",
    invalid: "is not a profile (spec or upstream)" },
  ...SERVICE_OPTIONS,
  rateLimit: { flag: "--rate-limit", value: "N[/S]", env: "SKYMOCK_RATE_LIMIT", default: "off",
    description: "N requests per S seconds (default 60) per project; per client address without a token", invalid: "is not a rate limit (N or N/S: N requests per S seconds)" },
  logLevel: { flag: "--log-level", value: "LEVEL", env: "SKYMOCK_LOG_LEVEL", default: "info",
    description: "error, warn, info or debug (fault firings, lifecycle transitions)" },
  logFormat: { flag: "--log-format", value: "F", env: "SKYMOCK_LOG_FORMAT", default: "pretty",
    description: "pretty, or json: one object per line" },
  requestLog: { flag: "--request-log", env: "SKYMOCK_REQUEST_LOG", default: "off",
    description: "a log line per request (paths no service owns too): time, method, path, status, ms, request id", invalid: "is not true or false" },
  urlFile: { flag: "--url-file", value: "FILE", env: "SKYMOCK_URL_FILE", default: "none",
    description: "write the listening URL to FILE (the image's HEALTHCHECK reads it)" },
  dataDir: { flag: "--data-dir", value: "DIR", env: "SKYMOCK_DATA_DIR", default: "none",
    description: "keep uploaded bytes (images, objects) in files under DIR, not in memory" },
  persist: { flag: "--persist", env: "SKYMOCK_PERSIST", default: "off",
    description: "keep the state in DIR/state.json (with --data-dir): saved on stop and periodically, loaded at start",
    invalid: "is not true or false" },
  persistInterval: { flag: "--persist-interval", value: "S", env: "SKYMOCK_PERSIST_INTERVAL", default: "5",
    description: "with --persist, save changes every S seconds: a crash loses at most the last S seconds", invalid: "is not a positive number of seconds" },
  controlToken: { flag: "--control-token", value: "TOKEN", env: "SKYMOCK_CONTROL_TOKEN", default: "none",
    description: "/_emulator then requires it (Authorization: Bearer TOKEN); health stays open",
    invalid: "is not a token (non-empty text)" },
  maxPageSize: { default: "1000", description: "largest page a list returns" },
  maxBodyBytes: { default: "1048576", description: "largest request body in bytes" },
  maxSnapshotBytes: { default: String(MAX_TEXT_BYTES), description: "largest state snapshot (PUT /_emulator/state) in bytes" },
  eventLogSize: { default: "10000", description: "events the events journal keeps" },
  requestLogSize: { default: "10000", description: "requests the requests journal keeps" },
  faults: { default: "none", description: "fault rules active from the start (as POST /_emulator/faults)" },
  amqpUrl: { flag: "--amqp-url", value: "URL", env: "SKYMOCK_AMQP_URL", default: "none",
    description: "publish notifications on this AMQP broker and act on its error notifications (amqp://user:pass@host:5672/vhost)",
    invalid: "is not an AMQP URL (amqp://user:pass@host:5672/vhost)" },
  amqpExchange: { flag: "--amqp-exchange", value: "NAME", env: "SKYMOCK_AMQP_EXCHANGE", default: "nova",
    description: "the topic exchange notifications go to (oslo.messaging's control exchange)" },
  amqpTopics: { flag: "--amqp-topics", value: "LIST", env: "SKYMOCK_AMQP_TOPICS", default: "notifications,versioned_notifications",
    description: "topics published (routing key <topic>.<priority>); each one's <topic>.error is consumed",
    invalid: "is not a list of notifications and versioned_notifications" },
  amqpQueue: { flag: "--amqp-queue", value: "NAME", env: "SKYMOCK_AMQP_QUEUE", default: "skymock.error",
    description: "the queue the bridge consumes error notifications from (dead letters go to NAME.dead-letter)" },
  amqpBufferSize: { flag: "--amqp-buffer", value: "N", env: "SKYMOCK_AMQP_BUFFER", default: "10000",
    description: "notifications kept while the broker is unreachable; past it they are dropped and counted",
    invalid: "is not a positive whole number" },
  amqpDurable: { flag: "--amqp-durable", env: "SKYMOCK_AMQP_DURABLE", default: "off",
    description: "a durable exchange and persistent messages (oslo's amqp_durable_queues)", invalid: "is not true or false" },
};

/** --config names the file the other options may come from: a flag and a variable, not a key. */
export const CONFIG_FILE_OPTION: OptionSpec = {
  flag: "--config",
  value: "FILE",
  env: "SKYMOCK_CONFIG",
  default: "none",
  description: "options as JSON or YAML, under the keys shown; also faults: [rules]",
};

/**
 * What createEmulator takes: the schema's input, with the two values it hands on unparsed typed as what
 * parses them later: the seed world (the services' loaders) and fault rules (the fault rule schema).
 */
export type EmulatorOptions = Omit<OptionsInput, "seed" | "faults"> & {
  seed?: string | SeedSections;
  faults?: FaultRuleInput[];
  /** replaces the default service list (tests of the kernel mount their own) */
  services?: ServiceModule[];
};

export interface ResolvedOptions extends Omit<z.output<typeof optionsSchema>, "seed"> {
  seedWorld: WorldDocument;
  seedRef: string;
  randomSeedGiven: boolean;
  kernel: KernelOptions;
}

export function resolveOptions(input: EmulatorOptions): ResolvedOptions {
  const { services: _services, ...rest } = input;
  // parsed once: zod's generated fast path would cost more than it saves
  const parsed = optionsSchema.safeParse(rest, { jitless: true });
  if (!parsed.success) throw new OptionsError(describeOptionIssues(parsed.error, rest));
  const o = parsed.data;
  if (o.persist && o.dataDir === undefined) {
    throw new OptionsError(`${optionNames("persist")}: needs ${optionNames("dataDir")}, the directory the state is kept in`);
  }
  const seedWorld = typeof o.seed === "string" ? loadWorldFrom(o.seed) : (o.seed as WorldDocument);
  const seed = o.randomSeed ?? randomSeed();
  return {
    ...o,
    seedWorld,
    seedRef: typeof o.seed === "string" ? o.seed : "(inline)",
    randomSeedGiven: o.randomSeed !== undefined,
    kernel: {
      randomSeed: seed,
      timeFactor: o.timeFactor,
      frozenClock: o.frozenClock,
      startTime: o.startTime,
      rateLimit: o.rateLimit,
      maxPageSize: o.maxPageSize,
      maxBodyBytes: o.maxBodyBytes,
      maxSnapshotBytes: o.maxSnapshotBytes,
      eventLogSize: o.eventLogSize,
      requestLogSize: o.requestLogSize,
      dataDir: o.dataDir,
      persist: o.persist,
    },
  };
}

/** Options a caller got wrong: one line per option, naming its flag, variable and config-file key. */
export class OptionsError extends Error {}

/** `--time-factor (SKYMOCK_TIME_FACTOR, config key timeFactor)`, or `config key maxPageSize`. */
export function optionNames(key: string): string {
  const spec = OPTIONS[key as OptionKey];
  if (!spec?.flag) return `config key ${key}`;
  return `${spec.flag} (${[spec.env, `config key ${key}`].filter(Boolean).join(", ")})`;
}

function describeOptionIssues(error: z.ZodError, input: Record<string, unknown>): string {
  const lines = new Map<string, string>();
  for (const issue of error.issues) {
    // an unknown key is reported once per key, on the object itself
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) lines.set(key, `config key ${key}: unknown option`);
      continue;
    }
    const key = String(issue.path[0] ?? "");
    if (lines.has(key)) continue; // the first problem of an option is enough
    const value = JSON.stringify(input[key]) ?? String(input[key]);
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    lines.set(key, `${optionNames(key)}: ${shown} ${OPTIONS[key as OptionKey]?.invalid ?? inWords(issue)}`);
  }
  return [...lines.values()].join("\n");
}

const TYPE_WORDS: Record<string, string> = { number: "a number", string: "text", boolean: "true or false", array: "a list", object: "a mapping" };

/** A zod issue in plain words: what is wrong with the value, never the validator's own wording. */
function inWords(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return "is not a whole number";
      return `is not ${TYPE_WORDS[issue.expected as string] ?? `a ${issue.expected}`}`;
    case "too_small":
      if (Number(issue.minimum) === 0 && !issue.inclusive) return "is not a positive number";
      return `must be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}`;
    case "too_big":
      return `must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}`;
    case "invalid_value":
      return `is not one of ${issue.values.join(", ")}`;
    case "invalid_format":
      return issue.format === "datetime" ? "is not an ISO time" : `is not a valid ${issue.format}`;
    case "custom":
      // a check's own words (two spellings of one setting that disagree, a webhook URL that is not loopback)
      return issue.message ? `is not valid: ${issue.message}` : "is not a valid value";
    default:
      return "is not a valid value";
  }
}

/** The options the environment sets: SKYMOCK_<NAME>, as OPTIONS names them; empty ones are ignored. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(OPTIONS)) {
    const value = spec.env === undefined ? undefined : env[spec.env];
    if (value !== undefined && value !== "") out[key] = value;
  }
  return out;
}

/** `100/60` = 100 requests per 60 s per project; `100` = per minute. */
export function parseRateLimit(value: string): { requests: number; windowSeconds: number } {
  const [requests, window] = value.split("/");
  return { requests: Number(requests), windowSeconds: window === undefined ? 60 : Number(window) };
}

export function optionsFromFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new OptionsError(`config file ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    throw new OptionsError(`config file ${path}: neither valid JSON nor valid YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new OptionsError(`config file ${path}: it must hold an object of options`);
  // a path a service option holds (a module of custom tasks) means the same wherever the emulator starts
  for (const [key, field] of SERVICE_FILE_PATHS) {
    const section = (doc as Record<string, Record<string, unknown> | undefined>)[key];
    const list = section && typeof section === "object" ? section[field] : undefined;
    if (Array.isArray(list)) section![field] = list.map((p) => (typeof p === "string" && !isAbsolute(p) ? resolve(dirname(path), p) : p));
  }
  return doc as Record<string, unknown>;
}

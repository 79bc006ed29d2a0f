// Emulator options, from flags, environment variables or a config file, parsed by zod. Flags win over
// the environment, which wins over the file.

import { readFileSync } from "node:fs";
import * as z from "zod";
import type { KernelOptions } from "./kernel/kernel.js";
import type { ServiceModule } from "./kernel/service.js";
import { randomSeed } from "./kernel/ids.js";
import { loadWorldFrom, parseYaml, type World } from "./world.js";

export const optionsSchema = z
  .object({
    port: z.coerce.number().int().min(0).max(65535).default(8480),
    host: z.string().default("127.0.0.1"),
    /** scenario name, seed file or directory; or an inline world object */
    seed: z.union([z.string(), z.record(z.string(), z.unknown())]).default("default"),
    timeFactor: z.coerce.number().positive().default(1),
    frozenClock: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]).default(false),
    /** virtual clock start, ISO time or epoch ms; now when absent */
    startTime: z
      .union([z.number(), z.string().datetime({ offset: true }).transform((v) => Date.parse(v))], {
        error: "expected an ISO time such as 2030-01-01T00:00:00Z, or epoch milliseconds",
      })
      .optional(),
    randomSeed: z.coerce.number().int().optional(),
    tokenTtlSeconds: z.coerce.number().int().positive().default(3600),
    /** compute: virtual seconds a server takes to build, and each action step */
    buildSeconds: z.coerce.number().min(0).default(5),
    actionSeconds: z.coerce.number().min(0).default(2),
    region: z.string().default("RegionOne"),
    rateLimit: z.object({ requests: z.coerce.number().int().min(0), windowSeconds: z.coerce.number().positive() }).default({ requests: 0, windowSeconds: 60 }),
    maxPageSize: z.coerce.number().int().positive().default(1000),
    maxBodyBytes: z.coerce.number().int().positive().default(1024 * 1024),
    eventLogSize: z.coerce.number().int().positive().default(10_000),
    requestLogSize: z.coerce.number().int().positive().default(10_000),
    /** fault rules active from the start (same shape as POST /_emulator/faults) */
    faults: z.array(z.unknown()).default([]),
    /** quiet: no request log lines */
    quiet: z.boolean().default(true),
  })
  .strict();

export type EmulatorOptions = z.input<typeof optionsSchema> & {
  /** replaces the default service list (tests of the kernel mount their own) */
  services?: ServiceModule[];
};

export interface ResolvedOptions extends Omit<z.output<typeof optionsSchema>, "seed"> {
  seedWorld: World;
  seedRef: string;
  randomSeedGiven: boolean;
  kernel: KernelOptions;
}

export function resolveOptions(input: EmulatorOptions): ResolvedOptions {
  const { services: _services, ...rest } = input;
  // parsed once: zod's generated fast path would cost more than it saves
  const parsed = optionsSchema.safeParse(rest, { jitless: true });
  if (!parsed.success) throw new OptionsError(describeOptionIssues(parsed.error));
  const o = parsed.data;
  const seedWorld = typeof o.seed === "string" ? loadWorldFrom(o.seed) : (o.seed as World);
  const seed = o.randomSeed ?? randomSeed();
  return {
    ...o,
    seedWorld,
    seedRef: typeof o.seed === "string" ? o.seed : "(inline)",
    randomSeedGiven: o.randomSeed !== undefined,
    kernel: {
      randomSeed: seed,
      timeFactor: o.timeFactor,
      frozenClock: o.frozenClock as boolean,
      startTime: o.startTime,
      rateLimit: o.rateLimit,
      maxPageSize: o.maxPageSize,
      maxBodyBytes: o.maxBodyBytes,
      eventLogSize: o.eventLogSize,
      requestLogSize: o.requestLogSize,
    },
  };
}

/** Options a caller got wrong; the message names each as a flag, a variable and a config-file key. */
export class OptionsError extends Error {}

/** The command-line flag of each option that has one (src/cli.ts parses them). */
export const OPTION_FLAGS: Partial<Record<keyof z.input<typeof optionsSchema>, string>> = {
  port: "--port",
  host: "--host",
  seed: "--seed",
  timeFactor: "--time-factor",
  frozenClock: "--frozen-clock",
  startTime: "--start-time",
  randomSeed: "--random-seed",
  tokenTtlSeconds: "--token-ttl",
  buildSeconds: "--build-seconds",
  actionSeconds: "--action-seconds",
  rateLimit: "--rate-limit",
};

function describeOptionIssues(error: z.ZodError): string {
  return error.issues
    .flatMap((issue) => {
      // an unknown key is reported once per key, on the object itself
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [issue.path.join(".")];
      return keys.map((key) => {
        const top = key.split(".")[0] as keyof typeof OPTION_FLAGS;
        const env = Object.entries(ENV_VARS).find(([, k]) => k === top)?.[0] ?? (top === "rateLimit" ? "SKYMOCK_RATE_LIMIT" : undefined);
        const aliases = [OPTION_FLAGS[top], env].filter(Boolean).join(", ");
        const message = issue.code === "unrecognized_keys" ? "not an option" : issue.message;
        return `${key || "options"}${aliases ? ` (${aliases})` : ""}: ${message}`;
      });
    })
    .join("; ");
}

/** Environment variables, SKYMOCK_<NAME>; a config file (JSON or YAML) named by SKYMOCK_CONFIG or --config. */
export const ENV_VARS: Record<string, keyof z.input<typeof optionsSchema>> = {
  SKYMOCK_PORT: "port",
  SKYMOCK_HOST: "host",
  SKYMOCK_SEED: "seed",
  SKYMOCK_TIME_FACTOR: "timeFactor",
  SKYMOCK_FROZEN_CLOCK: "frozenClock",
  SKYMOCK_START_TIME: "startTime",
  SKYMOCK_RANDOM_SEED: "randomSeed",
  SKYMOCK_TOKEN_TTL: "tokenTtlSeconds",
  SKYMOCK_BUILD_SECONDS: "buildSeconds",
  SKYMOCK_ACTION_SECONDS: "actionSeconds",
  SKYMOCK_REGION: "region",
};

export function optionsFromEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(ENV_VARS)) if (env[name] !== undefined && env[name] !== "") out[key] = env[name];
  if (env.SKYMOCK_RATE_LIMIT) out.rateLimit = parseRateLimit(env.SKYMOCK_RATE_LIMIT);
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
  return doc as Record<string, unknown>;
}

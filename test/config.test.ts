// The option table (src/config.ts) against what reads it: the schema's defaults, the environment, the
// usage text `skymock --help` prints (every option, columns aligned) and the plain-words error messages.

import { describe, expect, it } from "vitest";
import { CONFIG_FILE_OPTION, OPTIONS, OptionsError, optionsFromEnv, optionsSchema, resolveOptions, type OptionKey } from "../src/config.js";
import { CREDENTIAL_OPTIONS, flagText, usage } from "../src/cli/usage.js";

const entries = Object.entries(OPTIONS) as Array<[OptionKey, (typeof OPTIONS)[OptionKey]]>;

describe("the option table", () => {
  it("shows each option's default as the schema applies it", () => {
    const defaults = optionsSchema.parse({}) as Record<string, unknown>;
    const words: Record<string, unknown> = { off: false, now: undefined, random: undefined, none: undefined };
    for (const [key, spec] of entries) {
      const applied = defaults[key];
      if (key === "rateLimit") expect(applied).toEqual({ requests: 0, windowSeconds: 60 });
      else if (key === "faults") expect(applied).toEqual([]);
      else if (spec.default in words) expect(applied, key).toBe(words[spec.default]);
      else expect(String(applied), key).toBe(spec.default);
    }
  });

  it("names each flag and variable once", () => {
    const flags = [...entries.map(([, s]) => s.flag), CONFIG_FILE_OPTION.flag].filter(Boolean);
    const envs = [...entries.map(([, s]) => s.env), CONFIG_FILE_OPTION.env].filter(Boolean);
    expect(new Set(flags).size).toBe(flags.length);
    expect(new Set(envs).size).toBe(envs.length);
  });

  it("optionsFromEnv reads every variable of the table, and skips empty ones", () => {
    const env = Object.fromEntries(entries.filter(([, s]) => s.env).map(([key, s]) => [s.env!, `value of ${key}`]));
    const read = optionsFromEnv({ ...env, SKYMOCK_PORT: "" });
    for (const [key, spec] of entries) {
      if (spec.env && spec.env !== "SKYMOCK_PORT") expect(read[key]).toBe(`value of ${key}`);
    }
    expect(read).not.toHaveProperty("port");
  });
});

describe("skymock --help", () => {
  const lines = usage().split("\n");
  const header = lines.find((l) => l.trim().startsWith("flag "))!;
  const titles = ["flag", "environment", "config key", "default", "meaning"];
  /** a row's cells, cut where the header's titles start: a cell that overflows its column reads wrong */
  const cells = (row: string) => titles.map((title, i) => row.slice(header.indexOf(title), i + 1 < titles.length ? header.indexOf(titles[i + 1]) : undefined).trimEnd());
  const rows = lines.filter((l) => l.startsWith("  ") && l.length >= header.length - "meaning".length).map(cells);

  it("has a row per option with its flag, variable, config key, default and meaning, each in its column", () => {
    for (const [key, spec] of [...entries, ["", CONFIG_FILE_OPTION] as const]) {
      const expected = [spec.flag ? flagText(spec) : "", spec.env ?? "", key, spec.default, spec.description];
      expect(rows, `the row of ${key || spec.flag}`).toContainEqual(expected);
    }
  });

  it("lists the options of clouds-yaml and env", () => {
    for (const spec of Object.values(CREDENTIAL_OPTIONS)) {
      expect(lines.find((l) => l.startsWith(`  ${flagText(spec)} `))).toContain(spec.description);
    }
  });
});

describe("bad option values, in plain words", () => {
  const message = (input: Record<string, unknown>) => {
    try {
      resolveOptions(input);
    } catch (error) {
      expect(error).toBeInstanceOf(OptionsError);
      return (error as Error).message;
    }
    throw new Error("no error");
  };

  it.each([
    [{ timeFactor: -1 }, "--time-factor (SKYMOCK_TIME_FACTOR, config key timeFactor): -1 is not a positive number"],
    [{ timeFactor: "fast" }, '--time-factor (SKYMOCK_TIME_FACTOR, config key timeFactor): "fast" is not a number'],
    [{ buildSeconds: -1 }, "--build-seconds (SKYMOCK_BUILD_SECONDS, config key buildSeconds): -1 must be at least 0"],
    [{ randomSeed: 1.5 }, "--random-seed (SKYMOCK_RANDOM_SEED, config key randomSeed): 1.5 is not a whole number"],
    [{ port: -1 }, "--port (SKYMOCK_PORT, config key port): -1 is not a port (0 to 65535)"],
    [{ host: 8 }, "--host (SKYMOCK_HOST, config key host): 8 is not text"],
    [{ rateLimit: "5/0" }, '--rate-limit (SKYMOCK_RATE_LIMIT, config key rateLimit): "5/0" is not a rate limit (N or N/S: N requests per S seconds)'],
    [{ logFormat: "xml" }, '--log-format (SKYMOCK_LOG_FORMAT, config key logFormat): "xml" is not one of pretty, json'],
    [{ requestLog: "yes" }, '--request-log (SKYMOCK_REQUEST_LOG, config key requestLog): "yes" is not true or false'],
    [{ maxBodyBytes: 0 }, "config key maxBodyBytes: 0 is not a positive number"],
    [{ faults: {} }, "config key faults: {} is not a list"],
    [{ quiet: true }, "config key quiet: unknown option"],
  ])("%j", (input, expected) => {
    expect(message(input)).toBe(expected);
  });

  it("accepts what the words promise: N/S rate limits, switches as strings, an epoch start time", () => {
    const o = resolveOptions({ rateLimit: "100/30", requestLog: "1", frozenClock: "false", startTime: 0, logLevel: "debug" });
    expect(o).toMatchObject({ rateLimit: { requests: 100, windowSeconds: 30 }, requestLog: true, frozenClock: false, startTime: 0, logLevel: "debug" });
  });
});

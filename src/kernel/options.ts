// Emulator options as a service declares them: zod fields of the one options schema (config.ts) and their
// rows of the option table that the command's flags, environment variables, usage text and error messages
// read. A service lists its own in its folder; config.ts takes every listed service's without naming one.

import type { z } from "zod";

export interface OptionSpec {
  /** `--name`; absent for options only a config file sets */
  flag?: string;
  /** the flag's value as the usage names it; absent for a switch */
  value?: string;
  env?: string;
  /** the default as the usage shows it (test/config.test.ts checks it against the schema's) */
  default: string;
  description: string;
  /** what is wrong with a bad value, where the schema's own check would not say it well */
  invalid?: string;
}

/** A service's own options: schema fields, a row for each (the compiler insists), and file-path fields. */
export interface ServiceOptions<F extends z.ZodRawShape = z.ZodRawShape> {
  fields: F;
  rows: { [K in keyof F]: OptionSpec };
  /** config-file fields holding file paths, as [option, field]: relative ones are taken from the file's folder */
  filePaths?: ReadonlyArray<readonly [keyof F & string, string]>;
}

/** The options every service may read besides its own (config.ts parses them with the rest). */
export interface PlatformOptions {
  /** region name in the catalog */
  region: string;
  /** token lifetime in seconds */
  tokenTtlSeconds: number;
  /** `spec`: the platform spec's shapes; `upstream`: the real services' where they differ */
  profile: "spec" | "upstream";
}

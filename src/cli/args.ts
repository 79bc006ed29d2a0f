// A command's flags, read against the option table: `--name VALUE` or `--name=VALUE` for an option that
// takes a value (whatever the value looks like: `--time-factor -1` is a value for zod to refuse in our
// words), `--name` for a switch. Anything else is a UsageError (exit 2).

import type { OptionSpec } from "../config.js";

/** A mistake in how the command was called; main() prints it with a hint to --help and exits with 2. */
export class UsageError extends Error {}

export interface ParsedFlags {
  /** by option key; a switch is "true" (or the value given as --switch=VALUE) */
  values: Record<string, string>;
  help: boolean;
}

export function parseFlags(args: string[], options: Record<string, OptionSpec>): ParsedFlags {
  const byFlag = new Map<string, [string, OptionSpec]>();
  for (const [key, spec] of Object.entries(options)) if (spec.flag) byFlag.set(spec.flag, [key, spec]);
  const values: Record<string, string> = {};
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (!arg.startsWith("--")) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg : arg.slice(0, eq);
    const found = byFlag.get(name);
    if (!found) throw new UsageError(`unknown option ${name}`);
    const [key, spec] = found;
    if (eq !== -1) values[key] = arg.slice(eq + 1);
    else if (!spec.value) values[key] = "true";
    else if (i + 1 < args.length) values[key] = args[++i];
    else throw new UsageError(`${name} needs a value: ${name} ${spec.value}`);
  }
  return { values, help };
}

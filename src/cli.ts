// The `skymock` command: `start` runs the emulator; `clouds-yaml` and `env` print how to log in as a user of
// the seed world, without a server; `experiment run FILE` runs a chaos experiment against a running one;
// `help` and `version`. Options: config.ts's table (usage: src/cli/usage.ts).

import { pathToFileURL } from "node:url";
import { CONFIG_FILE_OPTION, OPTIONS, OptionsError, optionsFromEnv, optionsFromFile, resolveOptions, type OptionSpec } from "./config.js";
import { clientUrl, shellExports } from "./banner.js";
import { cloudsYaml, osEnvironment, seedCredentials, seedUserNames } from "./clouds.js";
import { parseFlags, UsageError } from "./cli/args.js";
import { CREDENTIAL_OPTIONS, packageVersion, usage } from "./cli/usage.js";
import { startServer } from "./server.js";
import { experimentCommand } from "./cli/experiment.js";

const HINT = "(skymock --help lists the commands and options)";

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === "help" || command === "--help" || command === "-h") return print(usage());
    if (command === "version" || command === "--version" || command === "-v") return print(packageVersion());
    if (command === "start") return await start(rest);
    if (command === "clouds-yaml" || command === "env") return credentials(command, rest);
    if (command === "experiment") {
      const code = await experimentCommand(rest, print);
      if (code !== 0) process.exit(code);
      return;
    }
    throw new UsageError(`unknown command ${command}${command.startsWith("-") ? `: options follow the command, as in skymock start ${command}` : ""}`);
  } catch (error) {
    if (error instanceof UsageError) fail(2, `${error.message} ${HINT}`);
    // an option's own message names it; anything else (a seed that is not there, a port in use) is the start's
    const prefix = error instanceof OptionsError || command !== "start" ? "" : "cannot start: ";
    fail(1, `${prefix}${(error as Error).message}`);
  }
}

async function start(args: string[]): Promise<void> {
  const options = readOptions(args, { ...OPTIONS, config: CONFIG_FILE_OPTION });
  if (options) await startServer(options);
}

/** `skymock clouds-yaml` / `skymock env`: the seed world's user as a clouds.yaml, or as OS_* exports. */
function credentials(command: "clouds-yaml" | "env", args: string[]): void {
  const { seed, region, host, port } = OPTIONS;
  const read = readOptions(args, { seed, region, host, port, config: CONFIG_FILE_OPTION, ...CREDENTIAL_OPTIONS });
  if (!read) return;
  const { user = "admin", url, ...rest } = read as Record<string, string | undefined>;
  const options = resolveOptions(rest);
  if (url === undefined && options.port === 0) throw new UsageError("--port 0 picks a free port only when the emulator starts: give its port, or --url");
  const base = url === undefined ? clientUrl(options.host, options.port) : baseUrlOf(url);
  const creds = seedCredentials(options.seedWorld, user, options.region);
  if (!creds) {
    const users = seedUserNames(options.seedWorld).join(", ") || "none";
    throw new Error(`the seed world ${options.seedRef} has no user ${user} to log in as (its users: ${users})`);
  }
  print(command === "env" ? shellExports(osEnvironment(base, creds)).join("\n") : cloudsYaml(base, creds).trimEnd());
}

/**
 * The flags of a command, over the environment, over the config file: the options to resolve, or undefined
 * when --help was asked for (the usage is printed then).
 */
function readOptions(args: string[], accepted: Record<string, OptionSpec>): Record<string, unknown> | undefined {
  const { values, help } = parseFlags(args, accepted);
  if (help) {
    print(usage());
    return undefined;
  }
  const { config = process.env.SKYMOCK_CONFIG, ...flags } = values;
  return { ...(config ? optionsFromFile(config) : {}), ...optionsFromEnv(process.env), ...flags };
}

function baseUrlOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url ${JSON.stringify(url)} is not a URL`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new UsageError(`--url ${JSON.stringify(url)} is not an http or https URL`);
  return url.replace(/\/+$/, "");
}

function print(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function fail(code: number, message: string): never {
  for (const line of message.split("\n")) process.stderr.write(`skymock: ${line}\n`);
  process.exit(code);
}

// run directly from source (`tsx src/cli.ts start`, npm run dev); the bundle's main is called by bin/skymock.js
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) void main(process.argv.slice(2));

// `skymock start [--port N] [--host H] [--seed FILE|DIR|SCENARIO] [--time-factor N] [--frozen-clock]
//                [--random-seed N] [--token-ttl S] [--rate-limit N[/S]] [--config FILE]`

import { parseArgs } from "node:util";
import { OPTION_FLAGS, optionsFromEnv, optionsFromFile, parseRateLimit } from "./config.js";
import { startServer } from "./server.js";

// for the build's code-cache run (scripts/code-cache.mjs), which starts a server without parsing argv
export { startServer };

const USAGE = `usage: skymock start [options]

  --port N            port to listen on (default 8480; 0 picks a free one)      SKYMOCK_PORT
  --host H            address to bind (default 127.0.0.1; 0.0.0.0 in a container) SKYMOCK_HOST
  --seed REF          seed world: a scenario name, a file or a directory (default: default) SKYMOCK_SEED
  --time-factor N     virtual time runs N times faster than real time (default 1) SKYMOCK_TIME_FACTOR
  --frozen-clock      time moves only when advanced through the control API       SKYMOCK_FROZEN_CLOCK
  --start-time T      virtual clock start, ISO time                               SKYMOCK_START_TIME
  --random-seed N     make every generated id, token and secret reproducible      SKYMOCK_RANDOM_SEED
  --token-ttl S       token lifetime in seconds (default 3600)                    SKYMOCK_TOKEN_TTL
  --build-seconds S   virtual seconds a server takes to build (default 5)         SKYMOCK_BUILD_SECONDS
  --action-seconds S  virtual seconds per server action step (default 2)          SKYMOCK_ACTION_SECONDS
  --rate-limit N[/S]  N requests per S seconds per project (default off)          SKYMOCK_RATE_LIMIT
  --config FILE       options as JSON or YAML (also: fault rules under "faults")   SKYMOCK_CONFIG
`;

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return;
  }
  if (command !== "start") {
    console.error(`skymock: unknown command ${command}\n\n${USAGE}`);
    process.exit(2);
  }
  // one flag per option that has one (config.ts names them); --frozen-clock is the only switch
  const flagOptions: Record<string, { type: "string" | "boolean" }> = { config: { type: "string" } };
  for (const [key, flag] of Object.entries(OPTION_FLAGS)) flagOptions[flag.slice(2)] = { type: key === "frozenClock" ? "boolean" : "string" };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options: flagOptions, strict: true }));
  } catch (error) {
    console.error(`skymock: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const configFile = (values.config as string | undefined) ?? process.env.SKYMOCK_CONFIG;
  const flags: Record<string, unknown> = {};
  for (const [key, flag] of Object.entries(OPTION_FLAGS)) {
    const value = values[flag.slice(2)];
    if (value !== undefined) flags[key] = key === "rateLimit" ? parseRateLimit(value as string) : value;
  }
  try {
    const options = { ...(configFile ? optionsFromFile(configFile) : {}), ...optionsFromEnv(process.env), ...flags };
    await startServer(options);
  } catch (error) {
    console.error(`skymock: cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}

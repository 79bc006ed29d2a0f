// Process entry: options -> createEmulator() -> listen, with a clean stop on SIGINT/SIGTERM.

import { createEmulator, type Emulator } from "./app.js";
import type { EmulatorOptions } from "./config.js";

export async function startServer(options: EmulatorOptions, log: (line: string) => void = console.log): Promise<Emulator> {
  const emulator = createEmulator(options);
  const url = await emulator.listen();
  log(banner(url, emulator));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`skymock: ${signal}, stopping`);
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    emulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  return emulator;
}

function banner(url: string, emulator: Emulator): string {
  const o = emulator.options;
  const clock = o.frozenClock ? "frozen" : `x${o.timeFactor}`;
  return `skymock listening on ${url} (seed: ${o.seedRef}, clock: ${clock}, random seed: ${o.randomSeedGiven ? o.kernel.randomSeed : "random"})

Point the openstack CLI at it:
  export OS_AUTH_URL=${url}/identity
  export OS_IDENTITY_API_VERSION=3
  export OS_USERNAME=admin OS_PASSWORD=admin OS_PROJECT_NAME=admin
  export OS_USER_DOMAIN_NAME=Default OS_PROJECT_DOMAIN_NAME=Default
  export OS_REGION_NAME=RegionOne
  openstack token issue

or in clouds.yaml:
  clouds:
    skymock:
      auth:
        auth_url: ${url}/identity
        username: admin
        password: admin
        project_name: admin
        user_domain_name: Default
        project_domain_name: Default
      region_name: RegionOne
      identity_api_version: 3

Control API: ${url}/_emulator (OpenAPI: ${url}/_emulator/openapi.json)`;
}

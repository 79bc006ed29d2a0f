// What `skymock start` prints once it listens: where, how to log in (the OS_* variables and the clouds.yaml
// entry of clouds.ts, the same that `skymock env` and `skymock clouds-yaml` print) and the control API.

import type { Emulator } from "./app.js";
import { cloudsYaml, osEnvironment, seedCredentials, seedUserNames, type CloudCredentials } from "./clouds.js";

export interface Banner {
  /** the first line: the log message */
  headline: string;
  /** the whole text, for a person at a terminal */
  text: string;
  /** the same facts as fields, for a JSON log line */
  fields: Record<string, unknown>;
}

/** Whether clients elsewhere can reach this host address (the container binds 0.0.0.0). */
export function isAllInterfaces(host: string): boolean {
  return host === "0.0.0.0" || host === "::";
}

/** Whether only this machine can reach this host address (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(h);
}

/** The base URL a client on this machine uses: localhost when the emulator listens everywhere. */
export function clientUrl(host: string, port: number): string {
  const shown = isAllInterfaces(host) ? "localhost" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}`;
}

/** `export NAME=value` lines a POSIX shell reads back as the same values. */
export function shellExports(env: Record<string, string>): string[] {
  return Object.entries(env).map(([name, value]) => `export ${name}=${/^[\w./:@%+,=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`}`);
}

export function banner(emulator: Emulator, port: number): Banner {
  const o = emulator.options;
  const url = clientUrl(o.host, port);
  const everywhere = isAllInterfaces(o.host);
  const clock = o.frozenClock ? "frozen" : `x${o.timeFactor}`;
  const randomSeed = o.randomSeedGiven ? o.kernel.randomSeed : "random";
  const where = everywhere ? `all interfaces (${o.host}), port ${port}` : url;
  const headline = `skymock listening on ${where} (seed: ${o.seedRef}, region: ${o.region}, clock: ${clock}, random seed: ${randomSeed})`;
  const lines = [headline];
  if (everywhere) {
    lines.push(`On this machine (or inside its container) the URL is ${url}; from outside a container, use the host port mapped to ${port}.`);
  }
  const creds = loginOf(emulator);
  if (creds) {
    lines.push("", "Point the openstack CLI at it:");
    lines.push(...shellExports(osEnvironment(url, creds)).map((line) => `  ${line}`), "  openstack token issue");
    lines.push("", "or in clouds.yaml:", ...cloudsYaml(url, creds).trimEnd().split("\n").map((line) => `  ${line}`));
  } else {
    lines.push("", "The seed world has no user with a password and a project to log in as.");
  }
  const guarded = o.controlToken === undefined ? "" : "; it requires the control token";
  lines.push("", `Control API: ${url}/_emulator (OpenAPI: ${url}/_emulator/openapi.json${guarded})`);
  return {
    headline,
    text: lines.join("\n"),
    fields: { url, host: o.host, port, seed: o.seedRef, region: o.region, clock, randomSeed, user: creds?.username, controlApi: `${url}/_emulator`, controlToken: o.controlToken !== undefined },
  };
}

/** The seed's admin, else its first user that can log in. */
function loginOf(emulator: Emulator): CloudCredentials | undefined {
  const { seedWorld, region } = emulator.options;
  for (const user of ["admin", ...seedUserNames(seedWorld)]) {
    const creds = seedCredentials(seedWorld, user, region);
    if (creds) return creds;
  }
  return undefined;
}

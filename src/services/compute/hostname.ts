// A server's hostname (Nova's instance.hostname, OS-EXT-SRV-ATTR:hostname): made from the display name at
// create (utils.sanitize_hostname), or given from 2.90 on create, update and rebuild (parameter_types.hostname:
// one DNS label), from 2.94 a fully qualified name (parameter_types.fqdn).

import { badRequest } from "./errors.js";
import type { Microversion } from "./microversion.js";

/** The server's hostname: the one it keeps, or (a server of an older build's snapshot) its name's. */
export function serverHostname(server: { hostname?: string; name: string }): string {
  return server.hostname ?? hostnameOf(server.name);
}

/** Nova's hostname of a server: its display name made a DNS label. */
export function hostnameOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 63) || "server";
}

const LABEL = { pattern: "^[a-zA-Z0-9]+[a-zA-Z0-9-]*[a-zA-Z0-9]+$", re: /^[a-zA-Z0-9]+[a-zA-Z0-9-]*[a-zA-Z0-9]+$/, min: 2, max: 63 };
const FQDN = { pattern: "^[a-zA-Z0-9-._]*$", re: /^[a-zA-Z0-9-._]*$/, min: 1, max: 255 };

/**
 * `hostname` as `action` (server, rebuild) takes it at version `v`: refused as an unexpected key before 2.90,
 * checked against the label (2.90-2.93) or FQDN (2.94) schema with Nova's jsonschema wording.
 */
export function requestedHostname(v: Microversion, action: string, given: unknown): string | undefined {
  if (given === undefined) return undefined;
  if (v < 90) throw badRequest(`Invalid input for field/attribute ${action}. Value: hostname. Additional properties are not allowed ('hostname' was unexpected)`);
  const rule = v >= 94 ? FQDN : LABEL;
  // a body's value shown as JSON: String() of an object calls its own `toString`, which a body may set to anything
  const shown = typeof given === "string" ? given : (JSON.stringify(given) ?? typeof given);
  const bad = (why: string) => badRequest(`Invalid input for field/attribute hostname. Value: ${shown.slice(0, 300)}. ${why}`);
  if (typeof given !== "string") throw bad(`${shown.slice(0, 300)} is not of type 'string'`);
  if (given.length < rule.min) throw bad(`'${given}' is too short`);
  if (given.length > rule.max) throw bad(`'${given.slice(0, 300)}' is too long`);
  if (!rule.re.test(given)) throw bad(`'${given}' does not match '${rule.pattern}'`);
  return given;
}

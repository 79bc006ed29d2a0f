// Compute microversions: this emulator's X-Platform-Compute-Microversion header and the standard OpenStack
// ones (OpenStack-API-Version: compute X.Y, X-OpenStack-Nova-API-Version). No header means 2.1; `latest`
// means the maximum; out of range is 406, malformed 400. Responses name the version used.

import type { Ctx } from "../../kernel/http/context.js";
import { badRequest, notAcceptable } from "./errors.js";

export const MIN_VERSION = { major: 2, minor: 1 };
export const MAX_VERSION = { major: 2, minor: 79 };
export const MIN = "2.1";
export const MAX = `2.${MAX_VERSION.minor}`;

/** The negotiated microversion as a comparable number of the minor part (2.47 -> 47). */
export type Microversion = number;

function requested(c: Ctx): string | undefined {
  const spec = c.req.header("x-platform-compute-microversion");
  if (spec) return spec.trim();
  const standard = c.req.header("openstack-api-version");
  if (standard) {
    // may list several services: "compute 2.60, volume 3.40"
    for (const part of standard.split(",")) {
      const [service, version] = part.trim().split(/\s+/);
      if (service?.toLowerCase() === "compute" && version) return version;
    }
  }
  const legacy = c.req.header("x-openstack-nova-api-version");
  return legacy?.trim() || undefined;
}

export function negotiate(c: Ctx): Microversion {
  const raw = requested(c);
  let minor = MIN_VERSION.minor;
  if (raw !== undefined) {
    if (raw.toLowerCase() === "latest") minor = MAX_VERSION.minor;
    else {
      const m = /^(\d+)\.(\d+)$/.exec(raw);
      if (!m) throw badRequest(`Invalid API version request string: ${raw}`);
      const major = Number(m[1]);
      minor = Number(m[2]);
      if (major !== 2 || minor < MIN_VERSION.minor || minor > MAX_VERSION.minor) {
        throw notAcceptable(`Version ${raw} is not supported by the API. Minimum is ${MIN} and maximum is ${MAX}.`);
      }
    }
  }
  c.header("OpenStack-API-Version", `compute 2.${minor}`);
  c.header("X-OpenStack-Nova-API-Version", `2.${minor}`);
  c.header("Vary", "OpenStack-API-Version, X-OpenStack-Nova-API-Version");
  versions.set(c.req.raw, minor);
  return minor;
}

const versions = new WeakMap<Request, Microversion>();

/** The microversion negotiated for this request (2.1 when the route ran without negotiation). */
export function microversion(c: Ctx): Microversion {
  return versions.get(c.req.raw) ?? MIN_VERSION.minor;
}

// Cinder microversions: `OpenStack-API-Version: volume 3.x` and the legacy `X-OpenStack-Volume-API-Version`.
// No header means 3.0; `latest` the maximum; out of range is 406, malformed 400. Responses name the
// version used, as Cinder does (OpenStack-API-Version and Vary).

import type { Ctx } from "../../kernel/http/context.js";
import { badRequest, notAcceptable } from "./errors.js";

export const MIN_MINOR = 0;
export const MAX_MINOR = 70;
export const MIN = "3.0";
export const MAX = `3.${MAX_MINOR}`;

/** The negotiated microversion as its minor part (3.42 -> 42). */
export type Microversion = number;

function requested(c: Ctx): string | undefined {
  const standard = c.req.header("openstack-api-version");
  if (standard) {
    // may list several services: "compute 2.60, volume 3.40"; keystoneauth names any volume type `volume`
    for (const part of standard.split(",")) {
      const [service, version] = part.trim().split(/\s+/);
      const name = service?.toLowerCase();
      if ((name === "volume" || name === "block-storage" || name === "volumev3") && version) return version;
    }
  }
  const legacy = c.req.header("x-openstack-volume-api-version");
  return legacy?.trim() || undefined;
}

export function negotiate(c: Ctx): Microversion {
  const raw = requested(c);
  let minor = MIN_MINOR;
  if (raw !== undefined) {
    if (raw.toLowerCase() === "latest") minor = MAX_MINOR;
    else {
      const m = /^(\d+)\.(\d+)$/.exec(raw);
      if (!m) throw badRequest(`Invalid API version request string: ${raw}`);
      minor = Number(m[2]);
      if (Number(m[1]) !== 3 || minor < MIN_MINOR || minor > MAX_MINOR) {
        throw notAcceptable(`Version ${raw} is not supported by the API. Minimum is ${MIN} and maximum is ${MAX}.`);
      }
    }
  }
  c.header("OpenStack-API-Version", `volume 3.${minor}`);
  c.header("Vary", "OpenStack-API-Version");
  versions.set(c.req.raw, minor);
  return minor;
}

const versions = new WeakMap<Request, Microversion>();

/** The microversion negotiated for this request (3.0 when the route ran without negotiation). */
export function microversion(c: Ctx): Microversion {
  return versions.get(c.req.raw) ?? MIN_MINOR;
}

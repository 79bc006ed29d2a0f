// Masakari microversions (masakari/api/api_version_request.py): 1.0 base, 1.1 recovery_workflow_details,
// 1.2 segment `enabled`, 1.3 vmoves. Asked for with `OpenStack-API-Version: instance-ha 1.x` (or the
// legacy X-OpenStack-Masakari-API-Version); none means 1.0, `latest` 1.3, out of range 406, malformed 400.

import type { Ctx } from "../../kernel/http/context.js";
import { badRequest, notAcceptable } from "./errors.js";

export const MIN = "1.0";
export const MAX_MINOR = 3;
export const MAX = `1.${MAX_MINOR}`;

/** The negotiated microversion's minor part (1.2 -> 2). */
export type Microversion = number;

function requested(c: Ctx): string | undefined {
  const standard = c.req.header("openstack-api-version");
  if (standard) {
    for (const part of standard.split(",")) {
      const [service, version] = part.trim().split(/\s+/);
      if (service?.toLowerCase() === "instance-ha" && version) return version;
    }
  }
  return c.req.header("x-openstack-masakari-api-version")?.trim() || undefined;
}

const versions = new WeakMap<Request, Microversion>();

export function negotiate(c: Ctx): Microversion {
  const raw = requested(c);
  let minor = 0;
  if (raw !== undefined) {
    if (raw.toLowerCase() === "latest") minor = MAX_MINOR;
    else {
      const m = /^(\d+)\.(\d+)$/.exec(raw);
      if (!m) throw badRequest(`Invalid API version request string: ${raw}`);
      minor = Number(m[2]);
      if (Number(m[1]) !== 1 || minor > MAX_MINOR) {
        throw notAcceptable(`Version ${raw} is not supported by the API. Minimum is ${MIN} and maximum is ${MAX}.`);
      }
    }
  }
  c.header("OpenStack-API-Version", `instance-ha 1.${minor}`);
  c.header("Vary", "OpenStack-API-Version");
  versions.set(c.req.raw, minor);
  return minor;
}

/** The microversion negotiated for this request (1.0 when none was). */
export function microversion(c: Ctx): Microversion {
  return versions.get(c.req.raw) ?? 0;
}

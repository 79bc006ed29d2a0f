// OpenStack microversion negotiation (the api-ref's "Microversions" guide), declared once per service:
// `OpenStack-API-Version: <service> X.Y` (several services comma-separated) or the service's own headers,
// `latest` for the maximum, none for the minimum; malformed is 400, out of range 406, and responses name the version.

import { requestHeader, type Ctx } from "./context.js";

export interface MicroversionRules {
  major: number;
  minMinor: number;
  maxMinor: number;
  /** the names OpenStack-API-Version may give the service (keystoneauth sends a service type alias) */
  names: readonly string[];
  /** the name the response's OpenStack-API-Version header gives */
  responseName: string;
  /**
   * a service-specific header read before OpenStack-API-Version (compute's X-Platform-Compute-Microversion);
   * like the legacy one, it is answered with the version used (and varied on) when `echoLegacy` is set
   */
  preferredHeader?: string;
  /** the pre-standard header read when OpenStack-API-Version names no version for the service */
  legacyHeader: string;
  /** also answer in the legacy header (and Vary on it), as Nova does with X-OpenStack-Nova-API-Version */
  echoLegacy?: boolean;
  /** the service's 400 and 406 constructors, so refusals render in its own envelope */
  errors: { badRequest: (message: string) => Error; notAcceptable: (message: string) => Error };
}

export interface Microversions {
  /** negotiates the request's version (throws the 400/406), sets the response headers and remembers it */
  negotiate(c: Ctx): number;
  /** the minor part negotiated for this request (the minimum when the route ran without negotiation) */
  microversion(c: Ctx): number;
  MIN: string;
  MAX: string;
}

export function microversions(rules: MicroversionRules): Microversions {
  const { major, minMinor, maxMinor, errors } = rules;
  const names = new Set(rules.names.map((n) => n.toLowerCase()));
  const MIN = `${major}.${minMinor}`;
  const MAX = `${major}.${maxMinor}`;
  // every header that may choose the version is echoed and varied on, as Nova does with both of its own
  const echoed = rules.echoLegacy ? [rules.legacyHeader, ...(rules.preferredHeader ? [rules.preferredHeader] : [])] : [];
  const vary = ["OpenStack-API-Version", ...echoed].join(", ");
  const versions = new WeakMap<Request, number>();
  // requestHeader reads node's parsed headers, whose names are lower case
  const preferredHeader = rules.preferredHeader?.toLowerCase();
  const legacyHeader = rules.legacyHeader.toLowerCase();

  function requested(c: Ctx): string | undefined {
    const preferred = preferredHeader ? requestHeader(c, preferredHeader)?.trim() : undefined;
    if (preferred) return preferred;
    const standard = requestHeader(c, "openstack-api-version");
    if (standard) {
      for (const part of standard.split(",")) {
        const [service, version] = part.trim().split(/\s+/);
        if (service !== undefined && names.has(service.toLowerCase()) && version) return version;
      }
    }
    return requestHeader(c, legacyHeader)?.trim() || undefined;
  }

  function negotiate(c: Ctx): number {
    const raw = requested(c);
    let minor = minMinor;
    if (raw !== undefined) {
      if (raw.toLowerCase() === "latest") minor = maxMinor;
      else {
        const m = /^(\d+)\.(\d+)$/.exec(raw);
        if (!m) throw errors.badRequest(`Invalid API version request string: ${raw}`);
        minor = Number(m[2]);
        if (Number(m[1]) !== major || minor < minMinor || minor > maxMinor) {
          throw errors.notAcceptable(`Version ${raw} is not supported by the API. Minimum is ${MIN} and maximum is ${MAX}.`);
        }
      }
    }
    c.header("OpenStack-API-Version", `${rules.responseName} ${major}.${minor}`);
    for (const header of echoed) c.header(header, `${major}.${minor}`);
    c.header("Vary", vary);
    versions.set(c.req.raw, minor);
    return minor;
  }

  return { negotiate, microversion: (c) => versions.get(c.req.raw) ?? minMinor, MIN, MAX };
}

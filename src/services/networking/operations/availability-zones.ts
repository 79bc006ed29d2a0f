// Availability zones (network_availability_zone, router_availability_zone): this cloud has one zone,
// `nova`, for networks (DHCP agents) and routers (L3 agents); hints must name a known zone.

import { availabilityZoneNotFound } from "../errors.js";

export const AVAILABILITY_ZONES = ["nova"] as const;
export const AZ_RESOURCES = ["network", "router"] as const;

/** availability_zone_hints as given: every name a known zone (404 AvailabilityZoneNotFound), no repeats. */
export function checkAzHints(hints: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const hint of hints ?? []) {
    if (!(AVAILABILITY_ZONES as readonly string[]).includes(hint)) throw availabilityZoneNotFound(hint);
    if (!out.includes(hint)) out.push(hint);
  }
  return out;
}

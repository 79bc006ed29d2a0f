// Availability zones (Nova v2.1): the list anyone may read, and the admin's detail with
// the hosts and services of each zone.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { computeZones } from "../operations/zones.js";
import { zoneSummary, zonesDetail } from "../views/zones.js";
import type { ComputeDeps } from "./deps.js";

export function zoneRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.1/os-availability-zone",
      operation: "compute.availability_zone.list",
      handler: (c) => {
        deps.caller(c);
        return c.json({ availabilityZoneInfo: computeZones(deps.state()).map(zoneSummary) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-availability-zone/detail",
      operation: "compute.availability_zone.detail",
      policy: "admin",
      handler: (c) => c.json({ availabilityZoneInfo: zonesDetail(computeZones(deps.state()), deps.kernel.clock.now()) }),
    },
  ];
}

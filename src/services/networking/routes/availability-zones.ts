// GET /v2.0/availability_zones (the availability_zone extension): the zones networks and routers may be
// hinted to, one row per zone and resource, with Neutron's list filters.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { AVAILABILITY_ZONES, AZ_RESOURCES } from "../operations/availability-zones.js";
import type { NetworkingDeps } from "./deps.js";
import { listBody } from "./list.js";

export function availabilityZoneRoutes(deps: NetworkingDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.0/availability_zones",
      operation: "networking.availability_zone.list",
      handler: (c) => {
        const rows = AVAILABILITY_ZONES.flatMap((name) => AZ_RESOURCES.map((resource) => ({ name, resource, state: "available" })));
        return c.json(listBody(c, "availability_zones", rows, deps.kernel.options.maxPageSize));
      },
    },
  ];
}

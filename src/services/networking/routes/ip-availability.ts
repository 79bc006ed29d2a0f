// Network IP availability (Neutron v2.0 /network-ip-availabilities, read only, admin: a non-admin lists
// none and finds none). `ip_version` narrows the subnets counted.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { get, scan } from "../../../kernel/store/table.js";
import { invalidAttribute, notFound } from "../errors.js";
import { resourceNotFound } from "../extension-errors.js";
import { networkAvailabilityView } from "../views/ip-availability.js";
import { fieldsOf, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

function ipVersionOf(c: Ctx): number | undefined {
  const v = queryParam(c, "ip_version");
  if (v === undefined) return undefined;
  if (v !== "4" && v !== "6") throw invalidAttribute("ip_version", `'${v}' is not in [4, 6]`);
  return Number(v);
}

export function ipAvailabilityRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  return [
    {
      method: "GET",
      path: "/v2.0/network-ip-availabilities",
      operation: "networking.network_ip_availability.list",
      handler: (c) => {
        const s = deps.state();
        const version = ipVersionOf(c);
        const views = (function* () {
          if (!deps.caller(c).isAdmin) return;
          for (const n of scan(s.networks)) {
            const view = networkAvailabilityView(s, n, version);
            if (version === undefined || view.subnet_ip_availability.length > 0) yield view;
          }
        })();
        return c.json(listBody(c, "network_ip_availabilities", views, kernel.options.maxPageSize, { ownFilters: ["ip_version"] }));
      },
    },
    {
      method: "GET",
      path: "/v2.0/network-ip-availabilities/:network_id",
      operation: "networking.network_ip_availability.show",
      handler: (c) => {
        if (!deps.caller(c).isAdmin) throw resourceNotFound();
        const s = deps.state();
        const id = c.req.param("network_id")!;
        const network = get(s.networks, id);
        if (!network) throw notFound("Network", id);
        return c.json({ network_ip_availability: selectFields(networkAvailabilityView(s, network), fieldsOf(c)) });
      },
    },
  ];
}

// Router -> Neutron wire JSON, and the body add/remove_router_interface answer with.

import { standardFields } from "../views.js";
import type { Router } from "../state.js";
import type { Caller } from "../../../kernel/operation.js";
import { routerFlagsView } from "../operations/router-flags.js";
import type { InterfaceInfo } from "../operations/router-interfaces.js";

/** Without a caller (notifications) the admin's view; a non-admin does not see `distributed`/`ha`. */
export function routerView(r: Router, caller?: Caller) {
  const gateway = r.externalGateway;
  return {
    ...standardFields(r),
    admin_state_up: r.adminStateUp,
    status: r.status,
    external_gateway_info: gateway
      ? {
          network_id: gateway.networkId,
          enable_snat: gateway.enableSnat,
          external_fixed_ips: gateway.fixedIps.map((ip) => ({ subnet_id: ip.subnetId, ip_address: ip.ipAddress })),
        }
      : null,
    routes: r.routes.map((route) => ({ destination: route.destination, nexthop: route.nexthop })),
    ...routerFlagsView(r, caller),
    availability_zones: ["nova"],
    availability_zone_hints: [...(r.availabilityZoneHints ?? [])],
    flavor_id: null,
  };
}

export function routerInterfaceView(i: InterfaceInfo) {
  return {
    id: i.routerId,
    subnet_id: i.subnetId,
    subnet_ids: [i.subnetId],
    port_id: i.portId,
    network_id: i.networkId,
    project_id: i.projectId,
    tenant_id: i.projectId,
    tags: i.tags,
  };
}

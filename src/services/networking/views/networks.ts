// Network -> Neutron v2.0 wire JSON: the core, external-net, net-mtu,
// availability-zone, port-security, qos and dns attributes; provider attributes for admins only.

import type { Caller } from "../../../kernel/operation.js";
import type { Network } from "../state.js";
import { standardFields } from "../views.js";

export function networkView(n: Network, caller: Caller): Record<string, unknown> {
  const view: Record<string, unknown> = {
    ...standardFields(n),
    admin_state_up: n.adminStateUp,
    status: n.status,
    shared: n.shared,
    "router:external": n.external,
    subnets: [...n.subnetIds],
    mtu: n.mtu,
    availability_zones: ["nova"],
    availability_zone_hints: [...n.availabilityZoneHints],
    port_security_enabled: n.portSecurityEnabled,
    qos_policy_id: n.qosPolicyId,
    ipv4_address_scope: null,
    ipv6_address_scope: null,
    l2_adjacency: true,
    is_default: n.isDefault,
    dns_domain: n.dnsDomain,
  };
  if (caller.isAdmin) {
    view["provider:network_type"] = n.provider.networkType;
    view["provider:physical_network"] = n.provider.physicalNetwork;
    view["provider:segmentation_id"] = n.provider.segmentationId;
  }
  return view;
}

// Network -> Neutron v2.0 wire JSON: the core, external-net, net-mtu,
// availability-zone, port-security, qos and dns attributes; provider attributes for admins only.

import type { Caller } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import type { Network, NetworkingState } from "../state.js";
import { standardFields } from "../views.js";

/** The address scope a network's subnets of one family belong to (through their pool), or null. */
function addressScopeOf(s: NetworkingState | undefined, n: Network, version: 4 | 6): string | null {
  if (!s) return null;
  for (const id of n.subnetIds) {
    const subnet = get(s.subnets, id);
    if (subnet?.ipVersion !== version || !subnet.subnetpoolId) continue;
    return get(s.subnetPools, subnet.subnetpoolId)?.addressScopeId ?? null;
  }
  return null;
}

/** `s` fills ipv4_address_scope / ipv6_address_scope; without it they show null. */
export function networkView(n: Network, caller: Caller, s?: NetworkingState): Record<string, unknown> {
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
    ipv4_address_scope: addressScopeOf(s, n, 4),
    ipv6_address_scope: addressScopeOf(s, n, 6),
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

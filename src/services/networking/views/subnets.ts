// Subnet -> Neutron v2.0 wire JSON: the core attributes, IPv6 modes, and the
// extension fields newer clients read (service types, segment, subnet pool, DNS publishing, router:external).

import type { Network, Subnet } from "../state.js";
import { standardFields } from "../views.js";

export function subnetView(subnet: Subnet, network: Network | undefined): Record<string, unknown> {
  return {
    ...standardFields(subnet),
    network_id: subnet.networkId,
    ip_version: subnet.ipVersion,
    cidr: subnet.cidr,
    gateway_ip: subnet.gatewayIp,
    allocation_pools: subnet.allocationPools.map((p) => ({ start: p.start, end: p.end })),
    enable_dhcp: subnet.enableDhcp,
    dns_nameservers: [...subnet.dnsNameservers],
    host_routes: subnet.hostRoutes.map((r) => ({ destination: r.destination, nexthop: r.nexthop })),
    ipv6_ra_mode: subnet.ipv6RaMode,
    ipv6_address_mode: subnet.ipv6AddressMode,
    subnetpool_id: subnet.subnetpoolId ?? null,
    service_types: [...subnet.serviceTypes],
    segment_id: null,
    dns_publish_fixed_ip: subnet.dnsPublishFixedIp,
    "router:external": network?.external ?? false,
  };
}

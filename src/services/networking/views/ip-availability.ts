// Network IP availability (neutron/db/network_ip_availability_db.py) -> wire JSON: per network and per
// subnet, the addresses of the allocation pools (total_ips) and the addresses allocated (used_ips).

import { get } from "../../../kernel/store/table.js";
import { parseIp } from "../ip.js";
import type { Network, NetworkingState, Subnet } from "../state.js";

function poolSize(subnet: Subnet): number {
  let total = 0n;
  for (const pool of subnet.allocationPools) {
    const start = parseIp(pool.start);
    const end = parseIp(pool.end);
    if (start && end && end.value >= start.value) total += end.value - start.value + 1n;
  }
  return Number(total);
}

export function subnetAvailabilityView(subnet: Subnet) {
  return {
    subnet_id: subnet.id,
    subnet_name: subnet.name,
    cidr: subnet.cidr,
    ip_version: subnet.ipVersion,
    total_ips: poolSize(subnet),
    used_ips: subnet.ipam.used,
  };
}

export function networkAvailabilityView(s: NetworkingState, n: Network, ipVersion?: number) {
  const subnets = n.subnetIds
    .map((id) => get(s.subnets, id))
    .filter((sub) => sub !== undefined && (ipVersion === undefined || sub.ipVersion === ipVersion))
    .map((sub) => subnetAvailabilityView(sub!));
  return {
    network_id: n.id,
    network_name: n.name,
    project_id: n.projectId,
    tenant_id: n.projectId,
    total_ips: subnets.reduce((sum, sub) => sum + sub.total_ips, 0),
    used_ips: subnets.reduce((sum, sub) => sum + sub.used_ips, 0),
    subnet_ip_availability: subnets,
  };
}

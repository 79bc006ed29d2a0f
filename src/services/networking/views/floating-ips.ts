// Floating IP -> Neutron wire JSON, with the fip-port-details extension's `port_details`.
// Floating IPs have no `name`: clients find them by address.

import { get } from "../../../kernel/store/table.js";
import { standardFields } from "../views.js";
import type { FloatingIp, NetworkingState } from "../state.js";

export function floatingIpView(s: NetworkingState, f: FloatingIp) {
  const { name: _name, ...standard } = standardFields(f);
  const port = f.portId ? get(s.ports, f.portId) : undefined;
  return {
    ...standard,
    floating_ip_address: f.floatingIpAddress,
    floating_network_id: f.floatingNetworkId,
    fixed_ip_address: f.fixedIpAddress,
    port_id: f.portId,
    router_id: f.routerId,
    status: f.status,
    port_details: port
      ? {
          name: port.name,
          network_id: port.networkId,
          mac_address: port.macAddress,
          admin_state_up: port.adminStateUp,
          status: port.status,
          device_id: port.deviceId,
          device_owner: port.deviceOwner,
        }
      : null,
    port_forwardings: [],
    qos_policy_id: f.qosPolicyId,
    dns_name: f.dnsName ?? "",
    dns_domain: f.dnsDomain ?? "",
  };
}

// Port -> Neutron v2.0 wire JSON: core attributes plus the binding, port-security,
// allowed-address-pairs, extra-dhcp-opt, qos, dns and uplink-status extensions; binding details for admins.

import { get } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import type { NetworkingState, Port } from "../state.js";
import { portRare } from "../port-rare.js";
import { standardFields } from "../views.js";
import { trunkDetailsView } from "../operations/trunks.js";

/** What ml2/ovs reports for a port bound to a host. */
const OVS_VIF_DETAILS = { port_filter: true, connectivity: "l2", bridge_name: "br-int", datapath_type: "system", ovs_hybrid_plug: false };

/** Neutron's dns_assignment: per address, the port's dns_name (or host-<address>) in the network's domain. */
function dnsAssignment(p: Port, dnsDomain: string): Array<Record<string, string>> {
  const domain = dnsDomain === "" ? "openstacklocal." : dnsDomain;
  const { dnsName } = portRare(p);
  return p.fixedIps.map((f) => {
    const hostname = dnsName !== "" ? dnsName.replace(/\.$/, "").split(".")[0] : `host-${f.ipAddress.replaceAll(/[.:]/g, "-")}`;
    return { hostname, ip_address: f.ipAddress, fqdn: `${hostname}.${domain}` };
  });
}

export function portView(s: NetworkingState, p: Port, caller: Caller): Record<string, unknown> {
  const rare = portRare(p);
  const view: Record<string, unknown> = {
    ...standardFields(p),
    network_id: p.networkId,
    admin_state_up: p.adminStateUp,
    mac_address: p.macAddress,
    fixed_ips: p.fixedIps.map((f) => ({ subnet_id: f.subnetId, ip_address: f.ipAddress })),
    device_id: p.deviceId,
    device_owner: p.deviceOwner,
    status: p.status,
    security_groups: [...p.securityGroups],
    allowed_address_pairs: rare.allowedAddressPairs.map((pair) => ({ ...pair })),
    extra_dhcp_opts: rare.extraDhcpOpts.map((o) => ({ opt_name: o.optName, opt_value: o.optValue, ip_version: o.ipVersion })),
    port_security_enabled: rare.portSecurityEnabled,
    qos_policy_id: rare.qosPolicyId,
    qos_network_policy_id: get(s.networks, p.networkId)?.qosPolicyId ?? null,
    "binding:vnic_type": rare.bindingVnicType,
    propagate_uplink_status: false,
    ip_allocation: "immediate",
    dns_name: rare.dnsName,
    dns_assignment: dnsAssignment(p, get(s.networks, p.networkId)?.dnsDomain ?? ""),
  };
  if (caller.isAdmin) {
    const bound = p.bindingHostId !== "";
    view["binding:host_id"] = p.bindingHostId;
    view["binding:vif_type"] = bound ? "ovs" : "unbound";
    view["binding:vif_details"] = bound ? { ...OVS_VIF_DETAILS } : {};
    view["binding:profile"] = { ...rare.bindingProfile };
  }
  const trunk = trunkDetailsView(s, p.id);
  if (trunk) view.trunk_details = trunk;
  return view;
}

// Neutron discovery: the version document at the root (unversioned catalog URL), the resource index at
// /v2.0, and the extensions list OSC and the SDK probe before some commands.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl } from "../../../kernel/http/context.js";
import { genericNotFound } from "../errors.js";
import type { NetworkingDeps } from "./deps.js";

const RESOURCES = ["network", "subnet", "port", "router", "floatingip", "security_group", "security_group_rule", "quota", "policy"];

/** Extensions a client may probe for; advertising them is harmless. */
const EXTENSIONS: Array<[alias: string, name: string]> = [
  ["security-group", "security-group"],
  ["router", "Neutron L3 Router"],
  ["external-net", "Neutron external network"],
  ["extraroute", "Neutron Extra Route"],
  ["qos", "Quality of Service"],
  ["quotas", "Quota management support"],
  ["standard-attr-tag", "Tag support for resources with standard attribute: subnet, trunk, network_segment_range, router, network, policy, subnetpool, port, security_group, floatingip"],
  ["standard-attr-timestamp", "Resource timestamps"],
  ["standard-attr-revisions", "Resource revision numbers"],
  ["standard-attr-description", "standard-attr-description"],
  ["project-id", "project_id field enabled"],
  ["port-security", "Port Security"],
  ["allowed-address-pairs", "Allowed Address Pairs"],
  ["binding", "Port Binding"],
  ["provider", "Provider Network"],
  ["empty-string-filtering", "Empty String Filtering Extension"],
  ["filter-validation", "Filter parameters validation"],
  ["fip-port-details", "Floating IP Port Details Extension"],
  ["net-mtu", "Network MTU"],
  ["extra_dhcp_opt", "Neutron Extra DHCP options"],
  ["net-mtu-writable", "Network MTU (writable)"],
  ["qos-rule-type-details", "Details of QoS rule types"],
  ["dns-integration", "DNS Integration"],
  ["availability_zone", "Availability Zone"],
  ["network_availability_zone", "Network Availability Zone"],
  ["router_availability_zone", "Router Availability Zone"],
  ["subnet_allocation", "Subnet Allocation"],
  ["default-subnetpools", "Default Subnetpools"],
  ["subnetpool-prefix-ops", "Subnet Pool Prefix Operations"],
  ["address-scope", "Address scope"],
  ["agent", "agent"],
  ["dhcp_agent_scheduler", "DHCP Agent Scheduler"],
  ["l3_agent_scheduler", "L3 Agent Scheduler"],
  ["rbac-policies", "RBAC Policies"],
  ["network-ip-availability", "Network IP Availability"],
  ["segment", "Segment"],
  ["trunk", "Trunk Extension"],
  ["floating-ip-port-forwarding", "Floating IP Port Forwarding"],
  ["floating-ip-port-forwarding-description", "Floating IP Port Forwarding new attribute description"],
  ["floating-ip-port-forwarding-port-ranges", "Floating IP Port Forwarding support port ranges"],
  ["metering", "Neutron Metering"],
  ["metering_source_and_destination_fields", "Metering Source and Destination Fields"],
  ["auto-allocated-topology", "Auto Allocated Topology Services"],
  ["ext-gw-mode", "Neutron L3 Configurable external gateway mode"],
  ["dvr", "Distributed Virtual Router"],
  ["l3-ha", "HA Router extension"],
  ["trunk-details", "Trunk port details"],
];

function extensionView([alias, name]: [string, string]) {
  return { alias, name, description: name, updated: "2024-01-01T00:00:00-00:00", links: [] };
}

export function discoveryRoutes(_deps: NetworkingDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/",
      operation: "networking.versions.list",
      policy: "public",
      handler: (c) =>
        c.json({ versions: [{ id: "v2.0", status: "CURRENT", links: [{ rel: "self", href: `${baseUrl(c)}/networking/v2.0/` }] }] }),
    },
    {
      method: "GET",
      path: "/v2.0",
      operation: "networking.resources.list",
      policy: "public",
      handler: (c) => {
        const base = `${baseUrl(c)}/networking/v2.0`;
        const plural = (r: string) => (r === "policy" ? "policies" : `${r}s`);
        return c.json({
          resources: RESOURCES.map((name) => ({ name, collection: plural(name), links: [{ rel: "self", href: `${base}/${plural(name)}` }] })),
        });
      },
    },
    {
      method: "GET",
      path: "/v2.0/extensions",
      operation: "networking.extensions.list",
      policy: "authenticated",
      handler: (c) => c.json({ extensions: EXTENSIONS.map(extensionView) }),
    },
    {
      method: "GET",
      path: "/v2.0/extensions/:alias",
      operation: "networking.extensions.show",
      policy: "authenticated",
      handler: (c) => {
        const alias = c.req.param("alias");
        const found = EXTENSIONS.find(([a]) => a === alias);
        if (!found) throw genericNotFound(`Extension with alias ${alias} does not exist`);
        return c.json({ extension: extensionView(found) });
      },
    },
  ];
}

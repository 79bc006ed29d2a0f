// Agent -> Neutron wire JSON (the agent extension): always alive, its heartbeat the virtual clock's now,
// timestamps in Neutron's `YYYY-MM-DD HH:MM:SS` form, configurations as the real agents report them.

import type { Agent, AgentKind } from "../extension-state.js";

const KINDS: Record<AgentKind, { type: string; binary: string; topic: string; zone: string | null }> = {
  l3: { type: "L3 agent", binary: "neutron-l3-agent", topic: "l3_agent", zone: "nova" },
  dhcp: { type: "DHCP agent", binary: "neutron-dhcp-agent", topic: "dhcp_agent", zone: "nova" },
  ovs: { type: "Open vSwitch agent", binary: "neutron-openvswitch-agent", topic: "N/A", zone: null },
  metadata: { type: "Metadata agent", binary: "neutron-metadata-agent", topic: "N/A", zone: null },
};

function neutronTime(ms: number): string {
  return new Date(Math.floor(ms)).toISOString().slice(0, 19).replace("T", " ");
}

function configurations(a: Agent, hosting: number): Record<string, unknown> {
  switch (a.kind) {
    case "l3":
      return { agent_mode: "legacy", routers: hosting, gateway_external_network_id: "", external_network_bridge: "", interface_driver: "openvswitch" };
    case "dhcp":
      return { networks: hosting, dhcp_driver: "neutron.agent.linux.dhcp.Dnsmasq", dhcp_lease_duration: 86400, notifies_port_ready: true };
    case "ovs":
      return { bridge_mappings: { public: "br-ex" }, tunnel_types: ["vxlan"], integration_bridge: "br-int", l2_population: false, arp_responder_enabled: false };
    case "metadata":
      return { metadata_proxy_socket: "/var/lib/neutron/metadata_proxy", nova_metadata_host: "nova-api", nova_metadata_port: 8775 };
  }
}

/** `hosting`: how many networks (DHCP) or routers (L3) the agent hosts, which its configurations report. */
export function agentView(a: Agent, now: number, hosting = a.hosted.length): Record<string, unknown> {
  const kind = KINDS[a.kind];
  const at = neutronTime(now);
  return {
    id: a.id,
    agent_type: kind.type,
    binary: kind.binary,
    host: a.host,
    topic: kind.topic,
    admin_state_up: a.adminStateUp,
    alive: true,
    availability_zone: kind.zone,
    configurations: configurations(a, hosting),
    created_at: at,
    started_at: at,
    heartbeat_timestamp: at,
    description: a.description,
    resources_synced: null,
  };
}

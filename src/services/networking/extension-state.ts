// The networking slice's records of Neutron's API extensions: agents and their scheduling, RBAC policies,
// segments, trunks, floating IP port forwardings, metering labels and rules, auto-allocated topologies.
// Kept under `NetworkingState.ext` so the core slice and its reset stay as they are.

import { emptyDict, type Dict } from "../../kernel/store/dict.js";
import { derivedId, uuidOf } from "../../kernel/seed-helpers.js";
import { emptyTable, put, type Table } from "../../kernel/store/table.js";

export type AgentKind = "l3" | "dhcp" | "ovs" | "metadata";

export interface Agent {
  id: string;
  kind: AgentKind;
  host: string;
  adminStateUp: boolean;
  description: string;
  /** networks (DHCP agent) or routers (L3 agent) scheduled to it */
  hosted: string[];
  /**
   * A DHCP agent: how many networks the scheduler gave it (its entries in `dhcpAuto`), so scheduling reads
   * the few agents, not the map. Absent: not known (an older state, or after a reset), counted when needed.
   */
  autoCount?: number;
}

export interface RbacPolicy {
  id: string;
  projectId: string;
  objectType: string;
  objectId: string;
  action: "access_as_shared" | "access_as_external";
  targetTenant: string;
}

export interface Segment {
  id: string;
  networkId: string;
  name: string | null;
  description: string;
  networkType: string;
  physicalNetwork: string | null;
  segmentationId: number | null;
  createdAt: number;
  updatedAt: number;
  revision: number;
}

export interface SubPort {
  portId: string;
  segmentationType: string;
  segmentationId: number;
}

export interface Trunk {
  id: string;
  name: string;
  description: string;
  projectId: string;
  portId: string;
  adminStateUp: boolean;
  subPorts: SubPort[];
  createdAt: number;
  updatedAt: number;
  revision: number;
  tags: string[];
}

export interface PortForwarding {
  id: string;
  floatingIpId: string;
  projectId: string;
  protocol: "tcp" | "udp";
  internalPortId: string;
  internalIpAddress: string;
  /** [min, max]: one port, or a range */
  internalPort: [number, number];
  externalPort: [number, number];
  description: string;
}

export interface MeteringLabel {
  id: string;
  projectId: string;
  name: string;
  description: string;
  shared: boolean;
}

export interface MeteringRule {
  id: string;
  labelId: string;
  projectId: string;
  direction: "ingress" | "egress";
  excluded: boolean;
  remoteIpPrefix: string | null;
  sourceIpPrefix: string | null;
  destinationIpPrefix: string | null;
}

/** keyed by project id */
export interface AutoTopology {
  id: string;
  networkId: string;
  subnetIds: string[];
  routerId: string;
}

export interface ExtensionState {
  agents: Table<Agent>;
  rbacPolicies: Table<RbacPolicy>;
  /** `<objectType>|<objectId>` -> ids of the RBAC policies on that object */
  rbacByObject: Dict<string[]>;
  segments: Table<Segment>;
  trunks: Table<Trunk>;
  /** port id -> trunk id, for a trunk's parent and each of its subports */
  trunkOfPort: Dict<string>;
  portForwardings: Table<PortForwarding>;
  /** floating IP id, and internal port id -> ids of their port forwardings */
  forwardingsByFip: Dict<string[]>;
  forwardingsByPort: Dict<string[]>;
  meteringLabels: Table<MeteringLabel>;
  meteringRules: Table<MeteringRule>;
  autoTopologies: Table<AutoTopology>;
  /**
   * network id -> the DHCP agent Neutron's scheduler gave it when its first DHCP-enabled subnet came
   * (dhcp_agents_per_network = 1); kept apart from the agent's `hosted` list, which an admin's explicit
   * scheduling fills, so a write costs one path of the map. Absent in states exported before it existed.
   */
  dhcpAuto?: Dict<string>;
}

/** The hosts the default world runs: one network node and the compute hosts of fixtures/default.yaml. */
export const NETWORK_HOST = "network-1";
export const AGENT_HOSTS = [NETWORK_HOST, "compute-1", "compute-2", "compute-3"];

export function agentId(kind: AgentKind, host: string): string {
  return uuidOf(derivedId("networking-agent", kind, host));
}

/** The network node runs L3, DHCP, metadata and OVS agents; every compute host an OVS agent. */
export function initialAgents(hosts: readonly string[] = AGENT_HOSTS): Table<Agent> {
  const agents = emptyTable<Agent>();
  const add = (kind: AgentKind, host: string) => put(agents, { id: agentId(kind, host), kind, host, adminStateUp: true, description: "", hosted: [] });
  for (const host of hosts) {
    if (host === NETWORK_HOST) for (const kind of ["l3", "dhcp", "metadata"] as const) add(kind, host);
    add("ovs", host);
  }
  return agents;
}

export function initialExtensionState(): ExtensionState {
  return {
    agents: initialAgents(),
    // by target project ("*" too): the networks a project is let in to, without reading every policy
    rbacPolicies: emptyTable({ alsoGroupBy: ["targetTenant"] }),
    rbacByObject: emptyDict(),
    segments: emptyTable(),
    trunks: emptyTable(),
    trunkOfPort: emptyDict(),
    portForwardings: emptyTable(),
    forwardingsByFip: emptyDict(),
    forwardingsByPort: emptyDict(),
    meteringLabels: emptyTable(),
    meteringRules: emptyTable(),
    autoTopologies: emptyTable(),
    dhcpAuto: emptyDict(),
  };
}

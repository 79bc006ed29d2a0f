// Networking (Neutron v2.0) slice: networks, subnets, ports, routers, security groups and rules, floating
// IPs, QoS policies and quotas, with the indexes that keep conflict checks, IP allocation and quota
// checks O(1): MAC addresses, IP owners, address bitmaps, default groups, rule fingerprints, usage.

import { emptyDict, dictDelete, dictEntries, dictGet, dictPeek, dictSet, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, type Table } from "../../kernel/store/table.js";
import type { Chunk, IpamState } from "./ipam.js";
import { initialExtensionState, type ExtensionState } from "./extension-state.js";

/** Fields every Neutron resource carries (standard attributes). */
export interface Standard {
  id: string;
  name: string;
  description: string;
  projectId: string;
  createdAt: number;
  updatedAt: number;
  revision: number;
  tags: string[];
}

export interface Network extends Standard {
  adminStateUp: boolean;
  status: string;
  shared: boolean;
  external: boolean;
  isDefault: boolean;
  mtu: number;
  portSecurityEnabled: boolean;
  qosPolicyId: string | null;
  subnetIds: string[];
  provider: { networkType: string; physicalNetwork: string | null; segmentationId: number | null };
  /** ports on the network that block its deletion (every port but the network's own service ports) */
  portCount: number;
  dnsDomain: string;
  availabilityZoneHints: string[];
}

export interface AllocationPool {
  start: string;
  end: string;
}

export interface Subnet extends Standard {
  networkId: string;
  ipVersion: 4 | 6;
  cidr: string;
  gatewayIp: string | null;
  allocationPools: AllocationPool[];
  enableDhcp: boolean;
  dnsNameservers: string[];
  hostRoutes: Array<{ destination: string; nexthop: string }>;
  ipv6RaMode: string | null;
  ipv6AddressMode: string | null;
  ipam: IpamState;
  /** router ids with an interface on this subnet */
  routerIds: string[];
  serviceTypes: string[];
  dnsPublishFixedIp: boolean;
  /** the subnet pool the CIDR was allocated from */
  subnetpoolId: string | null;
}

export interface SubnetPool extends Standard {
  ipVersion: 4 | 6;
  /** compacted CIDRs */
  prefixes: string[];
  defaultPrefixlen: number;
  minPrefixlen: number;
  maxPrefixlen: number;
  /** addresses (IPv4) or /64s (IPv6) one project may allocate; null: no limit */
  defaultQuota: number | null;
  isDefault: boolean;
  shared: boolean;
  addressScopeId: string | null;
  /** subnets allocated from the pool */
  subnetIds: string[];
}

export interface AddressScope extends Standard {
  ipVersion: 4 | 6;
  shared: boolean;
  /** subnet pools in the scope */
  subnetpoolIds: string[];
}

export interface FixedIp {
  subnetId: string;
  ipAddress: string;
}

export interface ExtraDhcpOpt {
  optName: string;
  optValue: string;
  ipVersion: 4 | 6;
}

export interface Port extends Standard {
  networkId: string;
  adminStateUp: boolean;
  macAddress: string;
  fixedIps: FixedIp[];
  deviceId: string;
  deviceOwner: string;
  status: string;
  securityGroups: string[];
  bindingHostId: string;
  /** the fields most ports leave at their defaults, held only by a port that sets one (port-rare.ts) */
  rare?: PortRare;
}

/** A port's rarely set fields: read through `portRare`, written through `setPortRare` (port-rare.ts). */
export interface PortRare {
  allowedAddressPairs: Array<{ ip_address: string; mac_address: string }>;
  portSecurityEnabled: boolean;
  qosPolicyId: string | null;
  bindingVnicType: string;
  bindingProfile: Record<string, unknown>;
  /** false for the network's own service ports (router gateway, floating IP, DHCP): they do not block its deletion */
  countsAgainstNetwork: boolean;
  extraDhcpOpts: ExtraDhcpOpt[];
  dnsName: string;
}

export interface RouterInterface {
  portId: string;
  subnetId: string;
}

export interface Router extends Standard {
  adminStateUp: boolean;
  status: string;
  externalGateway: { networkId: string; enableSnat: boolean; portId: string; fixedIps: FixedIp[] } | null;
  interfaces: RouterInterface[];
  routes: Array<{ destination: string; nexthop: string }>;
  availabilityZoneHints: string[];
}

export interface SecurityGroup extends Standard {
  stateful: boolean;
  shared: boolean;
  ruleIds: string[];
  /** ports using the group: a group in use cannot be deleted */
  portCount: number;
}

export interface SecurityGroupRule {
  id: string;
  projectId: string;
  securityGroupId: string;
  direction: "ingress" | "egress";
  ethertype: "IPv4" | "IPv6";
  protocol: string | null;
  portRangeMin: number | null;
  portRangeMax: number | null;
  remoteIpPrefix: string | null;
  remoteGroupId: string | null;
  description: string;
  createdAt: number;
  updatedAt: number;
  revision: number;
}

export interface FloatingIp extends Standard {
  floatingIpAddress: string;
  floatingNetworkId: string;
  /** the external subnet the address was allocated from */
  floatingSubnetId: string;
  portId: string | null;
  fixedIpAddress: string | null;
  routerId: string | null;
  status: string;
  qosPolicyId: string | null;
  /** dns-integration: set at create only; absent when not given (shown as "") */
  dnsName?: string;
  dnsDomain?: string;
}

export interface QosRule {
  id: string;
  type: "bandwidth_limit" | "dscp_marking" | "minimum_bandwidth";
  maxKbps?: number;
  maxBurstKbps?: number;
  direction?: "egress" | "ingress";
  dscpMark?: number;
  minKbps?: number;
}

export interface QosPolicy extends Standard {
  shared: boolean;
  isDefault: boolean;
  rules: QosRule[];
}

export const QUOTA_RESOURCES = ["network", "subnet", "port", "router", "floatingip", "security_group", "security_group_rule"] as const;
export type QuotaResource = (typeof QUOTA_RESOURCES)[number];
export type QuotaLimits = Record<QuotaResource, number>;

export const DEFAULT_QUOTAS: QuotaLimits = {
  network: 100,
  subnet: 100,
  port: 500,
  router: 10,
  floatingip: 50,
  security_group: 10,
  security_group_rule: 100,
};

export interface ProjectQuota {
  /** the project id */
  id: string;
  limits: Partial<QuotaLimits>;
}

export interface NetworkingState {
  networks: Table<Network>;
  subnets: Table<Subnet>;
  ports: Table<Port>;
  routers: Table<Router>;
  securityGroups: Table<SecurityGroup>;
  rules: Table<SecurityGroupRule>;
  floatingIps: Table<FloatingIp>;
  qosPolicies: Table<QosPolicy>;
  quotas: Table<ProjectQuota>;
  /** project id -> resources in use, per quota resource */
  usage: Dict<Partial<QuotaLimits>>;
  /** MAC address -> port id */
  macs: Dict<string>;
  /**
   * subnet id -> (address -> owner: a port id, or `fip:<id>` for a floating address). Keyed by subnet first:
   * a subnet's own addresses are read without passing any other's, and the address key is the very string
   * the port's fixed IP holds (one `<subnet>|<ip>` key per address cost 70 bytes a port).
   */
  ipOwners: Dict<Dict<string>>;
  /** `<subnetId>:<chunk>` -> address bitmap chunk */
  ipChunks: Dict<Chunk>;
  subnetPools: Table<SubnetPool>;
  addressScopes: Table<AddressScope>;
  /** ip version ("4", "6") -> the default subnet pool's id */
  defaultSubnetPools: Dict<string>;
  ext: ExtensionState;
  /** project id -> the project's `default` security group id */
  defaultGroups: Dict<string>;
  /** rule fingerprint -> rule id (duplicate rules are 409) */
  ruleKeys: Dict<string>;
}

export function initialNetworkingState(): NetworkingState {
  return {
    // a member's list reads its project's networks, the shared and external ones and those RBAC lets in
    // names are indexed for the name filter: a name changes only through regroup()
    networks: emptyTable({ groupBy: "projectId", alsoGroupBy: ["shared", "external", "name"] }),
    subnets: emptyTable({ groupBy: "projectId", alsoGroupBy: ["name"] }),
    // a port's device and name change only through regroup(); its project and network never change; the
    // empty device and name, which most ports have, are not indexed
    ports: emptyTable({ groupBy: "projectId", alsoGroupBy: ["deviceId", "networkId", "name"], skipEmpty: ["deviceId", "name"] }),
    routers: emptyTable({ groupBy: "projectId" }),
    securityGroups: emptyTable({ groupBy: "projectId", alsoGroupBy: ["name"] }),
    // a rule never changes once made, so each index lists its rules in creation order
    rules: emptyTable({ groupBy: "projectId", alsoGroupBy: ["direction"] }),
    floatingIps: emptyTable({ groupBy: "projectId" }),
    qosPolicies: emptyTable(),
    quotas: emptyTable(),
    usage: emptyDict(),
    macs: emptyDict(),
    ipOwners: emptyDict(),
    ipChunks: emptyDict(),
    subnetPools: emptyTable(),
    addressScopes: emptyTable(),
    defaultSubnetPools: emptyDict(),
    ext: initialExtensionState(),
    defaultGroups: emptyDict(),
    ruleKeys: emptyDict(),
  };
}

export function quotaUsed(s: NetworkingState, projectId: string, resource: QuotaResource): number {
  return dictPeek(s.usage, projectId)?.[resource] ?? 0;
}

type Owners = Pick<NetworkingState, "ipOwners">;

/** Who holds an address on a subnet (a port id, or `fip:<id>`), if anyone. */
export function ipOwner(s: Owners, subnetId: string, ip: string): string | undefined {
  const owners = dictPeek(s.ipOwners, subnetId);
  return owners === undefined ? undefined : dictGet(owners, ip);
}

export function setIpOwner(s: Owners, subnetId: string, ip: string, owner: string): void {
  const owners = dictGet(s.ipOwners, subnetId);
  if (owners !== undefined) return dictSet(owners, ip, owner);
  const first = emptyDict<string>();
  dictSet(first, ip, owner);
  dictSet(s.ipOwners, subnetId, first);
}

/** Forgets an address's owner; a subnet left with none leaves the map. */
export function deleteIpOwner(s: Owners, subnetId: string, ip: string): void {
  const owners = dictGet(s.ipOwners, subnetId);
  if (owners === undefined) return;
  dictDelete(owners, ip);
  if (owners.size === 0) dictDelete(s.ipOwners, subnetId);
}

/** Every address in use on a subnet with its owner (read them all before changing any). */
export function ipOwnersOn(s: Owners, subnetId: string): Iterable<[ip: string, owner: string]> {
  const owners = dictPeek(s.ipOwners, subnetId);
  return owners === undefined ? [] : dictEntries(owners);
}

/** This service's key in the store's root, its journal and fault-rule label. */
export const SLICE = "networking";

export function sliceOf(root: Readonly<Record<string, unknown>>): NetworkingState {
  return root[SLICE] as NetworkingState;
}

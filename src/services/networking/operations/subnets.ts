// Subnet rules (Neutron v2.0 /subnets): who may create on which network,
// the gateway and allocation pool defaults, the allocator each subnet owns (ipam.ts), updates that keep
// it consistent, the in-use check on delete, and subnet quotas. Validation lives in subnet-checks.ts.

import { filter, get, put, regroup, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { defaultGateway, formatCidr, offsetOf, requireCidr } from "../cidr.js";
import { formatIp, IPV6_MIN_MTU, requireIp, type IpAddress } from "../ip.js";
import { allocateSpecific, dropSubnet, newIpam, usedCount } from "../ipam.js";
import { gatewayIpInUse, ipv6MtuTooSmall, notFound, policyNotAuthorized, subnetInUse } from "../errors.js";
import { ipOwner, ipOwnersOn, type Network, type NetworkingState, type Subnet } from "../state.js";
import { newStandard, releaseQuota, reserveQuota, targetProject, touch, type NetworkingContext } from "./common.js";
import { releaseAddresses, takeEui64 } from "./addresses.js";
import { emitPortUpdated, isRouterInterfaceOwner, ROUTER_INTERFACE } from "./ports.js";
import { isAutoAddress, checkCidrFree, checkGatewayOutOfPools, checkSemantics, checkSyntax, poolsText, resolvePools, type SubnetFields } from "./subnet-checks.js";
import { visibleNetwork, visibleSubnet } from "./visibility.js";
import { allocateFromPool, checkPoolAffinity, requestedPool } from "./subnet-allocation.js";
import { autoScheduleDhcp } from "./agents.js";

export interface SubnetInput extends SubnetFields {
  networkId: string;
  /** absent: allocated from the subnet pool */
  cidr?: string;
  subnetpoolId?: string | null;
  useDefaultSubnetpool?: boolean;
  prefixlen?: number;
  ipVersion: 4 | 6;
  name?: string;
  description?: string;
  projectId?: string;
  tags?: string[];
  serviceTypes?: string[];
  dnsPublishFixedIp?: boolean;
}

export type SubnetPatch = Omit<SubnetFields, "ipv6RaMode" | "ipv6AddressMode"> & {
  name?: string;
  description?: string;
  serviceTypes?: string[];
  dnsPublishFixedIp?: boolean;
};

/** Changing a subnet takes an admin, its owner or the network's owner (Neutron: admin_or_network_owner). */
function ownedSubnet(s: NetworkingState, caller: Caller, id: string, action: string): Subnet {
  const subnet = visibleSubnet(s, caller, id);
  const network = get(s.networks, subnet.networkId);
  if (!caller.isAdmin && subnet.projectId !== caller.projectId && network?.projectId !== caller.projectId) throw policyNotAuthorized(action);
  return subnet;
}

/**
 * Creates a subnet on a network: only the network's project (or an admin) may, and on a shared network
 * other projects get 403 while on any other network they get 404 (base.py's tenant ownership check).
 * Initialises the subnet's allocator and adds the subnet to network.subnetIds.
 */
export function createSubnet(s: NetworkingState, ctx: NetworkingContext, request: SubnetInput): Subnet {
  const caller = ctx.caller;
  if (request.cidr !== undefined) checkSyntax(request.cidr, request);
  const projectId = targetProject(caller, request.projectId);
  const network = visibleNetwork(s, caller, request.networkId);
  if (!caller.isAdmin && network.projectId !== projectId) {
    if (!network.shared) throw notFound("Network", network.id);
    throw policyNotAuthorized("create_subnet");
  }
  const pool = requestedPool(s, caller, request);
  if (pool) checkPoolAffinity(s, network, pool);
  const input = { ...request, cidr: pool ? allocateFromPool(s, pool, projectId, request) : (request.cidr as string) };
  if (input.ipVersion === 6 && network.mtu < IPV6_MIN_MTU) throw ipv6MtuTooSmall(network.mtu);
  const fields: SubnetFields = { ...input, enableDhcp: input.enableDhcp ?? true };
  checkSemantics(input.ipVersion, input.cidr, fields, "new subnet", false);
  reserveQuota(s, projectId, "subnet");
  const cidr = requireCidr(input.cidr);
  checkCidrFree(cidr, network.id, otherCidrs(s, network));
  const gateway: IpAddress | null = input.gatewayIp === undefined ? defaultGateway(cidr) : input.gatewayIp === null ? null : requireIp(input.gatewayIp);
  const pools = resolvePools(cidr, input.allocationPools, gateway);
  const subnet: Subnet = {
    ...newStandard(ctx, { name: input.name, description: input.description, projectId, tags: input.tags }),
    networkId: network.id,
    ipVersion: input.ipVersion,
    cidr: formatCidr(cidr),
    gatewayIp: gateway && formatIp(gateway),
    allocationPools: poolsText(pools),
    enableDhcp: fields.enableDhcp ?? true,
    dnsNameservers: [...(input.dnsNameservers ?? [])],
    hostRoutes: (input.hostRoutes ?? []).map((r) => ({ destination: r.destination, nexthop: r.nexthop })),
    ipv6RaMode: input.ipv6RaMode ?? null,
    ipv6AddressMode: input.ipv6AddressMode ?? null,
    ipam: newIpam(cidr, pools),
    routerIds: [],
    serviceTypes: [...(input.serviceTypes ?? [])],
    dnsPublishFixedIp: input.dnsPublishFixedIp ?? false,
    subnetpoolId: pool?.id ?? null,
  };
  put(s.subnets, subnet);
  pool?.subnetIds.push(subnet.id);
  if (subnet.ipVersion === 6 && isAutoAddress(subnet)) addAutoAddresses(s, ctx, network, get(s.subnets, subnet.id)!);
  network.subnetIds.push(subnet.id);
  if (subnet.enableDhcp) autoScheduleDhcp(s, network.id);
  touch(network, ctx.now);
  ctx.tx.emit("networking.subnet.created", { id: subnet.id, networkId: network.id, cidr: subnet.cidr, projectId });
  return subnet;
}

function* otherCidrs(s: NetworkingState, network: Network, except?: string): Generator<string> {
  for (const id of network.subnetIds) {
    const other = get(s.subnets, id);
    if (other && id !== except) yield other.cidr;
  }
}

export function updateSubnet(s: NetworkingState, ctx: NetworkingContext, id: string, patch: SubnetPatch): Subnet {
  const subnet = ownedSubnet(s, ctx.caller, id, "update_subnet");
  checkSyntax(undefined, patch);
  const after: SubnetFields = {
    gatewayIp: patch.gatewayIp === undefined ? subnet.gatewayIp : patch.gatewayIp,
    allocationPools: patch.allocationPools ?? subnet.allocationPools,
    dnsNameservers: patch.dnsNameservers ?? subnet.dnsNameservers,
    hostRoutes: patch.hostRoutes ?? subnet.hostRoutes,
    enableDhcp: patch.enableDhcp ?? subnet.enableDhcp,
    ipv6RaMode: subnet.ipv6RaMode,
    ipv6AddressMode: subnet.ipv6AddressMode,
  };
  checkSemantics(subnet.ipVersion, subnet.cidr, after, id, subnet.enableDhcp);
  const cidr = requireCidr(subnet.cidr);
  const gateway = after.gatewayIp ? requireIp(after.gatewayIp) : null;
  const gatewayChanged = (gateway && formatIp(gateway)) !== subnet.gatewayIp;
  if (gatewayChanged && subnet.gatewayIp !== null) ensureGatewayFree(s, subnet);
  if (patch.allocationPools !== undefined) {
    const pools = resolvePools(cidr, patch.allocationPools, gateway);
    subnet.allocationPools = poolsText(pools);
    rebuildIpam(s, subnet, newIpam(cidr, pools));
  } else if (gatewayChanged && gateway) {
    checkGatewayOutOfPools(gateway, subnet.allocationPools);
  }
  if (patch.name !== undefined) regroup(s.subnets, subnet, "name", patch.name);
  if (patch.description !== undefined) subnet.description = patch.description;
  subnet.gatewayIp = gateway && formatIp(gateway);
  if (patch.dnsNameservers !== undefined) subnet.dnsNameservers = [...patch.dnsNameservers];
  if (patch.hostRoutes !== undefined) subnet.hostRoutes = patch.hostRoutes.map((r) => ({ destination: r.destination, nexthop: r.nexthop }));
  if (patch.enableDhcp !== undefined) subnet.enableDhcp = patch.enableDhcp;
  if (patch.enableDhcp) autoScheduleDhcp(s, subnet.networkId);
  if (patch.serviceTypes !== undefined) subnet.serviceTypes = [...patch.serviceTypes];
  if (patch.dnsPublishFixedIp !== undefined) subnet.dnsPublishFixedIp = patch.dnsPublishFixedIp;
  touch(subnet, ctx.now);
  ctx.tx.emit("networking.subnet.updated", { id, fields: Object.keys(patch).filter((k) => patch[k as keyof SubnetPatch] !== undefined) });
  return subnet;
}

/** A gateway held by a router interface cannot move (Neutron: GatewayIpInUse). */
function ensureGatewayFree(s: NetworkingState, subnet: Subnet): void {
  const owner = ipOwner(s, subnet.id, subnet.gatewayIp as string);
  const port = owner === undefined ? undefined : get(s.ports, owner);
  if (port && port.deviceOwner.startsWith("network:router_interface")) throw gatewayIpInUse(subnet.gatewayIp as string, port.id);
}

/**
 * New pools renumber the allocator's positions, so it is rebuilt: every address in use (s.ipOwners, kept
 * by the address allocator) is taken again in the new one. Addresses now outside the pools stay in use.
 */
function rebuildIpam(s: NetworkingState, subnet: Subnet, fresh: Subnet["ipam"]): void {
  const inUse: string[] = [];
  if (usedCount(subnet.ipam) > 0) {
    for (const [ip] of ipOwnersOn(s, subnet.id)) inUse.push(ip);
  }
  dropSubnet(s.ipChunks, subnet.id, subnet.ipam);
  const cidr = requireCidr(subnet.cidr);
  for (const ip of inUse) {
    const offset = offsetOf(cidr, requireIp(ip));
    if (offset !== undefined) allocateSpecific(fresh, s.ipChunks, subnet.id, offset, { routerPort: true });
  }
  subnet.ipam = fresh;
}

/**
 * A new SLAAC / DHCPv6-stateless subnet gives every port already on the network its EUI-64 address there
 * (add_auto_addrs_on_network_ports), router interfaces excepted. Scans the ports once: subnet creation is rare.
 */
function addAutoAddresses(s: NetworkingState, ctx: NetworkingContext, network: Network, subnet: Subnet): void {
  for (const port of filter(s.ports, (p) => p.networkId === network.id && !isRouterInterfaceOwner(p.deviceOwner))) {
    port.fixedIps.push(takeEui64(s, network, subnet, port.macAddress, port.id));
    touch(port, ctx.now);
    emitPortUpdated(ctx.tx, port);
  }
}

/**
 * A SLAAC / DHCPv6-stateless subnet goes even while ports hold addresses on it: Neutron takes those
 * addresses off the ports (router interfaces still block). Reads the subnet's own address owners once.
 */
function dropAutoAddresses(s: NetworkingState, ctx: NetworkingContext, subnet: Subnet): void {
  const owners = new Set<string>();
  for (const [, owner] of ipOwnersOn(s, subnet.id)) owners.add(owner);
  for (const owner of owners) {
    const port = get(s.ports, owner);
    if (!port || port.deviceOwner === ROUTER_INTERFACE) continue;
    const gone = port.fixedIps.filter((f) => f.subnetId === subnet.id);
    releaseAddresses(s, gone);
    port.fixedIps = port.fixedIps.filter((f) => f.subnetId !== subnet.id);
    touch(port, ctx.now);
    emitPortUpdated(ctx.tx, port);
  }
}

export function deleteSubnet(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  deleteSubnetRecord(s, ctx, ownedSubnet(s, ctx.caller, id, "delete_subnet"));
}

/**
 * Removes a subnet: 409 SubnetInUse while any address is allocated from it (router interfaces, VM ports,
 * floating IPs); drops its allocator chunks, takes it off its network, and releases its quota.
 */
export function deleteSubnetRecord(s: NetworkingState, ctx: NetworkingContext, subnet: Subnet): void {
  if (subnet.routerIds.length === 0 && usedCount(subnet.ipam) > 0 && subnet.ipVersion === 6 && isAutoAddress(subnet)) dropAutoAddresses(s, ctx, subnet);
  if (usedCount(subnet.ipam) > 0 || subnet.routerIds.length > 0) throw subnetInUse(subnet.id);
  dropSubnet(s.ipChunks, subnet.id, subnet.ipam);
  const network = get(s.networks, subnet.networkId);
  if (network) {
    network.subnetIds = network.subnetIds.filter((sid) => sid !== subnet.id);
    touch(network, ctx.now);
  }
  const pool = subnet.subnetpoolId ? get(s.subnetPools, subnet.subnetpoolId) : undefined;
  if (pool) pool.subnetIds = pool.subnetIds.filter((sid) => sid !== subnet.id);
  remove(s.subnets, subnet.id);
  releaseQuota(s, subnet.projectId, "subnet");
  ctx.tx.emit("networking.subnet.deleted", { id: subnet.id, networkId: subnet.networkId, projectId: subnet.projectId });
}

// Subnet validation as Neutron orders it: the attribute validators of neutron-lib (address syntax,
// duplicates: 400 HTTPBadRequest), then db_base_plugin_v2._validate_subnet (families, DHCP, gateway,
// limits, IPv6 modes: 400 InvalidInput) and the pool checks of ipam/utils (400/409 by kind).

import {
  cidrContains,
  cidrProblem,
  cidrsOverlap,
  defaultPools,
  formatCidr,
  isGatewayInvalid,
  rangeContains,
  requireCidr,
  validatePools,
  type Cidr,
  type IpRange,
} from "../cidr.js";
import { formatIp, ipProblem, parseIp, requireIp, type IpAddress } from "../ip.js";
import {
  dnsNameServersExhausted,
  gatewayConflict,
  hostRoutesExhausted,
  invalidAllocationPool,
  invalidAttribute,
  invalidInput,
  outOfBoundsAllocationPool,
  overlappingAllocationPools,
} from "../errors.js";

/** Neutron's defaults for max_dns_nameservers and max_subnet_host_routes. */
export const MAX_DNS_NAMESERVERS = 5;
export const MAX_HOST_ROUTES = 20;

export interface SubnetFields {
  gatewayIp?: string | null;
  allocationPools?: Array<{ start: string; end: string }>;
  dnsNameservers?: string[];
  hostRoutes?: Array<{ destination: string; nexthop: string }>;
  enableDhcp?: boolean;
  ipv6RaMode?: string | null;
  ipv6AddressMode?: string | null;
}

/** The attribute validators: each address parses; no nameserver or host route twice. */
export function checkSyntax(cidr: string | undefined, f: SubnetFields): void {
  if (cidr !== undefined) {
    const problem = cidrProblem(cidr);
    if (problem) throw invalidAttribute("cidr", problem);
  }
  if (typeof f.gatewayIp === "string") {
    const problem = ipProblem(f.gatewayIp);
    if (problem) throw invalidAttribute("gateway_ip", problem);
  }
  for (const pool of f.allocationPools ?? []) {
    for (const ip of [pool.start, pool.end]) {
      const problem = ipProblem(ip);
      if (problem) throw invalidAttribute("allocation_pools", problem);
    }
  }
  const seen = new Set<string>();
  for (const ns of f.dnsNameservers ?? []) {
    const problem = ipProblem(ns);
    if (problem) throw invalidAttribute("dns_nameservers", `'${ns}' is not a valid nameserver. ${problem}`);
    if (seen.has(ns)) throw invalidAttribute("dns_nameservers", `Duplicate nameserver '${ns}'`);
    seen.add(ns);
  }
  const routes = new Set<string>();
  for (const route of f.hostRoutes ?? []) {
    const problem = cidrProblem(route.destination) ?? ipProblem(route.nexthop);
    if (problem) throw invalidAttribute("host_routes", problem);
    const key = `${route.destination}|${route.nexthop}`;
    if (routes.has(key)) throw invalidAttribute("host_routes", `Duplicate hostroute '${JSON.stringify(route)}'`);
    routes.add(key);
  }
}

function sameFamily(version: 4 | 6, text: string, name: string): void {
  const found = text.includes("/") ? requireCidr(text).version : requireIp(text).version;
  if (found !== version) throw invalidInput(`${name} '${text}' does not match the ip_version '${version}'`);
}

/** SLAAC and DHCPv6-stateless subnets: every port gets its EUI-64 address there (ipv6_utils.is_auto_address_subnet). */
export const isAutoAddress = (f: SubnetFields) =>
  f.ipv6AddressMode === "slaac" ||
  f.ipv6AddressMode === "dhcpv6-stateless" ||
  (!f.ipv6AddressMode && (f.ipv6RaMode === "slaac" || f.ipv6RaMode === "dhcpv6-stateless"));

/**
 * _validate_subnet: `cidrText` as the request gave it, `f` the fields after the change, `subnetRef` the
 * id (or "new subnet") for the limit messages, `dhcpWasEnabled` true on an update of a DHCP subnet.
 */
export function checkSemantics(version: 4 | 6, cidrText: string, f: SubnetFields, subnetRef: string, dhcpWasEnabled: boolean): void {
  sameFamily(version, cidrText, "cidr");
  const cidr = requireCidr(cidrText);
  if (f.enableDhcp && !dhcpWasEnabled) checkDhcpCapable(cidr);
  if (typeof f.gatewayIp === "string") {
    sameFamily(version, f.gatewayIp, "gateway_ip");
    if (isGatewayInvalid(cidr, requireIp(f.gatewayIp))) throw invalidInput("Gateway is not valid on subnet");
  }
  const dns = f.dnsNameservers ?? [];
  if (dns.length > MAX_DNS_NAMESERVERS) throw dnsNameServersExhausted(subnetRef, MAX_DNS_NAMESERVERS);
  for (const ns of dns) sameFamily(version, ns, "dns_nameserver");
  const routes = f.hostRoutes ?? [];
  if (routes.length > MAX_HOST_ROUTES) throw hostRoutesExhausted(subnetRef, MAX_HOST_ROUTES);
  for (const route of routes) {
    sameFamily(version, route.nexthop, "nexthop");
    sameFamily(version, route.destination, "destination");
  }
  const ra = f.ipv6RaMode ?? null;
  const mode = f.ipv6AddressMode ?? null;
  if (version === 4) {
    if (ra) throw invalidInput("ipv6_ra_mode is not valid when ip_version is 4");
    if (mode) throw invalidInput("ipv6_address_mode is not valid when ip_version is 4");
    return;
  }
  if ((ra || mode) && !f.enableDhcp) {
    throw invalidInput(dhcpWasEnabled ? "Cannot disable enable_dhcp with ipv6 attributes set" : "ipv6_ra_mode or ipv6_address_mode cannot be set when enable_dhcp is set to False");
  }
  if (ra && mode && ra !== mode) {
    throw invalidInput(`ipv6_ra_mode set to '${ra}' with ipv6_address_mode set to '${mode}' is not valid. If both attributes are set, they must be the same value`);
  }
  if (isAutoAddress(f) && cidr.prefix !== 64) {
    throw invalidInput(`Invalid CIDR ${cidrText} for IPv6 address mode. OpenStack uses the EUI-64 address format, which requires the prefix to be /64`);
  }
}

const MULTICAST_V4 = requireCidr("224.0.0.0/4");
const LOOPBACK_V4 = requireCidr("127.0.0.0/8");
const MULTICAST_V6 = requireCidr("ff00::/8");

function checkDhcpCapable(cidr: Cidr): void {
  if ((cidr.version === 4 && cidr.prefix > 30) || (cidr.version === 6 && cidr.prefix > 126)) {
    throw invalidInput("Subnet has a prefix length that is incompatible with DHCP service enabled");
  }
  const first: IpAddress = { version: cidr.version, value: cidr.network };
  if (cidrContains(MULTICAST_V4, first) || cidrContains(MULTICAST_V6, first)) {
    throw invalidInput("Multicast IP subnet is not supported if enable_dhcp is True");
  }
  if (cidrContains(LOOPBACK_V4, first) || (cidr.version === 6 && cidr.network === 1n && cidr.prefix === 128)) {
    throw invalidInput("Loopback IP subnet is not supported if enable_dhcp is True");
  }
  if (cidr.version === 4 && cidr.network === 0n) throw invalidInput("First IP '0.0.0.0' of network is not supported if enable_dhcp is True.");
}

/** _validate_subnet_cidr: no /0, and no overlap with another subnet of the same network. */
export function checkCidrFree(cidr: Cidr, networkId: string, others: Iterable<string>): void {
  if (cidr.prefix === 0) throw invalidInput("0 is not allowed as CIDR prefix length");
  for (const other of others) {
    const o = requireCidr(other);
    if (cidrsOverlap(o, cidr)) {
      throw invalidInput(`Requested subnet with cidr: ${formatCidr(cidr)} for network: ${networkId} overlaps with another subnet`);
    }
  }
}

/** The pools a subnet gets: those asked for, checked (400/409 by kind), or the generated default. */
export function resolvePools(cidr: Cidr, requested: Array<{ start: string; end: string }> | undefined, gateway: IpAddress | null): IpRange[] {
  if (requested === undefined) return defaultPools(cidr, gateway);
  const check = validatePools(cidr, requested, gateway);
  if (check.ok) return check.pools;
  switch (check.kind) {
    case "InvalidAllocationPool":
      throw invalidAllocationPool(check.pool);
    case "OutOfBoundsAllocationPool":
      throw outOfBoundsAllocationPool(check.pool, formatCidr(cidr));
    case "OverlappingAllocationPools":
      throw overlappingAllocationPools(`${check.pool} ${check.other ?? ""} for subnet ${formatCidr(cidr)}`);
    case "GatewayConflictWithAllocationPools":
      throw gatewayConflict(gateway ? formatIp(gateway) : "", check.pool);
  }
}

/** validate_gw_out_of_pools, for a gateway change that keeps the current pools. */
export function checkGatewayOutOfPools(gateway: IpAddress, pools: Array<{ start: string; end: string }>): void {
  for (const pool of pools) {
    const range = { start: parseIp(pool.start)!, end: parseIp(pool.end)! };
    if (rangeContains(range, gateway)) throw gatewayConflict(formatIp(gateway), `${pool.start}-${pool.end}`);
  }
}

/** Pools as the wire and the state keep them: canonical text. */
export function poolsText(pools: IpRange[]): Array<{ start: string; end: string }> {
  return pools.map((p) => ({ start: formatIp(p.start), end: formatIp(p.end) }));
}

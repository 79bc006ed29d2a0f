// CIDR math for subnets, following Neutron: validate_subnet (neutron-lib), create_subnet's normalization,
// generate_pools, validate_allocation_pools and check_subnet_ip (neutron/ipam/utils.py,
// neutron/db/ipam_backend_mixin.py).

import { ADDRESS_BITS, AddrFormatError, formatIp, parseIp, type IpAddress, type IpVersion } from "./ip.js";

/** A network: `network` has no host bits set. */
export interface Cidr {
  readonly version: IpVersion;
  readonly network: bigint;
  readonly prefix: number;
}

/** An inclusive range of addresses of one family (an allocation pool). */
export interface IpRange {
  readonly start: IpAddress;
  readonly end: IpAddress;
}

/**
 * Parses "address/prefix". Host bits are accepted and cleared: Neutron's validator takes "192.168.1.5/24"
 * and create_subnet stores "192.168.1.0/24" ("turn the CIDR into a proper subnet"). The prefix is required
 * (Neutron answers "'10.0.2.0' isn't a recognized IP subnet cidr"), decimal, without leading zeros.
 * Prefix 0 parses (security group rules use 0.0.0.0/0); subnets reject it in the service.
 */
export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf("/");
  if (slash < 0) return undefined;
  const ip = parseIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (!ip || !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  const bits = ADDRESS_BITS[ip.version];
  if (prefix > bits) return undefined;
  const hostBits = BigInt(bits - prefix);
  return { version: ip.version, network: (ip.value >> hostBits) << hostBits, prefix };
}

export function requireCidr(text: string): Cidr {
  const cidr = parseCidr(text);
  if (!cidr) throw new AddrFormatError(text, cidrProblem(text) ?? `'${text}' is not a valid IP subnet`);
  return cidr;
}

/** Neutron's wording of what is wrong with a CIDR, or undefined when it is accepted. */
export function cidrProblem(text: string): string | undefined {
  if (parseCidr(text)) return undefined;
  const ip = text.includes("/") ? undefined : parseIp(text);
  if (ip) return `'${text}' isn't a recognized IP subnet cidr, '${formatIp(ip)}/${ADDRESS_BITS[ip.version]}' is recommended`;
  return `'${text}' is not a valid IP subnet`;
}

/** "10.0.0.0/24", "2001:db8::/64": the network address, never the host bits given. */
export function formatCidr(cidr: Cidr): string {
  return `${formatIp({ version: cidr.version, value: cidr.network })}/${cidr.prefix}`;
}

/** The number of addresses in the CIDR. */
export function cidrSize(cidr: Cidr): bigint {
  return 1n << BigInt(ADDRESS_BITS[cidr.version] - cidr.prefix);
}

const at = (cidr: Cidr, value: bigint): IpAddress => ({ version: cidr.version, value });

export function lastAddress(cidr: Cidr): IpAddress {
  return at(cidr, cidr.network + cidrSize(cidr) - 1n);
}

/** IPv4 with prefix <= 30 only: /31 and /32 have none (RFC 3021, netaddr), nor does IPv6. */
export function broadcastAddress(cidr: Cidr): IpAddress | undefined {
  return hasBroadcast(cidr) ? lastAddress(cidr) : undefined;
}

/** The first address a host may use: network+1, except IPv4 /31 and /32 and IPv6 /128. */
export function firstHost(cidr: Cidr): IpAddress {
  const whole = cidr.version === 4 ? cidr.prefix >= 31 : cidr.prefix === 128;
  return at(cidr, whole ? cidr.network : cidr.network + 1n);
}

/** The last address a host may use: the broadcast address is excluded in IPv4. */
export function lastHost(cidr: Cidr): IpAddress {
  const last = lastAddress(cidr).value;
  return at(cidr, hasBroadcast(cidr) ? last - 1n : last);
}

function hasBroadcast(cidr: Cidr): boolean {
  return cidr.version === 4 && cidr.prefix <= 30;
}

export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  return ip.version === cidr.version && ip.value >= cidr.network && ip.value - cidr.network < cidrSize(cidr);
}

/** Whether two CIDRs share an address (one contains the other, as CIDRs never partly overlap). */
export function cidrsOverlap(a: Cidr, b: Cidr): boolean {
  if (a.version !== b.version) return false;
  const hostBits = BigInt(ADDRESS_BITS[a.version] - Math.min(a.prefix, b.prefix));
  return a.network >> hostBits === b.network >> hostBits;
}

/** The address at `offset` from the network address; throws RangeError outside the CIDR. */
export function ipAt(cidr: Cidr, offset: bigint): IpAddress {
  if (offset < 0n || offset >= cidrSize(cidr)) throw new RangeError(`offset ${offset} is outside ${formatCidr(cidr)}`);
  return at(cidr, cidr.network + offset);
}

/** The offset of `ip` from the network address, or undefined when it is not in the CIDR. */
export function offsetOf(cidr: Cidr, ip: IpAddress): bigint | undefined {
  return cidrContains(cidr, ip) ? ip.value - cidr.network : undefined;
}

export function rangeContains(range: IpRange, ip: IpAddress): boolean {
  return ip.version === range.start.version && ip.value >= range.start.value && ip.value <= range.end.value;
}

export function rangesOverlap(a: IpRange, b: IpRange): boolean {
  return a.start.version === b.start.version && a.start.value <= b.end.value && b.start.value <= a.end.value;
}

/** netaddr's IPRange text, as Neutron prints pools in its messages: "10.0.0.2-10.0.0.254". */
export function formatRange(range: IpRange): string {
  return `${formatIp(range.start)}-${formatIp(range.end)}`;
}

/** The default gateway_ip: network + 1 (even for a /32, where it lies outside), null if that overflows. */
export function defaultGateway(cidr: Cidr): IpAddress | null {
  const value = cidr.network + 1n;
  return value < 1n << BigInt(ADDRESS_BITS[cidr.version]) ? at(cidr, value) : null;
}

/**
 * generate_pools: IPv4 up to /30 spans network+1 .. broadcast-1; IPv4 /31 the whole range; IPv6
 * network+1 .. last; a single-address CIDR (/32, /128) is one pool, gateway or not. The gateway is cut
 * out, which may split the range in two (or, for an IPv6 /127, leave no pool at all).
 */
export function defaultPools(cidr: Cidr, gateway: IpAddress | null): IpRange[] {
  const first = cidr.network;
  const last = lastAddress(cidr).value;
  if (first === last) return [{ start: at(cidr, first), end: at(cidr, last) }];
  const low = cidr.version === 6 || cidr.prefix <= 30 ? first + 1n : first;
  const high = hasBroadcast(cidr) ? last - 1n : last;
  const pools: Array<[bigint, bigint]> = [];
  const g = gateway?.version === cidr.version ? gateway.value : undefined;
  if (g === undefined || g < low || g > high) pools.push([low, high]);
  else {
    if (g > low) pools.push([low, g - 1n]);
    if (g < high) pools.push([g + 1n, high]);
  }
  return pools.map(([start, end]) => ({ start: at(cidr, start), end: at(cidr, end) }));
}

/** Neutron's exceptions for allocation pools; the service maps them to NeutronError bodies. */
export type PoolErrorKind =
  | "InvalidAllocationPool"
  | "OutOfBoundsAllocationPool"
  | "OverlappingAllocationPools"
  | "GatewayConflictWithAllocationPools";

export const POOL_ERROR_STATUS: Readonly<Record<PoolErrorKind, 400 | 409>> = {
  InvalidAllocationPool: 400,
  OutOfBoundsAllocationPool: 400,
  OverlappingAllocationPools: 409,
  GatewayConflictWithAllocationPools: 409,
};

export type PoolCheck =
  | { ok: true; pools: IpRange[] }
  /** pool: the offending pool as "start-end"; other: the pool it overlaps */
  | { ok: false; kind: PoolErrorKind; pool: string; other?: string };

/**
 * Checks requested allocation pools in Neutron's order (_prepare_allocation_pools): every address parses
 * and start <= end (InvalidAllocationPool); each pool is of the subnet's family (InvalidAllocationPool)
 * and within network+1 .. last (IPv6) or last-1 (IPv4) (OutOfBoundsAllocationPool); no two pools
 * share an address (OverlappingAllocationPools); the gateway lies in none (GatewayConflict...).
 * On success returns the pools parsed, in the order given.
 */
export function validatePools(cidr: Cidr, pools: ReadonlyArray<{ start: string; end: string }>, gateway: IpAddress | null): PoolCheck {
  const parsed: IpRange[] = [];
  for (const pool of pools) {
    const start = parseIp(pool.start);
    const end = parseIp(pool.end);
    if (!start || !end || start.version !== end.version || start.value > end.value) {
      return { ok: false, kind: "InvalidAllocationPool", pool: `${pool.start}-${pool.end}` };
    }
    parsed.push({ start, end });
  }
  const low = cidr.network + 1n;
  const high = lastAddress(cidr).value - (cidr.version === 4 ? 1n : 0n); // Neutron: even for a /31
  for (const pool of parsed) {
    if (pool.start.version !== cidr.version) return { ok: false, kind: "InvalidAllocationPool", pool: formatRange(pool) };
    if (pool.start.value < low || pool.end.value > high) return { ok: false, kind: "OutOfBoundsAllocationPool", pool: formatRange(pool) };
  }
  // sorted by start, any overlap shows between neighbours: O(k log k) rather than Neutron's pairwise loop
  const order = parsed.map((_, i) => i);
  order.sort((a, b) => (parsed[a].start.value < parsed[b].start.value ? -1 : parsed[a].start.value > parsed[b].start.value ? 1 : a - b));
  for (let i = 1; i < order.length; i++) {
    const [a, b] = [order[i - 1], order[i]].sort((x, y) => x - y);
    if (rangesOverlap(parsed[a], parsed[b])) {
      return { ok: false, kind: "OverlappingAllocationPools", pool: formatRange(parsed[a]), other: formatRange(parsed[b]) };
    }
  }
  if (gateway) {
    const hit = parsed.find((pool) => rangeContains(pool, gateway));
    if (hit) return { ok: false, kind: "GatewayConflictWithAllocationPools", pool: formatRange(hit) };
  }
  return { ok: true, pools: parsed };
}

/**
 * check_gateway_invalid_in_subnet: an IPv4 gateway inside the subnet may not be its network or last
 * address (Neutron: InvalidInput "Gateway is not valid on subnet"). A gateway outside the subnet passes.
 */
export function isGatewayInvalid(cidr: Cidr, gateway: IpAddress): boolean {
  if (cidr.version !== 4 || !cidrContains(cidr, gateway)) return false;
  return gateway.value === cidr.network || gateway.value === lastAddress(cidr).value;
}

/**
 * check_subnet_ip: whether a port may ask for the address at `offset` as a fixed IP. It must lie in the
 * subnet (allocation pools do not matter) and not be the IPv4 network or broadcast address. The IPv6
 * network address (the subnet-router anycast address) is only for router ports. The gateway address is
 * allowed to any port: users create a port on it and attach that port to a router.
 */
export function fixedOffsetAllowed(version: IpVersion, prefix: number, offset: bigint, routerPort: boolean): boolean {
  const size = 1n << BigInt(ADDRESS_BITS[version] - prefix);
  if (offset < 0n || offset >= size) return false;
  if (version === 6) return offset !== 0n || routerPort;
  return offset !== 0n && (prefix > 30 || offset !== size - 1n);
}

/** fixedOffsetAllowed for an address: false for another family or an address outside the subnet. */
export function isValidFixedIp(cidr: Cidr, ip: IpAddress, routerPort = false): boolean {
  const offset = offsetOf(cidr, ip);
  return offset !== undefined && fixedOffsetAllowed(cidr.version, cidr.prefix, offset, routerPort);
}

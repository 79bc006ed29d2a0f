// Fixed-address allocation for everything that holds an address (ports, router gateways, floating IPs):
// requests resolved to subnets as Neutron's ipam does, each address taken from
// the subnet's allocator (ipam.ts, O(1) per request) and its owner recorded in s.ipOwners.

import { get } from "../../../kernel/store/table.js";
import { cidrContains, ipAt, offsetOf, parseCidr, type Cidr } from "../cidr.js";
import { formatIp, ipProblem, parseIp, type IpAddress } from "../ip.js";
import { allocateNext, allocateSpecific, release } from "../ipam.js";
import * as E from "../errors.js";
import { isAutoAddress } from "./subnet-checks.js";
import { deleteIpOwner, setIpOwner, type FixedIp, type Network, type NetworkingState, type Subnet } from "../state.js";

export interface AddressRequest {
  subnetId?: string;
  ipAddress?: string;
}

export interface AllocateOptions {
  /** router ports: may also take the IPv6 subnet-router anycast address (check_subnet_ip) */
  allowGateway?: boolean;
  /** automatic allocation from this family only (floating IPs are IPv4) */
  ipVersion?: 4 | 6;
  /** the port's MAC: with it, every SLAAC / DHCPv6-stateless subnet gives the port its EUI-64 address */
  mac?: string;
  /** router interface ports take no automatic EUI-64 address, and may be given one on such a subnet */
  routerInterface?: boolean;
  /** addresses the port keeps (an update): their subnets give no second EUI-64 address */
  held?: readonly FixedIp[];
}

/** The modified EUI-64 interface identifier of a MAC (RFC 4291 appendix A): ff:fe in the middle, the U/L bit flipped. */
export function eui64InterfaceId(mac: string): bigint {
  const bytes = mac.split(":").map((b) => parseInt(b, 16));
  const id = [bytes[0] ^ 0x02, bytes[1], bytes[2], 0xff, 0xfe, bytes[3], bytes[4], bytes[5]];
  return id.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
}

/** The port's EUI-64 address on an auto-address (/64) subnet; 409 IpAddressInUse when something holds it. */
export function takeEui64(s: NetworkingState, network: Network, subnet: Subnet, mac: string, owner: string): FixedIp {
  return takeSpecific(s, network, subnet, ipAt(subnetCidr(subnet), eui64InterfaceId(mac)), owner, {});
}

function autoAddressed(subnet: Subnet): boolean {
  return subnet.ipVersion === 6 && isAutoAddress(subnet);
}

function subnetCidr(subnet: Subnet): Cidr {
  const known = parsedCidrs.get(subnet.cidr);
  if (known) return known;
  const cidr = parseCidr(subnet.cidr);
  if (!cidr) throw new Error(`subnet ${subnet.id} holds an unparseable cidr ${subnet.cidr}`);
  if (parsedCidrs.size >= PARSED_CIDRS_MAX) parsedCidrs.clear();
  parsedCidrs.set(subnet.cidr, cidr);
  return cidr;
}

/** Subnets' CIDRs as parsed (a Cidr never changes): every allocation reads its subnet's, and parsing costs more than the rest of a pick. */
const parsedCidrs = new Map<string, Cidr>();
const PARSED_CIDRS_MAX = 4096;

/** A subnet named in a request: it must exist (404) and be on the port's network (400). */
function requestedSubnet(s: NetworkingState, network: Network, subnetId: string): Subnet {
  const subnet = get(s.subnets, subnetId);
  if (!subnet) throw E.notFound("Subnet", subnetId);
  if (subnet.networkId !== network.id) {
    throw E.invalidInput(`Failed to create port on network ${network.id}, because fixed_ips included invalid subnet ${subnetId}`);
  }
  return subnet;
}

function parseAddress(text: string): IpAddress {
  const ip = parseIp(text);
  if (!ip) throw E.invalidAttribute("fixed_ips", ipProblem(text) ?? `'${text}' is not a valid IP address`);
  return ip;
}

function record(s: NetworkingState, subnet: Subnet, ip: IpAddress, owner: string): FixedIp {
  const ipAddress = formatIp(ip);
  setIpOwner(s, subnet.id, ipAddress, owner);
  return { subnetId: subnet.id, ipAddress };
}

/** The given address on this subnet: 400 outside it (or on its IPv4 network/broadcast), 409 when taken. */
function takeSpecific(s: NetworkingState, network: Network, subnet: Subnet, ip: IpAddress, owner: string, options: AllocateOptions): FixedIp {
  const cidr = subnetCidr(subnet);
  const offset = offsetOf(cidr, ip);
  if (offset === undefined) throw E.invalidIpForSubnet(formatIp(ip));
  const result = allocateSpecific(subnet.ipam, s.ipChunks, subnet.id, offset, { routerPort: options.allowGateway });
  if (result === "invalid-for-subnet") throw E.invalidIpForSubnet(formatIp(ip));
  if (result === "in-use") throw E.ipAddressInUse(network.id, formatIp(ip));
  return record(s, subnet, ip, owner);
}

/** The lowest free pool address of this subnet, or undefined when it has none left. */
function takeNext(s: NetworkingState, subnet: Subnet, owner: string): FixedIp | undefined {
  const offset = allocateNext(subnet.ipam, s.ipChunks, subnet.id);
  return offset === undefined ? undefined : record(s, subnet, ipAt(subnetCidr(subnet), offset), owner);
}

/** One address of this family from the first of the network's subnets that has room; 409 when all are full. */
function takeAuto(s: NetworkingState, network: Network, subnets: Subnet[], owner: string): FixedIp {
  for (const subnet of subnets) {
    const fixed = takeNext(s, subnet, owner);
    if (fixed) return fixed;
  }
  throw E.ipAddressGenerationFailure(network.id);
}

/**
 * Allocates a port's fixed addresses, all or none (the caller's write rolls back on a throw).
 * - no requests (undefined): one address per address family the network has subnets of (IPv4 first, as Neutron gives
 *   a dual-stack port one address of each), or of `options.ipVersion` only; none when it has no subnets.
 * - {subnetId}: the next free address of that subnet; {subnetId, ipAddress} or {ipAddress}: that address,
 *   on the network's subnet that contains it (400 InvalidIpForNetwork when none does).
 * - with `options.mac` (ports): every SLAAC / DHCPv6-stateless subnet adds the port's EUI-64 address, whatever
 *   was asked (none for router interfaces); a fixed address there is 400 AllocationOnAutoAddressSubnet.
 * Errors: 404 SubnetNotFound, 400 InvalidInput (another network's subnet), 400 InvalidIpForSubnet,
 * 409 IpAddressInUse, 409 IpAddressGenerationFailure.
 */
export function allocateAddresses(
  s: NetworkingState,
  network: Network,
  requests: ReadonlyArray<AddressRequest> | undefined,
  owner: string,
  options: AllocateOptions = {},
): FixedIp[] {
  const subnets = network.subnetIds.map((id) => get(s.subnets, id)).filter((sub): sub is Subnet => sub !== undefined);
  // ipam_pluggable_backend: SLAAC / stateless subnets are added to whatever the request names
  const eui64 = options.mac !== undefined && !options.routerInterface && !options.ipVersion ? subnets.filter(autoAddressed) : [];
  const out: FixedIp[] = [];
  if (!requests) {
    const versions = options.ipVersion ? [options.ipVersion] : ([4, 6] as const);
    for (const version of versions) {
      const family = subnets.filter((sub) => sub.ipVersion === version && !(options.mac !== undefined && autoAddressed(sub)));
      if (family.length > 0 || options.ipVersion) out.push(takeAuto(s, network, family, owner));
    }
  } else {
    for (const request of requests) {
      const fixed = allocateRequested(s, network, request, owner, options);
      if (fixed) out.push(fixed);
    }
  }
  for (const subnet of eui64) {
    if (!out.some((f) => f.subnetId === subnet.id) && !options.held?.some((f) => f.subnetId === subnet.id)) out.push(takeEui64(s, network, subnet, options.mac as string, owner));
  }
  return out;
}

/** One fixed_ips entry; undefined for a bare subnet_id on an auto-address subnet (its EUI-64 address comes anyway). */
function allocateRequested(s: NetworkingState, network: Network, request: AddressRequest, owner: string, options: AllocateOptions): FixedIp | undefined {
  if (request.ipAddress !== undefined) {
    const ip = parseAddress(request.ipAddress);
    const subnet = request.subnetId !== undefined ? requestedSubnet(s, network, request.subnetId) : subnetHolding(s, network, ip);
    if (options.mac !== undefined && !options.routerInterface && autoAddressed(subnet)) throw E.allocationOnAutoAddressSubnet(formatIp(ip), subnet.id);
    return takeSpecific(s, network, subnet, ip, owner, options);
  }
  if (request.subnetId === undefined) throw E.invalidAttribute("fixed_ips", "each entry needs a subnet_id or an ip_address");
  const subnet = requestedSubnet(s, network, request.subnetId);
  if (options.mac !== undefined && !options.routerInterface && autoAddressed(subnet)) return undefined;
  const fixed = takeNext(s, subnet, owner);
  if (!fixed) throw E.ipAddressGenerationFailure(network.id);
  return fixed;
}

function subnetHolding(s: NetworkingState, network: Network, ip: IpAddress): Subnet {
  for (const id of network.subnetIds) {
    const subnet = get(s.subnets, id);
    if (subnet && cidrContains(subnetCidr(subnet), ip)) return subnet;
  }
  throw E.invalidIpForNetwork(formatIp(ip));
}

/** Frees addresses and their owner records; addresses of subnets already gone are skipped. */
export function releaseAddresses(s: NetworkingState, fixedIps: ReadonlyArray<FixedIp>): void {
  for (const fixed of fixedIps) {
    deleteIpOwner(s, fixed.subnetId, fixed.ipAddress);
    const subnet = get(s.subnets, fixed.subnetId);
    const ip = parseIp(fixed.ipAddress);
    if (!subnet || !ip) continue;
    const offset = offsetOf(subnetCidr(subnet), ip);
    if (offset !== undefined) release(subnet.ipam, s.ipChunks, subnet.id, offset);
  }
}

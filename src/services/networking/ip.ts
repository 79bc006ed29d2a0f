// IP addresses for the networking service: strict parsing as Neutron's validate_ip_address accepts it
// (neutron-lib api/validators), canonical text (IPv4 dotted quad, IPv6 per RFC 5952), comparison.
// Values are BigInt for both families, so one set of arithmetic serves IPv4 and IPv6.

export type IpVersion = 4 | 6;

/** The smallest MTU a network with IPv6 subnets may have (IPv6's minimum link MTU, RFC 8200). */
export const IPV6_MIN_MTU = 1280;

/** A parsed address: keep these transient; state stores the canonical text from formatIp. */
export interface IpAddress {
  readonly version: IpVersion;
  readonly value: bigint;
}

export const ADDRESS_BITS: Record<IpVersion, number> = { 4: 32, 6: 128 };

/** Thrown by requireIp / requireCidr; Neutron maps netaddr's AddrFormatError to 400. */
export class AddrFormatError extends Error {
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(message);
    this.name = "AddrFormatError";
  }
}

/**
 * Parses an IPv4 dotted quad (exactly four decimal parts, no leading zeros, as Neutron rejects "01.2.3.4"
 * as ambiguous) or an IPv6 address (any case, leading zeros in groups, one "::", an embedded dotted quad
 * in the last 32 bits). No whitespace, zone ids, prefixes or shorthand ("10.1", "1" * 59).
 */
export function parseIp(text: string): IpAddress | undefined {
  if (text.includes(":")) {
    const value = parseV6(text);
    return value === undefined ? undefined : { version: 6, value };
  }
  const value = parseV4(text, false);
  return value === undefined ? undefined : { version: 4, value: BigInt(value) };
}

/** Like parseIp, but throws AddrFormatError with Neutron's reason. */
export function requireIp(text: string): IpAddress {
  const ip = parseIp(text);
  if (!ip) throw new AddrFormatError(text, ipProblem(text) ?? `'${text}' is not a valid IP address`);
  return ip;
}

/** Neutron's wording of what is wrong with an address, or undefined when it is accepted. */
export function ipProblem(text: string): string | undefined {
  if (parseIp(text)) return undefined;
  const zeroFilled = text.includes(":") ? undefined : parseV4(text, true);
  if (zeroFilled !== undefined) {
    const recommended = formatIp({ version: 4, value: BigInt(zeroFilled) });
    return `'${text}' is not an accepted IP address, '${recommended}' is recommended`;
  }
  return `'${text}' is not a valid IP address`;
}

export function ipVersionOf(text: string): IpVersion | undefined {
  return parseIp(text)?.version;
}

export function formatIp(ip: IpAddress): string {
  return ip.version === 4 ? formatV4(Number(ip.value)) : formatV6(ip.value);
}

/** Canonical text of an address given as text, or undefined when it does not parse. */
export function canonicalIp(text: string): string | undefined {
  const ip = parseIp(text);
  return ip && formatIp(ip);
}

/** Orders IPv4 before IPv6, then by value. */
export function compareIp(a: IpAddress, b: IpAddress): -1 | 0 | 1 {
  if (a.version !== b.version) return a.version < b.version ? -1 : 1;
  return a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

export function sameIp(a: IpAddress, b: IpAddress): boolean {
  return a.version === b.version && a.value === b.value;
}

/** The address n after ip (n may be negative); undefined when that leaves the address family's range. */
export function addToIp(ip: IpAddress, n: bigint): IpAddress | undefined {
  const value = ip.value + n;
  if (value < 0n || value >= 1n << BigInt(ADDRESS_BITS[ip.version])) return undefined;
  return { version: ip.version, value };
}

/** zeroFill: accept leading zeros (netaddr's ZEROFILL), only to name the recommended form in errors. */
function parseV4(text: string, zeroFill: boolean): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (part.length === 0 || (!zeroFill && part.length > 3)) return undefined;
    for (let i = 0; i < part.length; i++) {
      const c = part.charCodeAt(i);
      if (c < 48 || c > 57) return undefined;
    }
    if (!zeroFill && part.length > 1 && part[0] === "0") return undefined;
    const n = Number(part);
    if (n > 255) return undefined;
    value = value * 256 + n;
  }
  return value;
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

function parseV6(text: string): bigint | undefined {
  if (text.length > 45) return undefined;
  let body = text;
  let embedded = 0;
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseV4(tail, false);
    if (v4 === undefined) return undefined;
    embedded = v4;
    body = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const gap = body.indexOf("::");
  if (gap !== body.lastIndexOf("::")) return undefined; // two gaps, or ":::"
  let groups: string[];
  if (gap >= 0) {
    const left = gap === 0 ? [] : body.slice(0, gap).split(":");
    const right = gap + 2 === body.length ? [] : body.slice(gap + 2).split(":");
    // "::" stands for at least one zero group (RFC 4291 §2.2)
    if (left.length + right.length > 7) return undefined;
    groups = [...left, ...new Array<string>(8 - left.length - right.length).fill("0"), ...right];
  } else {
    groups = body.split(":");
    if (groups.length !== 8) return undefined;
  }
  let value = 0n;
  for (const group of groups) {
    if (!HEX_GROUP.test(group)) return undefined;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value + BigInt(embedded);
}

function formatV4(value: number): string {
  return `${value >>> 24}.${(value >>> 16) & 255}.${(value >>> 8) & 255}.${value & 255}`;
}

/**
 * RFC 5952: lowercase, no leading zeros, the longest run of two or more zero groups as "::" (the first
 * run on a tie), and an IPv4-mapped address (::ffff:0:0/96) in mixed notation (§5).
 */
function formatV6(value: bigint): string {
  if (value >> 32n === 0xffffn) return `::ffff:${formatV4(Number(value & 0xffffffffn))}`;
  const groups: number[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(Number((value >> shift) & 0xffffn));
  let bestStart = -1;
  let bestLength = 1; // a single zero group is never compressed
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

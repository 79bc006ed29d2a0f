// Subnet math as Neutron does it: CIDR normalization, default gateway and pools (generate_pools),
// allocation pool validation (_prepare_allocation_pools) and which fixed IPs a port may ask for.

import { describe, expect, it } from "vitest";
import {
  broadcastAddress,
  cidrContains,
  cidrProblem,
  cidrSize,
  cidrsOverlap,
  defaultGateway,
  defaultPools,
  firstHost,
  formatCidr,
  formatRange,
  ipAt,
  isGatewayInvalid,
  isValidFixedIp,
  lastAddress,
  lastHost,
  offsetOf,
  parseCidr,
  POOL_ERROR_STATUS,
  rangesOverlap,
  requireCidr,
  validatePools,
  type IpRange,
} from "../../../src/services/networking/cidr.js";
import { AddrFormatError, formatIp, requireIp } from "../../../src/services/networking/ip.js";

const cidr = requireCidr;
const ip = requireIp;
const pools = (ranges: IpRange[]) => ranges.map(formatRange);
const pool = (start: string, end: string) => ({ start, end });

describe("parsing CIDRs", () => {
  it("normalizes host bits to the network address, as create_subnet does", () => {
    expect(formatCidr(cidr("192.168.1.5/24"))).toBe("192.168.1.0/24");
    expect(formatCidr(cidr("10.0.0.0/8"))).toBe("10.0.0.0/8");
    expect(formatCidr(cidr("2001:DB8:0:0:1::1/64"))).toBe("2001:db8::/64");
    expect(formatCidr(cidr("0.0.0.0/0"))).toBe("0.0.0.0/0");
    expect(formatCidr(cidr("::/0"))).toBe("::/0");
    expect(formatCidr(cidr("10.1.2.3/32"))).toBe("10.1.2.3/32");
    expect(cidr("10.0.0.0/24")).toEqual({ version: 4, network: 0x0a000000n, prefix: 24 });
  });

  it("rejects a missing or bad prefix and bad addresses, with Neutron's wording", () => {
    for (const text of ["10.0.2.0", "10/24", "10.0.0.0/33", "::/129", "10.0.0.0/024", "10.0.0.0/-1", "10.0.0.0/", "010.0.0.0/24", "10.0.0.0/24 ", "x/8"]) {
      expect(parseCidr(text), text).toBeUndefined();
    }
    expect(cidrProblem("10.0.2.0")).toBe("'10.0.2.0' isn't a recognized IP subnet cidr, '10.0.2.0/32' is recommended");
    expect(cidrProblem("fe80::0")).toBe("'fe80::0' isn't a recognized IP subnet cidr, 'fe80::/128' is recommended");
    expect(cidrProblem("invalid")).toBe("'invalid' is not a valid IP subnet");
    expect(cidrProblem("192.168.1.7/24")).toBeUndefined();
    expect(() => requireCidr("10.0.0.0/33")).toThrow(AddrFormatError);
  });
});

describe("subnet math", () => {
  it("knows the size, ends, hosts and broadcast of IPv4 and IPv6 subnets", () => {
    const v4 = cidr("10.0.0.0/24");
    expect(cidrSize(v4)).toBe(256n);
    expect(formatIp(lastAddress(v4))).toBe("10.0.0.255");
    expect(formatIp(broadcastAddress(v4)!)).toBe("10.0.0.255");
    expect(formatIp(firstHost(v4))).toBe("10.0.0.1");
    expect(formatIp(lastHost(v4))).toBe("10.0.0.254");

    const p2p = cidr("10.0.0.0/31");
    expect(broadcastAddress(p2p)).toBeUndefined();
    expect([firstHost(p2p), lastHost(p2p)].map(formatIp)).toEqual(["10.0.0.0", "10.0.0.1"]);
    expect([firstHost(cidr("10.0.0.9/32")), lastHost(cidr("10.0.0.9/32"))].map(formatIp)).toEqual(["10.0.0.9", "10.0.0.9"]);

    const v6 = cidr("2001:db8::/64");
    expect(cidrSize(v6)).toBe(1n << 64n);
    expect(broadcastAddress(v6)).toBeUndefined();
    expect([firstHost(v6), lastHost(v6)].map(formatIp)).toEqual(["2001:db8::1", "2001:db8::ffff:ffff:ffff:ffff"]);
  });

  it("tests containment and overlap by family", () => {
    const net = cidr("10.0.0.0/24");
    expect(cidrContains(net, ip("10.0.0.0"))).toBe(true);
    expect(cidrContains(net, ip("10.0.0.255"))).toBe(true);
    expect(cidrContains(net, ip("10.0.1.0"))).toBe(false);
    expect(cidrContains(net, ip("::a00:1"))).toBe(false);
    expect(cidrsOverlap(net, cidr("10.0.0.128/25"))).toBe(true);
    expect(cidrsOverlap(cidr("10.0.0.0/8"), net)).toBe(true);
    expect(cidrsOverlap(net, cidr("10.0.1.0/24"))).toBe(false);
    expect(cidrsOverlap(cidr("0.0.0.0/0"), cidr("::/0"))).toBe(false);
    expect(cidrsOverlap(cidr("2001:db8::/48"), cidr("2001:db8:0:ff::/64"))).toBe(true);
    const a = { start: ip("10.0.0.2"), end: ip("10.0.0.9") };
    expect(rangesOverlap(a, { start: ip("10.0.0.9"), end: ip("10.0.0.20") })).toBe(true);
    expect(rangesOverlap(a, { start: ip("10.0.0.10"), end: ip("10.0.0.20") })).toBe(false);
  });

  it("converts between addresses and offsets from the network address", () => {
    const v6 = cidr("2001:db8::/64");
    expect(formatIp(ipAt(v6, 0x1_0000_0000n))).toBe("2001:db8::1:0:0");
    expect(offsetOf(v6, ip("2001:db8::ffff:ffff:ffff:ffff"))).toBe((1n << 64n) - 1n);
    expect(offsetOf(v6, ip("2001:db9::"))).toBeUndefined();
    expect(offsetOf(cidr("10.0.0.0/24"), ip("10.0.0.77"))).toBe(77n);
    expect(() => ipAt(cidr("10.0.0.0/24"), 256n)).toThrow(RangeError);
  });
});

describe("default gateway and allocation pools (generate_pools)", () => {
  it("puts the gateway at network + 1", () => {
    expect(formatIp(defaultGateway(cidr("192.168.10.0/24"))!)).toBe("192.168.10.1");
    expect(formatIp(defaultGateway(cidr("2001:db8::/64"))!)).toBe("2001:db8::1");
    expect(formatIp(defaultGateway(cidr("10.0.0.4/32"))!)).toBe("10.0.0.5"); // outside, as in Neutron
    expect(defaultGateway(cidr("255.255.255.255/32"))).toBeNull();
  });

  it("gives network+1 .. broadcast-1 minus the gateway for IPv4", () => {
    const net = cidr("10.0.0.0/24");
    expect(pools(defaultPools(net, defaultGateway(net)))).toEqual(["10.0.0.2-10.0.0.254"]);
    expect(pools(defaultPools(net, ip("10.0.0.100")))).toEqual(["10.0.0.1-10.0.0.99", "10.0.0.101-10.0.0.254"]);
    expect(pools(defaultPools(net, ip("10.0.0.254")))).toEqual(["10.0.0.1-10.0.0.253"]);
    expect(pools(defaultPools(net, null))).toEqual(["10.0.0.1-10.0.0.254"]);
    expect(pools(defaultPools(net, ip("192.168.0.1")))).toEqual(["10.0.0.1-10.0.0.254"]); // a gateway outside the subnet
    expect(pools(defaultPools(cidr("10.0.0.0/30"), ip("10.0.0.1")))).toEqual(["10.0.0.2-10.0.0.2"]);
  });

  it("uses the whole range of /31 and /32", () => {
    expect(pools(defaultPools(cidr("10.0.0.0/31"), null))).toEqual(["10.0.0.0-10.0.0.1"]);
    expect(pools(defaultPools(cidr("10.0.0.0/31"), ip("10.0.0.1")))).toEqual(["10.0.0.0-10.0.0.0"]);
    expect(pools(defaultPools(cidr("10.0.0.7/32"), ip("10.0.0.7")))).toEqual(["10.0.0.7-10.0.0.7"]);
  });

  it("gives network+1 .. the last address minus the gateway for IPv6", () => {
    const net = cidr("2001:db8::/64");
    expect(pools(defaultPools(net, defaultGateway(net)))).toEqual(["2001:db8::2-2001:db8::ffff:ffff:ffff:ffff"]);
    expect(pools(defaultPools(net, null))).toEqual(["2001:db8::1-2001:db8::ffff:ffff:ffff:ffff"]);
    expect(pools(defaultPools(cidr("2001:db8::/127"), ip("2001:db8::1")))).toEqual([]);
  });
});

describe("validating allocation pools", () => {
  const net = cidr("10.0.0.0/24");
  const gw = ip("10.0.0.1");

  it("accepts pools inside the subnet and returns them parsed", () => {
    const check = validatePools(net, [pool("10.0.0.100", "10.0.0.200"), pool("10.0.0.2", "10.0.0.50")], gw);
    expect(check.ok && pools(check.pools)).toEqual(["10.0.0.100-10.0.0.200", "10.0.0.2-10.0.0.50"]);
    expect(validatePools(net, [pool("10.0.0.1", "10.0.0.254")], null).ok).toBe(true);
    expect(validatePools(net, [], gw)).toEqual({ ok: true, pools: [] });
  });

  it("reports a bad address, a reversed range or a family mismatch as InvalidAllocationPool (400)", () => {
    expect(validatePools(net, [pool("10.0.0.300", "10.0.0.5")], gw)).toEqual({ ok: false, kind: "InvalidAllocationPool", pool: "10.0.0.300-10.0.0.5" });
    expect(validatePools(net, [pool("10.0.0.9", "10.0.0.5")], gw)).toMatchObject({ kind: "InvalidAllocationPool" });
    expect(validatePools(net, [pool("10.0.0.2", "::5")], gw)).toMatchObject({ kind: "InvalidAllocationPool" });
    expect(validatePools(net, [pool("::2", "::5")], gw)).toEqual({ ok: false, kind: "InvalidAllocationPool", pool: "::2-::5" });
    expect(POOL_ERROR_STATUS.InvalidAllocationPool).toBe(400);
  });

  it("reports a pool reaching the network or broadcast address or beyond as OutOfBoundsAllocationPool (400)", () => {
    for (const [start, end] of [["10.0.0.0", "10.0.0.10"], ["10.0.0.2", "10.0.0.255"], ["10.0.0.2", "10.0.1.5"], ["9.255.255.250", "10.0.0.5"]]) {
      expect(validatePools(net, [pool(start, end)], gw), `${start}-${end}`).toEqual({ ok: false, kind: "OutOfBoundsAllocationPool", pool: `${start}-${end}` });
    }
    // IPv6 pools may reach the last address, not the network address
    const v6 = cidr("2001:db8::/120");
    expect(validatePools(v6, [pool("2001:db8::2", "2001:db8::ff")], null).ok).toBe(true);
    expect(validatePools(v6, [pool("2001:db8::", "2001:db8::ff")], null)).toMatchObject({ kind: "OutOfBoundsAllocationPool" });
    expect(POOL_ERROR_STATUS.OutOfBoundsAllocationPool).toBe(400);
  });

  it("reports pools sharing an address as OverlappingAllocationPools (409), naming both", () => {
    const check = validatePools(net, [pool("10.0.0.2", "10.0.0.50"), pool("10.0.0.100", "10.0.0.120"), pool("10.0.0.50", "10.0.0.60")], gw);
    expect(check).toEqual({ ok: false, kind: "OverlappingAllocationPools", pool: "10.0.0.2-10.0.0.50", other: "10.0.0.50-10.0.0.60" });
    expect(validatePools(net, [pool("10.0.0.2", "10.0.0.200"), pool("10.0.0.5", "10.0.0.6")], gw)).toMatchObject({ kind: "OverlappingAllocationPools" });
    expect(validatePools(net, [pool("10.0.0.2", "10.0.0.9"), pool("10.0.0.10", "10.0.0.20")], gw).ok).toBe(true);
    expect(POOL_ERROR_STATUS.OverlappingAllocationPools).toBe(409);
  });

  it("reports a gateway inside a pool as GatewayConflictWithAllocationPools (409)", () => {
    expect(validatePools(net, [pool("10.0.0.1", "10.0.0.100")], gw)).toEqual({ ok: false, kind: "GatewayConflictWithAllocationPools", pool: "10.0.0.1-10.0.0.100" });
    expect(validatePools(net, [pool("10.0.0.2", "10.0.0.100")], ip("10.0.0.254")).ok).toBe(true);
    expect(POOL_ERROR_STATUS.GatewayConflictWithAllocationPools).toBe(409);
  });

  it("checks in Neutron's order: format first, then bounds, overlap, gateway", () => {
    const check = validatePools(net, [pool("10.0.0.1", "10.0.0.300"), pool("10.0.0.0", "10.0.0.5")], gw);
    expect(check).toMatchObject({ kind: "InvalidAllocationPool" });
    expect(validatePools(net, [pool("10.0.0.1", "10.0.0.5"), pool("10.0.0.3", "10.0.1.5")], gw)).toMatchObject({ kind: "OutOfBoundsAllocationPool" });
    expect(validatePools(net, [pool("10.0.0.1", "10.0.0.5"), pool("10.0.0.3", "10.0.0.9")], gw)).toMatchObject({ kind: "OverlappingAllocationPools" });
  });
});

describe("which addresses a port may ask for (check_subnet_ip)", () => {
  it("allows any IPv4 host address of the subnet, in the pools or not, gateway included", () => {
    const net = cidr("10.0.0.0/24");
    expect(isValidFixedIp(net, ip("10.0.0.1"))).toBe(true);
    expect(isValidFixedIp(net, ip("10.0.0.254"))).toBe(true);
    expect(isValidFixedIp(net, ip("10.0.0.0"))).toBe(false);
    expect(isValidFixedIp(net, ip("10.0.0.255"))).toBe(false);
    expect(isValidFixedIp(net, ip("10.0.1.1"))).toBe(false);
    expect(isValidFixedIp(net, ip("::1"))).toBe(false);
    expect(isValidFixedIp(cidr("10.0.0.0/31"), ip("10.0.0.1"))).toBe(true); // no broadcast in a /31
    expect(isValidFixedIp(cidr("10.0.0.0/31"), ip("10.0.0.0"))).toBe(false);
  });

  it("keeps the IPv6 subnet-router anycast address for router ports", () => {
    const net = cidr("2001:db8::/64");
    expect(isValidFixedIp(net, ip("2001:db8::"))).toBe(false);
    expect(isValidFixedIp(net, ip("2001:db8::"), true)).toBe(true);
    expect(isValidFixedIp(net, ip("2001:db8::ffff:ffff:ffff:ffff"))).toBe(true);
  });

  it("rejects an IPv4 gateway on the network or broadcast address, but not one outside the subnet", () => {
    const net = cidr("10.0.0.0/24");
    expect(isGatewayInvalid(net, ip("10.0.0.0"))).toBe(true);
    expect(isGatewayInvalid(net, ip("10.0.0.255"))).toBe(true);
    expect(isGatewayInvalid(net, ip("10.0.0.1"))).toBe(false);
    expect(isGatewayInvalid(net, ip("192.168.0.1"))).toBe(false);
    expect(isGatewayInvalid(cidr("2001:db8::/64"), ip("2001:db8::"))).toBe(false);
  });
});

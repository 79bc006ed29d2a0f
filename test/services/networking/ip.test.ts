// Address parsing and canonical text: what Neutron's validate_ip_address accepts, and RFC 5952 output.

import { describe, expect, it } from "vitest";
import {
  AddrFormatError,
  addToIp,
  canonicalIp,
  compareIp,
  formatIp,
  ipProblem,
  ipVersionOf,
  parseIp,
  requireIp,
  sameIp,
} from "../../../src/services/networking/ip.js";

describe("IPv4 addresses", () => {
  it("round-trips dotted quads, including the ends of the range", () => {
    for (const text of ["0.0.0.0", "10.0.0.1", "192.168.10.254", "255.255.255.255", "1.2.3.4"]) {
      const ip = parseIp(text);
      expect(ip?.version).toBe(4);
      expect(formatIp(ip!)).toBe(text);
    }
    expect(parseIp("10.0.0.1")?.value).toBe(0x0a000001n);
  });

  it("rejects shorthand, out-of-range parts, whitespace and stray characters", () => {
    for (const text of ["", "10", "10.1", "10.0.1", "1.2.3.4.5", "256.0.0.1", "1.2.3.-4", "1.2.3.4/24", " 1.2.3.4", "1.2.3.4 ", "1.2.3.4\n", "1..3.4", "a.b.c.d", "1.2.3.0x4", "1".repeat(59)]) {
      expect(parseIp(text), text).toBeUndefined();
    }
  });

  it("rejects leading zeros as ambiguous and recommends the plain form, as Neutron does", () => {
    expect(parseIp("01.2.3.4")).toBeUndefined();
    expect(parseIp("1.1.1.01")).toBeUndefined();
    expect(ipProblem("1.1.1.011")).toBe("'1.1.1.011' is not an accepted IP address, '1.1.1.11' is recommended");
    expect(ipProblem("1.1.1.09")).toBe("'1.1.1.09' is not an accepted IP address, '1.1.1.9' is recommended");
    expect(ipProblem("10.0.0")).toBe("'10.0.0' is not a valid IP address");
    expect(ipProblem("10.0.0.1")).toBeUndefined();
  });
});

describe("IPv6 addresses", () => {
  it.each([
    ["2001:db8::1", "2001:db8::1"],
    ["2001:0DB8:0000:0000:0000:0000:0000:0001", "2001:db8::1"],
    ["::", "::"],
    ["::1", "::1"],
    ["1::", "1::"],
    ["fe80:0:0:0:0:0:0:0001", "fe80::1"],
    // a single zero group is not compressed (RFC 5952 §4.2.2)
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
    ["2001:db8::1:1:1:1:1", "2001:db8:0:1:1:1:1:1"],
    // the longest run wins; on a tie the first one (§4.2.3)
    ["2001:0:0:1:0:0:0:1", "2001:0:0:1::1"],
    ["2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"],
    ["0:0:1:0:0:1:0:0", "::1:0:0:1:0:0"],
    ["1:0:0:0:0:0:0:0", "1::"],
    ["0:1:2:3:4:5:6:7", "0:1:2:3:4:5:6:7"],
    ["1:2:3:4:5:6:7::", "1:2:3:4:5:6:7:0"],
    ["::2:3:4:5:6:7:8", "0:2:3:4:5:6:7:8"],
    ["ABCD:EF01:2345:6789:ABCD:EF01:2345:6789", "abcd:ef01:2345:6789:abcd:ef01:2345:6789"],
    // an embedded dotted quad; IPv4-mapped addresses keep mixed notation (§5)
    ["::ffff:192.0.2.1", "::ffff:192.0.2.1"],
    ["0:0:0:0:0:ffff:c000:0201", "::ffff:192.0.2.1"],
    ["64:ff9b::192.0.2.33", "64:ff9b::c000:221"],
    ["::1.2.3.4", "::102:304"],
  ])("%s is %s", (input, canonical) => {
    expect(parseIp(input)?.version).toBe(6);
    expect(canonicalIp(input)).toBe(canonical);
    expect(canonicalIp(canonical)).toBe(canonical);
  });

  it("rejects malformed forms", () => {
    for (const text of [
      ":",
      ":::",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "1:2:3:4::5:6:7:8", // "::" must stand for at least one group
      "12345::",
      "g::1",
      ":1::2",
      "1::2:",
      "fe80::1%eth0",
      "2001:db8::/64",
      "::ffff:1.2.3",
      "::ffff:01.2.3.4",
      "::1.2.3.4:5",
      "1:2:3:4:5:6:7:1.2.3.4",
      " ::1",
    ]) {
      expect(parseIp(text), text).toBeUndefined();
    }
    expect(ipProblem("1::2::3")).toBe("'1::2::3' is not a valid IP address");
  });

  it("keeps the full 128 bits", () => {
    expect(parseIp("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")?.value).toBe((1n << 128n) - 1n);
    expect(formatIp({ version: 6, value: (1n << 128n) - 1n })).toBe("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
  });
});

describe("helpers", () => {
  it("detects the version", () => {
    expect(ipVersionOf("10.0.0.1")).toBe(4);
    expect(ipVersionOf("::1")).toBe(6);
    expect(ipVersionOf("nope")).toBeUndefined();
  });

  it("throws a typed error carrying Neutron's reason", () => {
    expect(requireIp("10.0.0.1").value).toBe(0x0a000001n);
    try {
      requireIp("01.0.0.1");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AddrFormatError);
      expect((e as AddrFormatError).input).toBe("01.0.0.1");
      expect((e as AddrFormatError).message).toContain("'1.0.0.1' is recommended");
    }
  });

  it("orders IPv4 before IPv6, then by value", () => {
    const sorted = ["::1", "10.0.0.2", "10.0.0.10", "2001:db8::", "9.255.255.255"].map((t) => requireIp(t)).sort(compareIp).map(formatIp);
    expect(sorted).toEqual(["9.255.255.255", "10.0.0.2", "10.0.0.10", "::1", "2001:db8::"]);
    expect(compareIp(requireIp("10.0.0.1"), requireIp("10.0.0.1"))).toBe(0);
    expect(sameIp(requireIp("::1"), requireIp("0::0:1"))).toBe(true);
    expect(sameIp(requireIp("0.0.0.1"), requireIp("::1"))).toBe(false);
  });

  it("adds offsets within the family's range", () => {
    expect(formatIp(addToIp(requireIp("10.0.0.255"), 1n)!)).toBe("10.0.1.0");
    expect(formatIp(addToIp(requireIp("2001:db8::ffff"), 1n)!)).toBe("2001:db8::1:0");
    expect(addToIp(requireIp("255.255.255.255"), 1n)).toBeUndefined();
    expect(addToIp(requireIp("0.0.0.0"), -1n)).toBeUndefined();
  });
});

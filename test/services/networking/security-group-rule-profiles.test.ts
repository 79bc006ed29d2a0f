// Where the spec and Neutron differ on security group rules: the spec profile (the default) takes protocol
// `tcp`, `udp`, `icmp` or none and ports 1 to 65535 (an ICMP rule's type and code, 1 to 255); the upstream
// profile keeps Neutron's wider set (other names, numbers, `any`, ICMP type and code 0).

import { describe, expect, it } from "vitest";
import { netApi } from "./api-setup.js";
import { refused } from "./port-setup.js";

async function withGroup(profile?: "spec" | "upstream") {
  const n = await netApi(profile ? { profile } : {});
  const group = (await n.api("POST", "/v2.0/security-groups", { token: n.demo, body: { security_group: { name: "web" } } })).body.security_group;
  const post = (rule: Record<string, unknown>) =>
    n.api("POST", "/v2.0/security-group-rules", { token: n.demo, body: { security_group_rule: { security_group_id: group.id, direction: "ingress", ...rule } } });
  const created = async (rule: Record<string, unknown>) => {
    const res = await post(rule);
    expect(res.status, res.text).toBe(201);
    return res.body.security_group_rule;
  };
  return { n, group, post, created };
}

const SPEC_PROTOCOL_MESSAGE = (p: unknown) => `Security group rule protocol ${String(p)} not supported. Only protocol values [None, 'tcp', 'udp', 'icmp'] are supported.`;

/** Rules Neutron takes and the spec does not. */
const NEUTRON_ONLY: Array<[string, Record<string, unknown>]> = [
  ["gre", { protocol: "gre", remote_ip_prefix: "192.168.0.0/16" }],
  ["sctp with ports", { protocol: "sctp", port_range_min: 5000, port_range_max: 5000 }],
  ['"6"', { protocol: "6", port_range_min: 22, port_range_max: 22 }],
  ["47 (a number)", { protocol: 47 }],
  ["any", { protocol: "any", remote_ip_prefix: "10.0.0.0/8" }],
  ["ipv6-icmp", { protocol: "ipv6-icmp", ethertype: "IPv6" }],
  ["icmp type 0 (echo reply)", { protocol: "icmp", port_range_min: 0 }],
  ["icmp code 0", { protocol: "icmp", port_range_min: 8, port_range_max: 0 }],
  ["IPv6 icmp type 0", { protocol: "icmp", ethertype: "IPv6", port_range_min: 0, port_range_max: 0 }],
];

describe("security group rules in the spec profile (the default)", () => {
  it("refuses every protocol but tcp, udp, icmp and none with 400 SecurityGroupRuleInvalidProtocol, changing nothing", async () => {
    const { n, post } = await withGroup();
    for (const protocol of ["gre", "sctp", "6", 47, 6, "any", "ANY", "ipv6-icmp", "icmpv6", "0"]) {
      const res = await refused(n, 400, "SecurityGroupRuleInvalidProtocol", () => post({ protocol }));
      expect(res.body.NeutronError.message).toBe(SPEC_PROTOCOL_MESSAGE(protocol));
    }
    await refused(n, 400, "SecurityGroupRuleInvalidProtocol", () => post({ protocol: "sctp", port_range_min: 1, port_range_max: 2 }));
  });

  it("refuses ICMP type or code 0 (outside the spec's 1 to 65535), and Neutron's own port refusals stand", async () => {
    const { n, post } = await withGroup();
    const type0 = await refused(n, 400, "SecurityGroupInvalidIcmpValue", () => post({ protocol: "icmp", port_range_min: 0 }));
    expect(type0.body.NeutronError.message).toBe("Invalid value for ICMP type (port_range_min) 0. It must be 1 to 255.");
    const code0 = await refused(n, 400, "SecurityGroupInvalidIcmpValue", () => post({ protocol: "icmp", port_range_min: 8, port_range_max: 0 }));
    expect(code0.body.NeutronError.message).toBe("Invalid value for ICMP code (port_range_max) 0. It must be 1 to 255.");
    await refused(n, 400, "SecurityGroupInvalidIcmpValue", () => post({ protocol: "icmp", ethertype: "IPv6", port_range_min: "0" }));
    await refused(n, 400, "SecurityGroupInvalidPortValue", () => post({ protocol: "tcp", port_range_min: 0, port_range_max: 22 }));
    await refused(n, 400, "SecurityGroupInvalidPortValue", () => post({ protocol: "udp", port_range_min: 1, port_range_max: 65536 }));
    await refused(n, 400, "SecurityGroupInvalidIcmpValue", () => post({ protocol: "icmp", port_range_min: 256 }));
  });

  it("refuses each rule the upstream profile takes (400), changing nothing", async () => {
    const { n, post } = await withGroup();
    for (const [what, rule] of NEUTRON_ONLY) {
      const type = rule.protocol === "icmp" ? "SecurityGroupInvalidIcmpValue" : "SecurityGroupRuleInvalidProtocol";
      const res = await refused(n, 400, type, () => post(rule));
      expect(res.status, what).toBe(400);
    }
  });

  it("creates nothing from a bulk request with one rule outside the spec", async () => {
    const { n, group } = await withGroup();
    const rules = [
      { security_group_id: group.id, direction: "ingress", protocol: "tcp", port_range_min: 80, port_range_max: 80 },
      { security_group_id: group.id, direction: "ingress", protocol: "gre" },
    ];
    await refused(n, 400, "SecurityGroupRuleInvalidProtocol", () => n.api("POST", "/v2.0/security-group-rules", { token: n.demo, body: { security_group_rules: rules } }));
  });

  it("takes the spec's values: tcp and udp ports 1 to 65535, icmp with or without a type and code, no protocol", async () => {
    const { created } = await withGroup();
    expect(await created({ protocol: "tcp", port_range_min: 1, port_range_max: 65535 })).toMatchObject({ protocol: "tcp", port_range_min: 1, port_range_max: 65535 });
    expect(await created({ protocol: "UDP", port_range_min: "53", port_range_max: "53" })).toMatchObject({ protocol: "udp", port_range_min: 53 });
    expect(await created({ protocol: "icmp" })).toMatchObject({ protocol: "icmp", port_range_min: null, port_range_max: null });
    expect(await created({ protocol: "icmp", port_range_min: 8 })).toMatchObject({ port_range_min: 8, port_range_max: null });
    expect(await created({ protocol: "icmp", port_range_min: 255, port_range_max: 255 })).toMatchObject({ port_range_min: 255, port_range_max: 255 });
    // Neutron stores icmp on an IPv6 rule as ipv6-icmp
    expect(await created({ protocol: "icmp", ethertype: "IPv6", port_range_min: 128 })).toMatchObject({ protocol: "ipv6-icmp", ethertype: "IPv6" });
    expect(await created({ protocol: null, remote_ip_prefix: "10.0.0.0/8" })).toMatchObject({ protocol: null });
  });

  it("still gives every project its default group's rules (no protocol, IPv4 and IPv6)", async () => {
    const { n } = await withGroup();
    const group = (await n.api("GET", `/v2.0/security-groups?name=default&project_id=${n.demoProject}`, { token: n.demo })).body.security_groups[0];
    expect(group.security_group_rules.map((r: any) => [r.direction, r.ethertype, r.protocol]).sort()).toEqual([
      ["egress", "IPv4", null],
      ["egress", "IPv6", null],
      ["ingress", "IPv4", null],
      ["ingress", "IPv6", null],
    ]);
  });
});

describe("security group rules in the upstream profile", () => {
  it("takes Neutron's wider set: other names, numbers, any, ICMP type and code 0", async () => {
    const { created } = await withGroup("upstream");
    const stored = [];
    for (const [, rule] of NEUTRON_ONLY) stored.push(await created(rule));
    expect(stored.map((r) => [r.protocol, r.port_range_min, r.port_range_max])).toEqual([
      ["gre", null, null],
      ["sctp", 5000, 5000],
      ["6", 22, 22],
      ["47", null, null],
      [null, null, null],
      ["ipv6-icmp", null, null],
      ["icmp", 0, null],
      ["icmp", 8, 0],
      ["ipv6-icmp", 0, 0],
    ]);
  });

  it("keeps Neutron's own refusals, and finds a tcp rule spelled as 6 a duplicate (409)", async () => {
    const { n, post, created } = await withGroup("upstream");
    await refused(n, 400, "SecurityGroupInvalidProtocolForPort", () => post({ protocol: "gre", port_range_min: 80, port_range_max: 80 }));
    await refused(n, 400, "SecurityGroupEthertypeConflictWithProtocol", () => post({ protocol: "ipv6-icmp" }));
    await refused(n, 400, "SecurityGroupRuleInvalidProtocol", () => post({ protocol: 256 }));
    const rule = await created({ protocol: "tcp", port_range_min: 22, port_range_max: 22 });
    const dup = await refused(n, 409, "SecurityGroupRuleExists", () => post({ protocol: "6", port_range_min: 22, port_range_max: 22, ethertype: "ipv4" }));
    expect(dup.body.NeutronError.message).toBe(`Security group rule already exists. Rule id is ${rule.id}.`);
  });
});

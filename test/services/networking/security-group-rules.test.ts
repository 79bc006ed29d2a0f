// Security group rules through the HTTP API, in the default (spec) profile: the validation table (Neutron's
// checks, in its order), each refusal leaving the state unchanged, conversions (string ports, protocol
// names, prefixes), duplicates (409), show/list/delete, no update (405), isolation and quota. What only
// Neutron's wider values allow (the upstream profile) is in security-group-rule-profiles.test.ts.

import { beforeEach, describe, expect, it } from "vitest";
import { netApi, type NetApi } from "./api-setup.js";
import { refused } from "./port-setup.js";
import { standardAttributes } from "./standard-attributes.js";

let n: NetApi;
let groupId: string;

beforeEach(async () => {
  n = await netApi();
  const res = await n.api("POST", "/v2.0/security-groups", { token: n.demo, body: { security_group: { name: "web" } } });
  groupId = res.body.security_group.id;
});

const post = (rule: Record<string, unknown>, token = n.demo) =>
  n.api("POST", "/v2.0/security-group-rules", { token, body: { security_group_rule: { security_group_id: groupId, direction: "ingress", ...rule } } });

async function created(rule: Record<string, unknown>, token = n.demo) {
  const res = await post(rule, token);
  expect(res.status, res.text).toBe(201);
  return res.body.security_group_rule;
}

describe("POST /v2.0/security-group-rules: validation", () => {
  const cases: Array<[string, Record<string, unknown>, number, string]> = [
    ["a direction other than ingress/egress", { direction: "sideways" }, 400, "BadRequest"],
    ["no direction", { direction: undefined }, 400, "BadRequest"],
    ["no security_group_id", { security_group_id: undefined }, 400, "BadRequest"],
    ["an unknown attribute", { colour: "red" }, 400, "BadRequest"],
    ["an ethertype other than IPv4/IPv6", { ethertype: "IPv5" }, 400, "SecurityGroupRuleInvalidEtherType"],
    ["an unknown protocol name", { protocol: "smtp" }, 400, "SecurityGroupRuleInvalidProtocol"],
    ["a protocol number above 255", { protocol: 256 }, 400, "SecurityGroupRuleInvalidProtocol"],
    ["a port above 65535", { protocol: "tcp", port_range_min: 22, port_range_max: 65536 }, 400, "SecurityGroupInvalidPortValue"],
    ["port 0 for tcp", { protocol: "tcp", port_range_min: 0, port_range_max: 10 }, 400, "SecurityGroupInvalidPortValue"],
    ["a port that is not a number", { protocol: "tcp", port_range_min: "ssh", port_range_max: 22 }, 400, "SecurityGroupInvalidPortValue"],
    ["a negative port", { protocol: "udp", port_range_min: -1, port_range_max: 22 }, 400, "SecurityGroupInvalidPortValue"],
    ["min above max", { protocol: "tcp", port_range_min: 90, port_range_max: 80 }, 400, "SecurityGroupInvalidPortRange"],
    ["a min without a max on tcp", { protocol: "tcp", port_range_min: 80 }, 400, "SecurityGroupInvalidPortRange"],
    ["ports without a protocol", { port_range_min: 80, port_range_max: 80 }, 400, "SecurityGroupProtocolRequiredWithPorts"],
    ["an ICMP type above 255", { protocol: "icmp", port_range_min: 256 }, 400, "SecurityGroupInvalidIcmpValue"],
    ["an ICMP code above 255", { protocol: "icmp", port_range_min: 8, port_range_max: 256 }, 400, "SecurityGroupInvalidIcmpValue"],
    ["an ICMP code without a type", { protocol: "icmp", port_range_max: 0 }, 400, "SecurityGroupMissingIcmpType"],
    ["a remote prefix that is not a CIDR", { remote_ip_prefix: "bogus" }, 400, "InvalidCIDR"],
    ["a prefix longer than the family", { remote_ip_prefix: "10.0.0.0/33" }, 400, "InvalidCIDR"],
    ["an IPv6 prefix on an IPv4 rule", { remote_ip_prefix: "2001:db8::/32" }, 400, "SecurityGroupRuleParameterConflict"],
    ["an IPv4 prefix on an IPv6 rule", { ethertype: "IPv6", remote_ip_prefix: "10.0.0.0/8" }, 400, "SecurityGroupRuleParameterConflict"],
    ["both a remote prefix and a remote group", { remote_ip_prefix: "10.0.0.0/8", remote_group_id: "GROUP" }, 400, "SecurityGroupRemoteGroupAndRemoteIpPrefix"],
    ["an unknown remote group", { remote_group_id: "0c9b5ac4-0000-4000-8000-000000000000" }, 404, "SecurityGroupNotFound"],
    ["an unknown security group", { security_group_id: "0c9b5ac4-0000-4000-8000-000000000000" }, 404, "SecurityGroupNotFound"],
  ];
  for (const [what, rule, status, type] of cases) {
    it(`refuses ${what} with ${status} ${type}, changing nothing`, async () => {
      const body = Object.fromEntries(Object.entries(rule).map(([k, v]) => [k, v === "GROUP" ? groupId : v]));
      await refused(n, status, type, () => post(body));
    });
  }

  it("refuses another project's group, as the group and as the remote group (404)", async () => {
    const adminGroup = (await n.api("GET", `/v2.0/security-groups?name=default&project_id=${n.adminProject}`)).body.security_groups[0].id;
    await refused(n, 404, "SecurityGroupNotFound", () => post({ security_group_id: adminGroup }));
    await refused(n, 404, "SecurityGroupNotFound", () => post({ remote_group_id: adminGroup }));
  });

  it("refuses a duplicate with 409 SecurityGroupRuleExists naming the existing rule, however it is spelled", async () => {
    const rule = await created({ protocol: "tcp", port_range_min: 22, port_range_max: 22, remote_ip_prefix: "0.0.0.0/0" });
    for (const spelling of [
      { protocol: "tcp", port_range_min: 22, port_range_max: 22, remote_ip_prefix: "0.0.0.0/0" },
      { protocol: "TCP", port_range_min: "22", port_range_max: "22", ethertype: "ipv4" },
    ]) {
      const res = await refused(n, 409, "SecurityGroupRuleExists", () => post(spelling));
      expect(res.body.NeutronError.message).toBe(`Security group rule already exists. Rule id is ${rule.id}.`);
    }
    // the same rule on egress, or in another group, is not a duplicate
    await created({ direction: "egress", protocol: "tcp", port_range_min: 22, port_range_max: 22 });
    // the automatic egress rules count too
    await refused(n, 409, "SecurityGroupRuleExists", () => post({ direction: "egress" }));
  });
});

describe("POST /v2.0/security-group-rules: what is stored", () => {
  it("returns string ports as integers and the full rule record", async () => {
    const rule = await created({ protocol: "tcp", port_range_min: "8000", port_range_max: "8080", description: "app" });
    expect(rule).toMatchObject({
      security_group_id: groupId,
      direction: "ingress",
      ethertype: "IPv4",
      protocol: "tcp",
      port_range_min: 8000,
      port_range_max: 8080,
      remote_ip_prefix: null,
      remote_group_id: null,
      remote_address_group_id: null,
      normalized_cidr: null,
      description: "app",
      belongs_to_default_sg: false,
      ...standardAttributes(n.demoProject, { tags: false }),
    });
    expect(rule.id).toMatch(/^[0-9a-f-]{36}$/);
    // the group shows the rule and has a new revision
    const group = (await n.api("GET", `/v2.0/security-groups/${groupId}`, { token: n.demo })).body.security_group;
    expect(group.security_group_rules.map((r: any) => r.id)).toContain(rule.id);
    expect(group.revision_number).toBe(1);
  });

  it("normalises protocols, ethertypes and prefixes as Neutron does", async () => {
    expect((await created({ protocol: "UDP", port_range_min: 53, port_range_max: 53 })).protocol).toBe("udp");
    expect((await created({ protocol: null, remote_ip_prefix: "192.168.0.0/16" })).protocol).toBe(null);
    const v6 = await created({ ethertype: "ipv6", protocol: "icmp" });
    expect(v6).toMatchObject({ ethertype: "IPv6", protocol: "ipv6-icmp" });
    const host = await created({ protocol: "tcp", port_range_min: 443, port_range_max: 443, remote_ip_prefix: "10.1.2.3" });
    expect(host).toMatchObject({ remote_ip_prefix: "10.1.2.3/32", normalized_cidr: "10.1.2.3/32" });
    const hostBits = await created({ protocol: "tcp", port_range_min: 444, port_range_max: 444, remote_ip_prefix: "10.1.2.3/24" });
    expect(hostBits).toMatchObject({ remote_ip_prefix: "10.1.2.3/24", normalized_cidr: "10.1.2.0/24" });
    const v6prefix = await created({ ethertype: "IPv6", remote_ip_prefix: "2001:DB8:0:0::/48" });
    expect(v6prefix).toMatchObject({ remote_ip_prefix: "2001:db8::/48", normalized_cidr: "2001:db8::/48" });
    // ICMP: a type alone, or a type and a code
    expect(await created({ protocol: "icmp", port_range_min: 8 })).toMatchObject({ port_range_min: 8, port_range_max: null });
    expect(await created({ protocol: "icmp", port_range_min: 3, port_range_max: 4 })).toMatchObject({ port_range_min: 3, port_range_max: 4 });
    const selfRef = await created({ remote_group_id: groupId, protocol: "tcp", port_range_min: 1, port_range_max: 65535 });
    expect(selfRef).toMatchObject({ remote_group_id: groupId, port_range_min: 1, port_range_max: 65535 });
  });

  it("creates several rules in one request, all or none", async () => {
    const rules = [
      { security_group_id: groupId, direction: "ingress", protocol: "tcp", port_range_min: 80, port_range_max: 80 },
      { security_group_id: groupId, direction: "ingress", protocol: "tcp", port_range_min: 443, port_range_max: 443 },
    ];
    const res = await n.api("POST", "/v2.0/security-group-rules", { token: n.demo, body: { security_group_rules: rules } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.security_group_rules.map((r: any) => r.port_range_min)).toEqual([80, 443]);
    const again = [{ ...rules[0], port_range_min: 8443, port_range_max: 8443 }, rules[1]];
    await refused(n, 409, "SecurityGroupRuleExists", () => n.api("POST", "/v2.0/security-group-rules", { token: n.demo, body: { security_group_rules: again } }));
  });

  it("counts rules against the security_group_rule quota (409 OverQuota)", async () => {
    const used = (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details.json`)).body.quota.security_group_rule.used;
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { security_group_rule: used + 1 } } })).status).toBe(200);
    const rule = await created({ protocol: "tcp", port_range_min: 1, port_range_max: 2 });
    await refused(n, 409, "OverQuota", () => post({ protocol: "tcp", port_range_min: 3, port_range_max: 4 }));
    expect((await n.api("DELETE", `/v2.0/security-group-rules/${rule.id}`, { token: n.demo })).status).toBe(204);
    await created({ protocol: "tcp", port_range_min: 3, port_range_max: 4 });
  });
});

describe("/v2.0/security-group-rules/{id}", () => {
  it("shows, lists by group, deletes (204, then 404) and frees the rule's fingerprint", async () => {
    const rule = await created({ protocol: "tcp", port_range_min: 22, port_range_max: 22 });
    const shown = await n.api("GET", `/v2.0/security-group-rules/${rule.id}`, { token: n.demo });
    expect(shown.body.security_group_rule).toEqual(rule);
    expect((await n.api("GET", `/v2.0/security-group-rules/${rule.id}?fields=protocol`, { token: n.demo })).body.security_group_rule).toEqual({ protocol: "tcp" });
    const listed = await n.api("GET", `/v2.0/security-group-rules?security_group_id=${groupId}&direction=ingress`, { token: n.demo });
    expect(listed.body.security_group_rules.map((r: any) => r.id)).toEqual([rule.id]);
    expect((await n.api("DELETE", `/v2.0/security-group-rules/${rule.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/security-group-rules/${rule.id}`, { token: n.demo })).status).toBe(404);
    await refused(n, 404, "SecurityGroupRuleNotFound", () => n.api("DELETE", `/v2.0/security-group-rules/${rule.id}`, { token: n.demo }));
    await created({ protocol: "tcp", port_range_min: 22, port_range_max: 22 });
  });

  it("has no update (405)", async () => {
    const rule = await created({ protocol: "udp", port_range_min: 53, port_range_max: 53 });
    const before = n.fingerprint();
    const res = await n.api("PUT", `/v2.0/security-group-rules/${rule.id}`, { token: n.demo, body: { security_group_rule: { description: "x" } } });
    expect(res.status).toBe(405);
    expect(n.fingerprint()).toBe(before);
  });

  it("hides other projects' rules (404), and lets admins see them all", async () => {
    const rule = await created({ protocol: "tcp", port_range_min: 22, port_range_max: 22 });
    const adminGroup = (await n.api("POST", "/v2.0/security-groups", { body: { security_group: { name: "admin-web" } } })).body.security_group;
    const adminRule = adminGroup.security_group_rules[0];
    expect((await n.api("GET", `/v2.0/security-group-rules/${adminRule.id}`, { token: n.demo })).status).toBe(404);
    await refused(n, 404, "SecurityGroupRuleNotFound", () => n.api("DELETE", `/v2.0/security-group-rules/${adminRule.id}`, { token: n.demo }));
    const demoIds = (await n.api("GET", "/v2.0/security-group-rules", { token: n.demo })).body.security_group_rules.map((r: any) => r.id);
    expect(demoIds).toContain(rule.id);
    expect(demoIds).not.toContain(adminRule.id);
    const adminIds = (await n.api("GET", "/v2.0/security-group-rules")).body.security_group_rules.map((r: any) => r.id);
    expect(adminIds).toEqual(expect.arrayContaining([rule.id, adminRule.id]));
    // an admin may add a rule to another project's group; it belongs to that group's project
    const byAdmin = await created({ protocol: "tcp", port_range_min: 80, port_range_max: 80 }, n.admin);
    expect(byAdmin.project_id).toBe(n.demoProject);
  });
});

// The proxy APIs (before 2.36) to networking: security groups and rules, floating IPs and pools, networks.

import { beforeEach, describe, expect, it } from "vitest";
import { fault, profileApi, type ProfileApi } from "./profile-setup.js";

describe("compute: the proxy APIs to networking (until 2.36)", () => {
  let t: ProfileApi;
  beforeEach(async () => {
    t = await profileApi();
  });

  it("creates, lists, shows, updates and deletes a security group through Neutron", async () => {
    const created = await t.api("POST", "/os-security-groups", { token: t.demo, body: { security_group: { name: "web", description: "web tier" } } });
    expect(created.status).toBe(200);
    const group = created.body.security_group;
    // Neutron's automatic egress rules are not shown: nova-network had ingress rules only
    expect(group).toEqual({ id: expect.any(String), name: "web", description: "web tier", tenant_id: t.demoProject, rules: [] });
    expect((await t.net("GET", `/security-groups/${group.id}`, { token: t.demo })).body.security_group.name).toBe("web");
    const names = (await t.api("GET", "/os-security-groups", { token: t.demo })).body.security_groups.map((g: any) => g.name);
    expect(names).toEqual(["default", "web"]);
    const def = (await t.api("GET", "/os-security-groups", { token: t.demo })).body.security_groups[0];
    // the default group's ingress rules: from members of the group itself
    expect(def.rules[0]).toMatchObject({ ip_protocol: null, from_port: null, to_port: null, group: { name: "default", tenant_id: t.demoProject }, ip_range: {} });
    const updated = await t.api("PUT", `/os-security-groups/${group.id}`, { token: t.demo, body: { security_group: { name: "web2", description: "d" } } });
    expect(updated.body.security_group).toMatchObject({ name: "web2", description: "d" });
    expect((await t.api("GET", `/os-security-groups/${group.id}`, { token: t.demo })).body.security_group.name).toBe("web2");
    expect((await t.api("DELETE", `/os-security-groups/${group.id}`, { token: t.demo })).status).toBe(202);
    expect(fault(await t.refused(404, "GET", `/os-security-groups/${group.id}`, { token: t.demo })).message).toBe(`Security group ${group.id} not found.`);
  });

  it("adds and removes ingress rules, with Nova's defaults and checks", async () => {
    const group = (await t.api("POST", "/os-security-groups", { token: t.demo, body: { security_group: { name: "web", description: "" } } })).body.security_group;
    const ssh = await t.api("POST", "/os-security-group-rules", { token: t.demo, body: { security_group_rule: { parent_group_id: group.id, ip_protocol: "tcp", from_port: 22, to_port: 22, cidr: "10.0.0.0/8" } } });
    expect(ssh.status).toBe(200);
    expect(ssh.body.security_group_rule).toEqual({ id: expect.any(String), parent_group_id: group.id, ip_protocol: "tcp", from_port: 22, to_port: 22, group: {}, ip_range: { cidr: "10.0.0.0/8" } });
    const rule = (await t.net("GET", `/security-group-rules/${ssh.body.security_group_rule.id}`, { token: t.demo })).body.security_group_rule;
    expect(rule).toMatchObject({ direction: "ingress", ethertype: "IPv4", protocol: "tcp", port_range_min: 22, remote_ip_prefix: "10.0.0.0/8" });
    const icmp = await t.api("POST", "/os-security-group-rules", { token: t.demo, body: { security_group_rule: { parent_group_id: group.id, ip_protocol: "icmp" } } });
    expect(icmp.body.security_group_rule).toMatchObject({ ip_protocol: "icmp", from_port: -1, to_port: -1, ip_range: { cidr: "0.0.0.0/0" } });
    expect((await t.api("GET", `/os-security-groups/${group.id}`, { token: t.demo })).body.security_group.rules).toHaveLength(2);
    // -1 is "every type and code" (tempest's rules send it), as leaving them out is
    const every = await t.api("POST", "/os-security-group-rules", { token: t.demo, body: { security_group_rule: { parent_group_id: group.id, ip_protocol: "icmp", from_port: -1, to_port: -1, cidr: "10.0.0.0/8" } } });
    expect(every.status, every.text).toBe(200);
    expect(every.body.security_group_rule).toMatchObject({ ip_protocol: "icmp", from_port: -1, to_port: -1, ip_range: { cidr: "10.0.0.0/8" } });
    expect((await t.net("GET", `/security-group-rules/${every.body.security_group_rule.id}`, { token: t.demo })).body.security_group_rule).toMatchObject({ protocol: "icmp", port_range_min: null, port_range_max: null });

    const body = (r: Record<string, unknown>) => ({ token: t.demo, body: { security_group_rule: { parent_group_id: group.id, ...r } } });
    expect(fault(await t.refused(400, "POST", "/os-security-group-rules", body({ ip_protocol: "tcp", from_port: 22, to_port: 22, cidr: "10.0.0.0/8" }))).message).toBe(`This rule already exists in group ${group.id}`);
    expect(fault(await t.refused(400, "POST", "/os-security-group-rules", body({ ip_protocol: "tcp", from_port: 90, to_port: 80 }))).message).toBe("Invalid port range 90:80. Valid TCP ports should be between 1-65535");
    await t.refused(400, "POST", "/os-security-group-rules", body({ ip_protocol: "gre", from_port: 1, to_port: 1 }));
    await t.refused(404, "POST", "/os-security-group-rules", { token: t.demo, body: { security_group_rule: { parent_group_id: "6d0ff92a-0007-4780-9ece-acfe5876966a" } } });
    // Nova checks the ids look like UUIDs first
    expect(fault(await t.refused(400, "POST", "/os-security-group-rules", { token: t.demo, body: { security_group_rule: { parent_group_id: "nope" } } })).message).toBe("Security group id should be uuid");
    expect(fault(await t.refused(400, "POST", "/os-security-group-rules", body({ group_id: "nope" }))).message).toBe("Security group id should be uuid");

    expect((await t.api("DELETE", `/os-security-group-rules/${ssh.body.security_group_rule.id}`, { token: t.demo })).status).toBe(202);
    expect(fault(await t.refused(404, "DELETE", `/os-security-group-rules/${ssh.body.security_group_rule.id}`, { token: t.demo })).message).toBe(
      `Security group with rule ${ssh.body.security_group_rule.id} not found.`,
    );
  });

  it("allocates a floating IP from a pool (200), lists, shows and releases it (202)", async () => {
    const pools = await t.api("GET", "/os-floating-ip-pools", { token: t.demo });
    expect(pools.body).toEqual({ floating_ip_pools: [{ name: "public" }] });
    const created = await t.api("POST", "/os-floating-ips", { token: t.demo, body: { pool: "public" } });
    expect(created.status).toBe(200);
    const fip = created.body.floating_ip;
    expect(fip).toEqual({ fixed_ip: null, id: expect.any(String), instance_id: null, ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/), pool: "public" });
    expect((await t.net("GET", `/floatingips/${fip.id}`, { token: t.demo })).body.floatingip.floating_ip_address).toBe(fip.ip);
    expect((await t.api("GET", "/os-floating-ips", { token: t.demo })).body.floating_ips).toEqual([fip]);
    expect((await t.api("GET", `/os-floating-ips/${fip.id}`, { token: t.demo })).body.floating_ip).toEqual(fip);
    expect(fault(await t.refused(404, "POST", "/os-floating-ips", { token: t.demo, body: { pool: "nope" } })).message).toBe("Floating IP pool not found.");
    expect((await t.api("DELETE", `/os-floating-ips/${fip.id}`, { token: t.demo })).status).toBe(202);
    expect(fault(await t.refused(404, "GET", `/os-floating-ips/${fip.id}`, { token: t.demo })).message).toBe(`Floating IP not found for ID ${fip.id}`);
    // no body: the default pool
    expect((await t.api("POST", "/os-floating-ips", { token: t.demo })).body.floating_ip.pool).toBe("public");
  });

  it("lists networks in nova-network's shape (admins see more fields); the nova-network writes are 410", async () => {
    const demo = await t.api("GET", "/os-networks", { token: t.demo });
    expect(demo.status).toBe(200);
    const priv = demo.body.networks.find((n: any) => n.label === "private");
    expect(Object.keys(priv).sort()).toEqual(["broadcast", "cidr", "cidr_v6", "dns1", "dns2", "gateway", "gateway_v6", "id", "label", "netmask", "netmask_v6"]);
    expect(priv).toMatchObject({ id: t.privateNet, cidr: null });
    expect((await t.api("GET", `/os-networks/${t.privateNet}`)).body.network).toMatchObject({ id: t.privateNet, label: "private", project_id: null, mtu: null });
    expect(fault(await t.refused(404, "GET", "/os-networks/nope")).message).toBe("Network not found");
    const tenant = await t.api("GET", `/os-tenant-networks/${t.privateNet}`, { token: t.demo });
    expect(tenant.body).toEqual({ network: { id: t.privateNet, cidr: "None", label: "private" } });
    expect((await t.api("GET", "/os-tenant-networks", { token: t.demo })).body.networks.map((n: any) => n.label).sort()).toEqual(["private", "public"]);
    const gone = await t.refused(410, "POST", "/os-tenant-networks", { token: t.demo, body: { network: { label: "x" } } });
    expect(fault(gone).name).toBe("computeFault");
    await t.refused(410, "DELETE", `/os-networks/${t.privateNet}`);
  });

  it("is gone from 2.36 (404), leaving networking as it was", async () => {
    for (const [method, path] of [
      ["GET", "/os-security-groups"],
      ["POST", "/os-security-groups"],
      ["POST", "/os-security-group-rules"],
      ["GET", "/os-floating-ips"],
      ["POST", "/os-floating-ips"],
      ["GET", "/os-floating-ip-pools"],
      ["GET", "/os-networks"],
      ["GET", "/os-tenant-networks"],
    ]) {
      const res = await t.refused(404, method, path, { token: t.demo, version: "2.36", body: method === "POST" ? {} : undefined });
      expect(fault(res).name).toBe("itemNotFound");
    }
    expect((await t.api("GET", "/os-security-groups", { token: t.demo, version: "2.35" })).status).toBe(200);
  });
});

// Security groups through the HTTP API: every project's automatic `default` group (seed, identity-created
// projects, first use), create/show/list/update/delete with their conflicts, isolation and quota.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { netApi, neutronError, type NetApi } from "./api-setup.js";
import { defaultGroupId, demoNet, okPort, refused } from "./port-setup.js";
import { standardAttributes } from "./standard-attributes.js";

const post = (n: NetApi, security_group: Record<string, unknown>, token = n.demo) =>
  n.api("POST", "/v2.0/security-groups", { token, body: { security_group } });

async function created(n: NetApi, body: Record<string, unknown>, token = n.demo) {
  const res = await post(n, body, token);
  expect(res.status, res.text).toBe(201);
  return res.body.security_group;
}

/** The rules of a group without ids and times, in a stable order. */
function ruleShapes(group: any) {
  return group.security_group_rules
    .map((r: any) => ({ direction: r.direction, ethertype: r.ethertype, protocol: r.protocol, remote_group_id: r.remote_group_id, remote_ip_prefix: r.remote_ip_prefix }))
    .sort((a: any, b: any) => `${a.direction}${a.ethertype}`.localeCompare(`${b.direction}${b.ethertype}`));
}

function defaultRules(groupId: string) {
  return [
    { direction: "egress", ethertype: "IPv4", protocol: null, remote_group_id: null, remote_ip_prefix: null },
    { direction: "egress", ethertype: "IPv6", protocol: null, remote_group_id: null, remote_ip_prefix: null },
    { direction: "ingress", ethertype: "IPv4", protocol: null, remote_group_id: groupId, remote_ip_prefix: null },
    { direction: "ingress", ethertype: "IPv6", protocol: null, remote_group_id: groupId, remote_ip_prefix: null },
  ];
}

describe("the default security group", () => {
  it("exists for every project of the seed, with the two egress and two remote-group ingress rules", async () => {
    const n = await netApi();
    const before = n.fingerprint();
    const all = (await n.api("GET", "/v2.0/security-groups?name=default")).body.security_groups;
    // the listing created nothing: the seed gave every project its group
    expect(n.fingerprint()).toBe(before);
    const projects = (await call(n.emu, "GET", "/identity/v3/projects", { token: n.admin })).body.projects.map((p: any) => p.id);
    expect(all.map((g: any) => g.project_id).sort()).toEqual([...projects].sort());
    for (const group of all) {
      expect(group).toMatchObject({ name: "default", description: "Default security group", stateful: true, shared: false, tags: [] });
      expect(ruleShapes(group)).toEqual(defaultRules(group.id));
      for (const rule of group.security_group_rules) expect(rule.belongs_to_default_sg).toBe(true);
    }
  });

  it("is created with a project made through the identity API, before the project ever calls networking", async () => {
    const n = await netApi();
    const res = await call(n.emu, "POST", "/identity/v3/projects", { token: n.admin, body: { project: { name: "newcomer", domain_id: "default" } } });
    expect(res.status, res.text).toBe(201);
    const projectId = res.body.project.id;
    const before = n.fingerprint();
    const found = (await n.api("GET", `/v2.0/security-groups?project_id=${projectId}`)).body.security_groups;
    expect(n.fingerprint()).toBe(before);
    expect(found).toHaveLength(1);
    expect(found[0].name).toBe("default");
    expect(ruleShapes(found[0])).toEqual(defaultRules(found[0].id));
  });

  it("cannot be deleted (409) or renamed (409) by its project; an admin may delete it and first use brings a new one", async () => {
    const n = await netApi();
    const id = await defaultGroupId(n, n.demo);
    const res = await refused(n, 409, "SecurityGroupCannotRemoveDefault", () => n.api("DELETE", `/v2.0/security-groups/${id}`, { token: n.demo }));
    expect(neutronError(res as any).message).toBeTruthy();
    await refused(n, 409, "SecurityGroupCannotUpdateDefault", () =>
      n.api("PUT", `/v2.0/security-groups/${id}`, { token: n.demo, body: { security_group: { name: "renamed" } } }),
    );
    const described = await n.api("PUT", `/v2.0/security-groups/${id}`, { token: n.demo, body: { security_group: { description: "ours" } } });
    expect(described.status).toBe(200);
    expect(described.body.security_group).toMatchObject({ name: "default", description: "ours", revision_number: 1 });

    expect((await n.api("DELETE", `/v2.0/security-groups/${id}`)).status).toBe(204);
    const listed = (await n.api("GET", "/v2.0/security-groups", { token: n.demo })).body.security_groups;
    const fresh = listed.find((g: any) => g.name === "default");
    expect(fresh.id).not.toBe(id);
    expect(ruleShapes(fresh)).toEqual(defaultRules(fresh.id));
  });
});

describe("/v2.0/security-groups", () => {
  it("creates a group with the two egress rules; `default` is Neutron's name alone", async () => {
    const n = await netApi();
    const group = await created(n, { name: "web", description: "web servers" });
    expect(group).toMatchObject({
      name: "web",
      description: "web servers",
      stateful: true,
      shared: false,
      ...standardAttributes(n.demoProject),
    });
    expect(ruleShapes(group)).toEqual(defaultRules(group.id).slice(0, 2));
    for (const rule of group.security_group_rules) {
      expect(rule).toMatchObject({ security_group_id: group.id, belongs_to_default_sg: false, port_range_min: null, port_range_max: null, normalized_cidr: null });
    }
    expect((await created(n, { name: "stateless", stateful: false })).stateful).toBe(false);
    await refused(n, 409, "SecurityGroupDefaultAlreadyExists", () => post(n, { name: "default" }));
    await refused(n, 400, "BadRequest", () => post(n, { name: "x", colour: "red" }));
    await refused(n, 400, "BadRequest", () => post(n, { name: "x".repeat(256) }));
    await refused(n, 403, "PolicyNotAuthorized", () => post(n, { name: "x", project_id: n.adminProject }));
    const forDemo = await created(n, { name: "given", project_id: n.demoProject }, n.admin);
    expect(forDemo.project_id).toBe(n.demoProject);
  });

  it("shows, lists with filters and fields, and hides other projects' groups (404)", async () => {
    const n = await netApi();
    const group = await created(n, { name: "web" });
    const adminGroup = await created(n, { name: "admin-only" }, n.admin);
    const shown = await n.api("GET", `/v2.0/security-groups/${group.id}`, { token: n.demo });
    expect(shown.body.security_group).toEqual(group);
    expect((await n.api("GET", `/v2.0/security-groups/${group.id}?fields=name&fields=id`, { token: n.demo })).body.security_group).toEqual({ name: "web", id: group.id });
    expect((await n.api("GET", `/v2.0/security-groups/${adminGroup.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", "/v2.0/security-groups/web", { token: n.demo })).status).toBe(404);
    const names = (await n.api("GET", "/v2.0/security-groups", { token: n.demo })).body.security_groups.map((g: any) => g.name);
    expect(names.sort()).toEqual(["default", "web"]);
    expect((await n.api("GET", "/v2.0/security-groups?name=web", { token: n.demo })).body.security_groups.map((g: any) => g.id)).toEqual([group.id]);
    expect((await n.api("GET", "/v2.0/security-groups?name=admin-only")).body.security_groups.map((g: any) => g.id)).toEqual([adminGroup.id]);
    await refused(n, 404, "SecurityGroupNotFound", () => n.api("PUT", `/v2.0/security-groups/${adminGroup.id}`, { token: n.demo, body: { security_group: { name: "x" } } }));
    await refused(n, 404, "SecurityGroupNotFound", () => n.api("DELETE", `/v2.0/security-groups/${adminGroup.id}`, { token: n.demo }));
  });

  it("updates name, description and statefulness; refuses the name `default`", async () => {
    const n = await netApi();
    const group = await created(n, { name: "web" });
    const res = await n.api("PUT", `/v2.0/security-groups/${group.id}`, { token: n.demo, body: { security_group: { name: "www", description: "d", stateful: false } } });
    expect(res.status).toBe(200);
    expect(res.body.security_group).toMatchObject({ name: "www", description: "d", stateful: false, revision_number: 1 });
    await refused(n, 409, "SecurityGroupDefaultAlreadyExists", () =>
      n.api("PUT", `/v2.0/security-groups/${group.id}`, { token: n.demo, body: { security_group: { name: "default" } } }),
    );
    await refused(n, 400, "BadRequest", () => n.api("PUT", `/v2.0/security-groups/${group.id}`, { token: n.demo, body: { security_group: { id: "x" } } }));
  });

  it("refuses to delete a group ports use (409 SecurityGroupInUse), and deletes it with its rules once free", async () => {
    const n = await netApi();
    const { network } = await demoNet(n);
    const group = await created(n, { name: "web" });
    const other = await created(n, { name: "peer" });
    // a rule of another group that names this one as its remote group goes with it
    const rule = await n.api("POST", "/v2.0/security-group-rules", {
      token: n.demo,
      body: { security_group_rule: { security_group_id: other.id, direction: "ingress", remote_group_id: group.id } },
    });
    expect(rule.status).toBe(201);
    const port = await okPort(n, { network_id: network.id, security_groups: [group.id] });
    const res = await refused(n, 409, "SecurityGroupInUse", () => n.api("DELETE", `/v2.0/security-groups/${group.id}`, { token: n.demo }));
    expect(neutronError(res as any).message).toBe(`Security Group ${group.id} in use.`);
    // statefulness does not change under a port either
    await refused(n, 409, "SecurityGroupInUse", () =>
      n.api("PUT", `/v2.0/security-groups/${group.id}`, { token: n.demo, body: { security_group: { stateful: false } } }),
    );
    expect((await n.api("DELETE", `/v2.0/ports/${port.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("DELETE", `/v2.0/security-groups/${group.id}`, { token: n.demo })).status).toBe(204);
    expect((await n.api("GET", `/v2.0/security-groups/${group.id}`, { token: n.demo })).status).toBe(404);
    expect((await n.api("GET", `/v2.0/security-group-rules/${rule.body.security_group_rule.id}`, { token: n.demo })).status).toBe(404);
    const peer = (await n.api("GET", `/v2.0/security-groups/${other.id}`, { token: n.demo })).body.security_group;
    expect(peer.security_group_rules).toHaveLength(2);
    for (const id of group.security_group_rules.map((r: any) => r.id)) {
      expect((await n.api("GET", `/v2.0/security-group-rules/${id}`, { token: n.demo })).status).toBe(404);
    }
  });

  it("counts groups and their rules against the project's quotas", async () => {
    const n = await netApi();
    const usage = async () => (await n.api("GET", `/v2.0/quotas/${n.demoProject}/details.json`)).body.quota;
    const start = await usage();
    // the default group and its four rules are counted
    expect(start.security_group.used).toBe(1);
    expect(start.security_group_rule.used).toBe(4);
    const group = await created(n, { name: "web" });
    const after = await usage();
    expect(after.security_group.used).toBe(2);
    expect(after.security_group_rule.used).toBe(6);
    expect((await n.api("PUT", `/v2.0/quotas/${n.demoProject}`, { body: { quota: { security_group: 2 } } })).status).toBe(200);
    await refused(n, 409, "OverQuota", () => post(n, { name: "one-too-many" }));
    expect((await n.api("DELETE", `/v2.0/security-groups/${group.id}`, { token: n.demo })).status).toBe(204);
    const end = await usage();
    expect(end.security_group.used).toBe(1);
    expect(end.security_group_rule.used).toBe(4);
    await created(n, { name: "fits-again" });
  });
});

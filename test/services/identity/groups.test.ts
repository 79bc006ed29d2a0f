import { beforeEach, describe, expect, it } from "vitest";
import { produce } from "immer";
import type { IdentityState } from "../../../src/services/identity/state.js";
import { dropDomainGroups, dropUserMemberships } from "../../../src/services/identity/operations/groups.js";
import { dropTargetGrants } from "../../../src/services/identity/operations/group-grants.js";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";

describe("identity: /v3/groups and membership", () => {
  let d: Directory;
  let demo: string;
  beforeEach(async () => {
    d = await directory();
    demo = await d.idOf("users", "demo");
  });

  const create = (group: Record<string, unknown>) => d.api("POST", "/v3/groups", { body: { group } });
  const names = (res: { body: { groups: Array<{ name: string }> } }) => res.body.groups.map((g) => g.name);

  it("keeps a group's extra attributes as Keystone does: returned at the top level, merged by updates", async () => {
    const res = await create({ name: "ops", email: "ops@example.org", tier: 2 });
    expect(res.status, res.text).toBe(201);
    const id = res.body.group.id;
    expect(res.body.group).toMatchObject({ name: "ops", email: "ops@example.org", tier: 2 });
    const patched = await d.api("PATCH", `/v3/groups/${id}`, { body: { group: { tier: 3, pager: null } } });
    expect(patched.body.group).toMatchObject({ email: "ops@example.org", tier: 3, pager: null });
    expect((await d.api("GET", `/v3/groups/${id}`)).body.group).toEqual(patched.body.group);
    expect((await d.api("GET", "/v3/groups?name=ops")).body.groups).toEqual([patched.body.group]);
    // the attributes Keystone names stay its own
    const spoof = await d.api("PATCH", `/v3/groups/${id}`, { body: { group: { id: "other", links: {} } } });
    expect(spoof.body.group.id).toBe(id);
    expect(spoof.body.group.links.self).toContain(id);
  });

  it("creates (201), shows, updates, lists and deletes a group", async () => {
    const res = await create({ name: "ops", description: "on call" });
    expect(res.status).toBe(201);
    const group = res.body.group;
    expect(group).toEqual({
      id: expect.stringMatching(HEX_ID),
      name: "ops",
      domain_id: "default",
      description: "on call",
      links: { self: `http://localhost/identity/v3/groups/${group.id}` },
    });
    expect((await d.api("GET", `/v3/groups/${group.id}`)).body.group).toEqual(group);
    const patched = await d.api("PATCH", `/v3/groups/${group.id}`, { body: { group: { name: "sre", description: "" } } });
    expect(patched.status).toBe(200);
    expect(patched.body.group).toMatchObject({ name: "sre", description: "" });
    const list = await d.api("GET", "/v3/groups");
    expect(names(list)).toEqual(["sre"]);
    expect(list.body.links).toEqual({ self: "http://localhost/identity/v3/groups", previous: null, next: null });
    expect((await d.api("DELETE", `/v3/groups/${group.id}`)).status).toBe(204);
    const gone = await d.api("GET", `/v3/groups/${group.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toEqual({ code: 404, title: "Not Found", message: `Could not find group: ${group.id}.` });
    expect((await d.api("DELETE", `/v3/groups/${group.id}`)).status).toBe(404);
  });

  it("keeps names unique per domain (409) and filters by name, domain_id and name__ comparators", async () => {
    const other = (await d.api("POST", "/v3/domains", { body: { domain: { name: "acme" } } })).body.domain.id;
    expect((await create({ name: "ops" })).status).toBe(201);
    const dup = await create({ name: "ops" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe("Conflict occurred attempting to store group - Duplicate entry found with name ops at domain ID default.");
    expect((await create({ name: "ops", domain_id: other })).status).toBe(201);
    expect((await create({ name: "devs", domain_id: other })).status).toBe(201);
    expect(names(await d.api("GET", "/v3/groups?name=ops"))).toEqual(["ops", "ops"]);
    expect(names(await d.api("GET", `/v3/groups?domain_id=${other}`))).toEqual(["ops", "devs"]);
    expect(names(await d.api("GET", "/v3/groups?name__startswith=de"))).toEqual(["devs"]);
    expect(names(await d.api("GET", "/v3/groups?name__icontains=OP"))).toEqual(["ops", "ops"]);
    // renaming into a taken name is a conflict too
    const devs = (await d.api("GET", "/v3/groups?name=devs")).body.groups[0].id;
    expect((await d.api("PATCH", `/v3/groups/${devs}`, { body: { group: { name: "ops" } } })).status).toBe(409);
    expect((await d.api("PATCH", `/v3/groups/${devs}`, { body: { group: { domain_id: "default" } } })).status).toBe(400);
  });

  it("refuses bad bodies (400) and unknown domains (404), changing nothing", async () => {
    const before = d.fingerprint();
    expect((await create({})).status).toBe(400);
    expect((await create({ name: 7 })).status).toBe(400);
    expect((await d.api("POST", "/v3/groups", { raw: "{" })).status).toBe(400);
    expect((await create({ name: "x", domain_id: "nope" })).status).toBe(404);
    expect(d.fingerprint()).toBe(before);
    expect((await create({ name: "x" }, )).status).toBe(201);
    const id = (await d.api("GET", "/v3/groups?name=x")).body.groups[0].id;
    expect((await d.api("PATCH", `/v3/groups/${id}`, { body: { group: {} } })).status).toBe(400);
  });

  it("adds (204, idempotent), checks with HEAD, lists both ways and removes members", async () => {
    const group = (await create({ name: "ops" })).body.group.id;
    const member = `/v3/groups/${group}/users/${demo}`;
    expect((await d.api("HEAD", member)).status).toBe(404);
    const put = await d.api("PUT", member);
    expect(put.status).toBe(204);
    expect(put.text).toBe("");
    expect((await d.api("PUT", member)).status).toBe(204);
    expect((await d.api("HEAD", member)).status).toBe(204);
    const users = await d.api("GET", `/v3/groups/${group}/users`);
    expect(users.body.users.map((u: { name: string }) => u.name)).toEqual(["demo"]);
    const groups = await d.api("GET", `/v3/users/${demo}/groups`);
    expect(names(groups)).toEqual(["ops"]);
    expect((await d.api("DELETE", member)).status).toBe(204);
    const again = await d.api("DELETE", member);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(`User '${demo}' not found in group '${group}'`);
    expect((await d.api("GET", `/v3/groups/${group}/users`)).body.users).toEqual([]);
  });

  it("answers 404 for an unknown group or user, and membership is admin-only (403)", async () => {
    const group = (await create({ name: "ops" })).body.group.id;
    expect((await d.api("PUT", `/v3/groups/${group}/users/nobody`)).body.error.message).toBe("Could not find user: nobody.");
    expect((await d.api("PUT", `/v3/groups/nope/users/${demo}`)).status).toBe(404);
    expect((await d.api("GET", "/v3/groups/nope/users")).status).toBe(404);
    expect((await d.api("GET", "/v3/users/nobody/groups")).status).toBe(404);
    expect((await d.api("PUT", `/v3/groups/${group}/users/${demo}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/groups", { token: d.demo })).status).toBe(403);
    // a user may list their own groups, not another's
    expect((await d.api("GET", `/v3/users/${demo}/groups`, { token: d.demo })).status).toBe(200);
    expect((await d.api("GET", `/v3/users/${await d.idOf("users", "admin")}/groups`, { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/groups", { token: null })).status).toBe(401);
  });

  it("deleting a group drops its memberships and its grants", async () => {
    const group = (await create({ name: "ops" })).body.group.id;
    const project = await d.idOf("projects", "admin");
    const reader = await d.idOf("roles", "reader");
    await d.api("PUT", `/v3/groups/${group}/users/${demo}`);
    await d.api("PUT", `/v3/projects/${project}/groups/${group}/roles/${reader}`);
    await d.api("PUT", `/v3/OS-INHERIT/domains/default/groups/${group}/roles/${reader}/inherited_to_projects`);
    expect((await d.api("GET", `/v3/role_assignments?group.id=${group}`)).body.role_assignments).toHaveLength(2);
    expect((await d.api("DELETE", `/v3/groups/${group}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/users/${demo}/groups`)).body.groups).toEqual([]);
    expect((await d.api("GET", `/v3/role_assignments?group.id=${group}`)).body.role_assignments).toEqual([]);
    // demo no longer reaches project admin through the group
    expect((await d.auth("demo", "demo", { project: { id: project } })).status).toBe(401);
  });
});

// The hooks other identity operations call (user, project and domain deletes), run on the slice directly.
describe("identity: what a user, project or domain delete drops of groups", () => {
  it("dropUserMemberships, dropTargetGrants and dropDomainGroups leave nothing that names the deleted record", async () => {
    const d = await directory();
    const demo = await d.idOf("users", "demo");
    const project = await d.idOf("projects", "admin");
    const reader = await d.idOf("roles", "reader");
    const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
    await d.api("PUT", `/v3/groups/${group}/users/${demo}`);
    await d.api("PUT", `/v3/projects/${project}/groups/${group}/roles/${reader}`);
    await d.api("PUT", `/v3/OS-INHERIT/domains/default/users/${demo}/roles/${reader}/inherited_to_projects`);
    await d.api("POST", `/v3/users/${demo}/application_credentials`, {
      token: d.demo,
      body: { application_credential: { name: "c", access_rules: [{ service: "image", method: "GET", path: "/v2/images" }] } },
    });
    const slice = d.emu.kernel.store.state.identity as IdentityState;
    const afterUser = produce(slice, (s) => dropUserMemberships(s as IdentityState, demo));
    expect(afterUser.memberships.size).toBe(0);
    expect(afterUser.inheritedAssignments.size).toBe(0);
    expect(afterUser.accessRules.size).toBe(0);
    expect(afterUser.groupAssignments.size).toBe(1);
    const afterProject = produce(slice, (s) => dropTargetGrants(s as IdentityState, { project }));
    expect(afterProject.groupAssignments.size).toBe(0);
    expect(afterProject.inheritedAssignments.size).toBe(1);
    const afterDomain = produce(slice, (s) => dropDomainGroups(s as IdentityState, "default"));
    expect([afterDomain.groups.size, afterDomain.memberships.size, afterDomain.groupAssignments.size, afterDomain.inheritedAssignments.size]).toEqual([0, 0, 0, 0]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

describe("identity: project hierarchy", () => {
  let d: Directory;
  let root: string;
  let mid: string;
  let leaf: string;
  let sibling: string;
  const create = (project: Record<string, unknown>) => d.api("POST", "/v3/projects", { body: { project } });
  const idOf = async (project: Record<string, unknown>) => (await create(project)).body.project.id as string;

  beforeEach(async () => {
    d = await directory();
    root = await idOf({ name: "root" });
    mid = await idOf({ name: "mid", parent_id: root });
    leaf = await idOf({ name: "leaf", parent_id: mid });
    sibling = await idOf({ name: "sibling", parent_id: root });
  });

  it("shows parents_as_ids and subtree_as_ids as Keystone's nested id maps (the domain is the top parent)", async () => {
    const up = await d.api("GET", `/v3/projects/${leaf}?parents_as_ids`);
    expect(up.status).toBe(200);
    expect(up.body.project.parents).toEqual({ [mid]: { [root]: { default: null } } });
    expect(up.body.project).not.toHaveProperty("subtree");
    const down = await d.api("GET", `/v3/projects/${root}?subtree_as_ids`);
    expect(down.body.project.subtree).toEqual({ [mid]: { [leaf]: null }, [sibling]: null });
    expect((await d.api("GET", `/v3/projects/${leaf}?subtree_as_ids`)).body.project.subtree).toBeNull();
  });

  it("lists parents and subtree as projects, only those the caller has a role on (system scope sees all)", async () => {
    const adminUser = await d.idOf("users", "admin");
    const admin = await d.idOf("roles", "admin");
    // the admin holds a role on root only
    expect((await d.api("PUT", `/v3/projects/${root}/users/${adminUser}/roles/${admin}`)).status).toBe(204);
    const up = await d.api("GET", `/v3/projects/${leaf}?parents_as_list`);
    expect(up.body.project.parents.map((p: { project: { id: string } }) => p.project.id)).toEqual([root]);
    expect(up.body.project.parents[0].project).toMatchObject({ id: root, name: "root", parent_id: "default", is_domain: false });
    const down = await d.api("GET", `/v3/projects/${root}?subtree_as_list`);
    expect(down.body.project.subtree).toEqual([]);
    expect((await d.api("PUT", `/v3/projects/${leaf}/users/${adminUser}/roles/${admin}`)).status).toBe(204);
    const again = await d.api("GET", `/v3/projects/${root}?subtree_as_list`);
    expect(again.body.project.subtree.map((p: { project: { name: string } }) => p.project.name)).toEqual(["leaf"]);
  });

  it("refuses the list and id forms together (400)", async () => {
    expect((await d.api("GET", `/v3/projects/${leaf}?parents_as_list&parents_as_ids`)).status).toBe(400);
    expect((await d.api("GET", `/v3/projects/${leaf}?subtree_as_list&subtree_as_ids`)).status).toBe(400);
  });

  it("validates parent_id on create: unknown 404, other domain 400, disabled branch 400, depth 403", async () => {
    const before = d.fingerprint();
    const unknown = await create({ name: "x", parent_id: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("Could not find project: nope.");
    const other = (await d.api("POST", "/v3/domains", { body: { domain: { name: "other" } } })).body.domain.id;
    const clash = await create({ name: "x", parent_id: root, domain_id: other });
    expect(clash.status).toBe(400);
    expect(d.fingerprint()).not.toBe(before); // the domain was created
    const afterDomain = d.fingerprint();
    await d.api("PATCH", `/v3/projects/${leaf}`, { body: { project: { enabled: false } } });
    const disabled = await create({ name: "x", parent_id: leaf });
    expect(disabled.status).toBe(400);
    expect(disabled.body.error.message).toBe(`cannot create a project in a branch containing a disabled project: ${leaf}`);
    await d.api("PATCH", `/v3/projects/${leaf}`, { body: { project: { enabled: true } } });
    expect(d.fingerprint()).toBe(afterDomain);
    // levels below the domain: root 1, mid 2, leaf 3; 4 and 5 are allowed, a 6th is not
    const l4 = await idOf({ name: "l4", parent_id: leaf });
    const l5 = await idOf({ name: "l5", parent_id: l4 });
    const tooDeep = await create({ name: "l6", parent_id: l5 });
    expect(tooDeep.status).toBe(403);
    expect(tooDeep.body.error.message).toBe(`Max hierarchy depth reached for ${l5} branch.`);
  });

  it("refuses to delete a project with children (403, Keystone's message) and changes nothing", async () => {
    const before = d.fingerprint();
    const res = await d.api("DELETE", `/v3/projects/${mid}`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      `Cannot delete the project ${mid} since it is not a leaf in the hierarchy. Use the cascade option if you want to delete a whole subtree.`,
    );
    expect(d.fingerprint()).toBe(before);
    expect((await d.api("DELETE", `/v3/projects/${leaf}`)).status).toBe(204);
    expect((await d.api("DELETE", `/v3/projects/${mid}`)).status).toBe(204);
  });

  it("creates a project acting as a domain (is_domain): it is a domain, and a project with ?is_domain=true", async () => {
    const res = await create({ name: "dom-proj", is_domain: true, description: "acts as a domain" });
    expect(res.status).toBe(201);
    const p = res.body.project;
    expect(p).toMatchObject({ name: "dom-proj", is_domain: true, domain_id: null, parent_id: null, enabled: true, description: "acts as a domain" });
    const asDomain = await d.api("GET", `/v3/domains/${p.id}`);
    expect(asDomain.status).toBe(200);
    expect(asDomain.body.domain.name).toBe("dom-proj");
    expect((await d.api("GET", `/v3/projects/${p.id}`)).body.project).toMatchObject({ id: p.id, is_domain: true });
    const plain = await d.api("GET", "/v3/projects");
    expect(plain.body.projects.some((x: { id: string }) => x.id === p.id)).toBe(false);
    const domains = await d.api("GET", "/v3/projects?is_domain=true");
    expect(domains.body.projects.map((x: { name: string }) => x.name)).toContain("dom-proj");
    expect(domains.body.projects.every((x: { is_domain: boolean }) => x.is_domain)).toBe(true);
    // a project may live in it, and it may not have a parent itself
    expect((await create({ name: "inside", domain_id: p.id })).status).toBe(201);
    const withParent = await create({ name: "bad", is_domain: true, parent_id: root });
    expect(withParent.status).toBe(400);
    expect(withParent.body.error.message).toBe("only root projects are allowed to act as domains.");
    expect((await create({ name: "dom-proj", is_domain: true })).status).toBe(409);
  });

  it("updates and deletes a project acting as a domain as the domain (disabled first)", async () => {
    const id = (await create({ name: "dp", is_domain: true })).body.project.id;
    const enabledDelete = await d.api("DELETE", `/v3/projects/${id}`);
    expect(enabledDelete.status).toBe(403);
    expect(enabledDelete.body.error.message).toBe("Cannot delete a domain that is enabled, please disable it first.");
    const off = await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { enabled: false, description: "off" } } });
    expect(off.status).toBe(200);
    expect(off.body.project).toMatchObject({ id, is_domain: true, enabled: false, description: "off", domain_id: null });
    expect((await d.api("GET", `/v3/domains/${id}`)).body.domain.enabled).toBe(false);
    expect((await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { tags: ["x"] } } })).status).toBe(400);
    expect((await d.api("DELETE", `/v3/projects/${id}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/domains/${id}`)).status).toBe(404);
    expect((await d.api("GET", `/v3/projects/${id}`)).status).toBe(404);
  });
});

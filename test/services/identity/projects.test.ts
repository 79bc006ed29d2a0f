import { beforeEach, describe, expect, it } from "vitest";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";

describe("identity: /v3/projects", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });

  const create = (project: Record<string, unknown>) => d.api("POST", "/v3/projects", { body: { project } });
  const names = (res: { body: { projects: Array<{ name: string }> } }) => res.body.projects.map((p) => p.name);

  it("creates a project as OSC sends it (201); show returns the same record", async () => {
    const res = await create({ name: "web", domain_id: "default", enabled: true, description: "the web tier", tags: ["prod"] });
    expect(res.status).toBe(201);
    const project = res.body.project;
    expect(project).toMatchObject({
      name: "web",
      domain_id: "default",
      description: "the web tier",
      enabled: true,
      is_domain: false,
      parent_id: "default",
      tags: ["prod"],
      options: {},
    });
    expect(project.id).toMatch(HEX_ID);
    expect(project.links.self).toBe(`http://localhost/identity/v3/projects/${project.id}`);
    const shown = await d.api("GET", `/v3/projects/${project.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.project).toEqual(project);
  });

  it("defaults the domain to Default and the description to empty", async () => {
    const res = await create({ name: "bare" });
    expect(res.body.project).toMatchObject({ domain_id: "default", description: "", enabled: true, parent_id: "default" });
  });

  it("lists with the name, domain_id, enabled and parent_id filters", async () => {
    const all = await d.api("GET", "/v3/projects");
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(["admin", "demo", "service"]);
    expect(all.body.links).toEqual({ self: "http://localhost/identity/v3/projects", previous: null, next: null });

    const parent = (await create({ name: "parent" })).body.project;
    await create({ name: "child", parent_id: parent.id });
    await create({ name: "off", enabled: false });
    expect(names(await d.api("GET", "/v3/projects?name=demo"))).toEqual(["demo"]);
    expect(names(await d.api("GET", `/v3/projects?parent_id=${parent.id}`))).toEqual(["child"]);
    expect(names(await d.api("GET", "/v3/projects?enabled=false"))).toEqual(["off"]);
    expect(names(await d.api("GET", "/v3/projects?domain_id=default&enabled=true"))).toEqual(["admin", "demo", "service", "parent", "child"]);
    expect(names(await d.api("GET", "/v3/projects?parent_id=default"))).toEqual(["admin", "demo", "service", "parent", "off"]);
    expect(names(await d.api("GET", "/v3/projects?domain_id=elsewhere"))).toEqual([]);
  });

  it("finds a project the way OSC does: GET by name is 404, then ?name=&domain_id= finds it", async () => {
    const byPath = await d.api("GET", "/v3/projects/demo");
    expect(byPath.status).toBe(404);
    expect(byPath.body.error).toEqual({ code: 404, title: "Not Found", message: "Could not find project: demo." });
    const byName = await d.api("GET", "/v3/projects?name=demo&domain_id=default");
    expect(byName.body.projects).toHaveLength(1);
    expect((await d.api("GET", `/v3/projects/${byName.body.projects[0].id}`)).status).toBe(200);
  });

  it("rejects a duplicate name in the same domain with 409, leaving the list unchanged; another domain may reuse it", async () => {
    const before = d.fingerprint();
    const dup = await create({ name: "demo", domain_id: "default" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 409, title: "Conflict" });
    expect(d.fingerprint()).toBe(before);
    expect(names(await d.api("GET", "/v3/projects"))).toEqual(["admin", "demo", "service"]);

    const other = (await d.api("POST", "/v3/domains", { body: { domain: { name: "other" } } })).body.domain;
    expect((await create({ name: "demo", domain_id: other.id })).status).toBe(201);
    // `name=` finds it in every domain, in creation order; renamed away, it is found by its new name only
    const byName = (await d.api("GET", "/v3/projects?name=demo")).body.projects;
    expect(byName.map((p: any) => p.domain_id)).toEqual(["default", other.id]);
    expect(names(await d.api("GET", "/v3/projects?name=Demo"))).toEqual([]);
    expect((await d.api("PATCH", `/v3/projects/${byName[1].id}`, { body: { project: { name: "moved" } } })).status).toBe(200);
    expect((await d.api("GET", "/v3/projects?name=demo")).body.projects.map((p: any) => p.domain_id)).toEqual(["default"]);
    expect((await d.api("GET", "/v3/projects?name=moved")).body.projects.map((p: any) => p.id)).toEqual([byName[1].id]);
  });

  it("answers 404 for an unknown domain or parent, and 400 for a parent in another domain", async () => {
    expect((await create({ name: "x", domain_id: "nope" })).status).toBe(404);
    expect((await create({ name: "x", parent_id: "nope" })).status).toBe(404);
    const other = (await d.api("POST", "/v3/domains", { body: { domain: { name: "other" } } })).body.domain;
    const demoId = await d.idOf("projects", "demo");
    const res = await create({ name: "x", domain_id: other.id, parent_id: demoId });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/parent in a different domain/);
  });

  it("creates a child under a parent and takes the parent's domain", async () => {
    const parent = (await create({ name: "parent" })).body.project;
    const child = await create({ name: "child", parent_id: parent.id });
    expect(child.status).toBe(201);
    expect(child.body.project).toMatchObject({ parent_id: parent.id, domain_id: "default" });
  });

  it("keeps the hierarchy sound: no child under a disabled parent, no disabling a parent of enabled children", async () => {
    const parent = (await create({ name: "parent" })).body.project;
    const child = (await create({ name: "child", parent_id: parent.id })).body.project;
    const disable = await d.api("PATCH", `/v3/projects/${parent.id}`, { body: { project: { enabled: false } } });
    expect(disable.status).toBe(403);
    await d.api("PATCH", `/v3/projects/${child.id}`, { body: { project: { enabled: false } } });
    expect((await d.api("PATCH", `/v3/projects/${parent.id}`, { body: { project: { enabled: false } } })).status).toBe(200);
    expect((await create({ name: "late", parent_id: parent.id })).status).toBe(400);
    const enableChild = await d.api("PATCH", `/v3/projects/${child.id}`, { body: { project: { enabled: true } } });
    expect(enableChild.status).toBe(403);
    expect(enableChild.body.error.message).toMatch(/disabled parents/);
  });

  it("updates name, description, enabled and tags; the name index follows the rename", async () => {
    const { id } = (await create({ name: "web" })).body.project;
    const res = await d.api("PATCH", `/v3/projects/${id}`, {
      body: { project: { name: "www", description: "renamed", enabled: false, tags: ["a", "b"] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ id, name: "www", description: "renamed", enabled: false, tags: ["a", "b"] });
    expect((await create({ name: "web" })).status).toBe(201);
    expect((await create({ name: "www" })).status).toBe(409);
    expect((await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { name: "demo" } } })).status).toBe(409);
  });

  it("a renamed project is found by its new name when scoping a token", async () => {
    const demoId = await d.idOf("projects", "demo");
    await d.api("PATCH", `/v3/projects/${demoId}`, { body: { project: { name: "demo2" } } });
    const scope = (name: string) => ({ project: { name, domain: { name: "Default" } } });
    expect((await d.auth("demo", "demo", scope("demo2"))).status).toBe(201);
    expect((await d.auth("demo", "demo", scope("demo"))).status).toBe(401);
  });

  it("refuses to change domain_id (400) or parent_id (403)", async () => {
    const other = (await d.api("POST", "/v3/domains", { body: { domain: { name: "other" } } })).body.domain;
    const { id } = (await create({ name: "web" })).body.project;
    const before = d.fingerprint();
    expect((await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { domain_id: other.id } } })).status).toBe(400);
    const demoId = await d.idOf("projects", "demo");
    expect((await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { parent_id: demoId } } })).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
    // sending the current values is fine
    expect((await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { domain_id: "default", parent_id: "default" } } })).status).toBe(200);
  });

  it("refuses (403) to delete a project that has children; deletes leaves", async () => {
    const parent = (await create({ name: "parent" })).body.project;
    const child = (await create({ name: "child", parent_id: parent.id })).body.project;
    const res = await d.api("DELETE", `/v3/projects/${parent.id}`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/not a leaf/);
    expect((await d.api("DELETE", `/v3/projects/${child.id}`)).status).toBe(204);
    expect((await d.api("DELETE", `/v3/projects/${parent.id}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/projects/${parent.id}`)).status).toBe(404);
  });

  it("deleting a project removes the role assignments and application credentials on it, and ends its tokens", async () => {
    const demoId = await d.idOf("projects", "demo");
    const demoUser = await d.idOf("users", "demo");
    const credentials = `/v3/users/${demoUser}/application_credentials`;
    expect((await d.api("POST", credentials, { token: d.demo, body: { application_credential: { name: "ci" } } })).status).toBe(201);
    expect((await d.api("DELETE", `/v3/projects/${demoId}`)).status).toBe(204);
    const left = await d.api("GET", `/v3/role_assignments?scope.project.id=${demoId}`);
    expect(left.body.role_assignments).toEqual([]);
    expect((await d.api("GET", credentials)).body.application_credentials).toEqual([]);
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(401);
    // the name is free again, and the new project starts without assignments
    const again = (await create({ name: "demo" })).body.project;
    expect(again.id).not.toBe(demoId);
    const fresh = await d.api("GET", `/v3/role_assignments?scope.project.id=${again.id}`);
    expect(fresh.body.role_assignments).toEqual([]);
  });

  it("publishes identity.project.* events, and role_assignment.deleted for assignments a delete removes", async () => {
    const { id } = (await create({ name: "web" })).body.project;
    const demoUser = await d.idOf("users", "demo");
    const reader = await d.idOf("roles", "reader");
    await d.api("PUT", `/v3/projects/${id}/users/${demoUser}/roles/${reader}`);
    await d.api("PATCH", `/v3/projects/${id}`, { body: { project: { description: "x" } } });
    await d.api("DELETE", `/v3/projects/${id}`);
    const events = d.emu.events.log.list().filter((e) => e.type.startsWith("identity.") && !e.type.startsWith("identity.token"));
    expect(events.map((e) => e.type).slice(-5)).toEqual([
      "identity.project.created",
      "identity.role_assignment.created",
      "identity.project.updated",
      "identity.role_assignment.deleted",
      "identity.project.deleted",
    ]);
    expect(events.at(-2)!.payload).toEqual({ userId: demoUser, roleId: reader, scope: { project: id } });
    expect(events.at(-1)!.payload).toMatchObject({ id, name: "web", domainId: "default" });
  });

  it("answers 404 for an unknown id on show, update and delete", async () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await d.api(method, "/v3/projects/nope", method === "PATCH" ? { body: { project: { description: "x" } } } : {});
      expect(res.status, method).toBe(404);
    }
  });

  it("rejects bad bodies with 400, never 500", async () => {
    for (const c of [
      { raw: "[]" },
      { raw: "" },
      { body: { project: { domain_id: "default" } } },
      { body: { project: { name: "x", tags: "prod" } } },
      { body: { project: { name: "x", tags: ["a,b"] } } },
      { body: { project: { name: "x".repeat(65) } } },
    ]) {
      const res = await d.api("POST", "/v3/projects", c);
      expect(res.status, JSON.stringify(c)).toBe(400);
    }
    const demoId = await d.idOf("projects", "demo");
    expect((await d.api("PATCH", `/v3/projects/${demoId}`, { body: { project: { enabled: "no" } } })).status).toBe(400);
  });

  it("needs a token (401) and the admin role (403)", async () => {
    expect((await d.api("GET", "/v3/projects", { token: null })).status).toBe(401);
    expect((await d.api("GET", "/v3/projects", { token: d.demo })).status).toBe(403);
    const before = d.fingerprint();
    expect((await d.api("POST", "/v3/projects", { token: d.demo, body: { project: { name: "x" } } })).status).toBe(403);
    const demoId = await d.idOf("projects", "demo");
    expect((await d.api("DELETE", `/v3/projects/${demoId}`, { token: d.demo })).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
  });

  describe("GET /v3/users/{user_id}/projects", () => {
    it("lists a user's own projects for that user", async () => {
      const demoUser = await d.idOf("users", "demo");
      const res = await d.api("GET", `/v3/users/${demoUser}/projects`, { token: d.demo });
      expect(res.status).toBe(200);
      expect(names(res)).toEqual(["demo"]);
      expect(res.body.links.self).toBe(`http://localhost/identity/v3/users/${demoUser}/projects`);
    });

    it("lets an admin list anyone's, and answers 404 for an unknown user", async () => {
      const demoUser = await d.idOf("users", "demo");
      expect(names(await d.api("GET", `/v3/users/${demoUser}/projects`))).toEqual(["demo"]);
      expect((await d.api("GET", "/v3/users/nope/projects")).status).toBe(404);
    });

    it("lists the projects reached by the user's grants and their groups' grants, in the projects' order, each once", async () => {
      const demoUser = await d.idOf("users", "demo");
      const reader = await d.idOf("roles", "reader");
      const member = await d.idOf("roles", "member");
      const early = (await create({ name: "early" })).body.project.id;
      const late = (await create({ name: "late" })).body.project.id;
      await create({ name: "untouched" });
      // granted in the reverse of the projects' order, one of them twice
      expect((await d.api("PUT", `/v3/projects/${late}/users/${demoUser}/roles/${reader}`)).status).toBe(204);
      expect((await d.api("PUT", `/v3/projects/${late}/users/${demoUser}/roles/${member}`)).status).toBe(204);
      const group = (await d.api("POST", "/v3/groups", { body: { group: { name: "ops" } } })).body.group.id;
      await d.api("PUT", `/v3/groups/${group}/users/${demoUser}`);
      expect((await d.api("PUT", `/v3/projects/${early}/groups/${group}/roles/${reader}`)).status).toBe(204);
      expect(names(await d.api("GET", `/v3/users/${demoUser}/projects`, { token: d.demo }))).toEqual(["demo", "early", "late"]);
      expect(names(await d.api("GET", "/v3/auth/projects", { token: d.demo }))).toEqual(["demo", "early", "late"]);
      // the user's own grants through user.id; the group's only in effective mode
      const own = (await d.api("GET", `/v3/role_assignments?user.id=${demoUser}`)).body.role_assignments;
      expect(own.map((a: any) => a.scope.project.id).sort()).toEqual([await d.idOf("projects", "demo"), late, late].sort());
      const effective = (await d.api("GET", `/v3/role_assignments?user.id=${demoUser}&effective`)).body.role_assignments;
      expect(effective.some((a: any) => a.scope.project?.id === early && a.links.membership)).toBe(true);
      // revoked, the project leaves the list
      expect((await d.api("DELETE", `/v3/projects/${early}/groups/${group}/roles/${reader}`)).status).toBe(204);
      expect(names(await d.api("GET", `/v3/users/${demoUser}/projects`, { token: d.demo }))).toEqual(["demo", "late"]);
    });

    it("forbids (403) another user's list to a non-admin, and needs a token", async () => {
      const adminUser = await d.idOf("users", "admin");
      expect((await d.api("GET", `/v3/users/${adminUser}/projects`, { token: d.demo })).status).toBe(403);
      expect((await d.api("GET", `/v3/users/${adminUser}/projects`, { token: null })).status).toBe(401);
    });
  });
});

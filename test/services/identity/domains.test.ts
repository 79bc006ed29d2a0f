import { beforeEach, describe, expect, it } from "vitest";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";

describe("identity: /v3/domains", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });

  const create = (domain: Record<string, unknown>) => d.api("POST", "/v3/domains", { body: { domain } });

  it("creates a domain (201) that show and list return in Keystone's shapes", async () => {
    const res = await create({ name: "acme", description: "ACME Inc." });
    expect(res.status).toBe(201);
    const domain = res.body.domain;
    expect(domain).toMatchObject({ name: "acme", description: "ACME Inc.", enabled: true, options: {} });
    expect(domain.id).toMatch(HEX_ID);
    expect(domain.links.self).toBe(`http://localhost/identity/v3/domains/${domain.id}`);

    const shown = await d.api("GET", `/v3/domains/${domain.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.domain).toEqual(domain);

    const list = await d.api("GET", "/v3/domains");
    expect(list.status).toBe(200);
    expect(list.body.domains.map((x: { name: string }) => x.name)).toEqual(["Default", "acme"]);
    expect(list.body.links).toEqual({ self: "http://localhost/identity/v3/domains", previous: null, next: null });
  });

  it("honours explicit_domain_id", async () => {
    const id = "0123456789abcdef0123456789abcdef";
    const res = await create({ name: "pinned", explicit_domain_id: id });
    expect(res.status).toBe(201);
    expect(res.body.domain.id).toBe(id);
    expect((await create({ name: "bad", explicit_domain_id: "not-hex" })).status).toBe(400);
  });

  it("filters the list by name and enabled", async () => {
    await create({ name: "off", enabled: false });
    const byName = await d.api("GET", "/v3/domains?name=off");
    expect(byName.body.domains.map((x: { name: string }) => x.name)).toEqual(["off"]);
    const disabled = await d.api("GET", "/v3/domains?enabled=false");
    expect(disabled.body.domains.map((x: { name: string }) => x.name)).toEqual(["off"]);
    const enabled = await d.api("GET", "/v3/domains?enabled=true");
    expect(enabled.body.domains.map((x: { name: string }) => x.name)).toEqual(["Default"]);
  });

  it("finds a domain the way OSC does: GET by name is 404, then ?name= finds it", async () => {
    const byPath = await d.api("GET", "/v3/domains/Default");
    expect(byPath.status).toBe(404);
    expect(byPath.body.error).toEqual({ code: 404, title: "Not Found", message: "Could not find domain: Default." });
    const byName = await d.api("GET", "/v3/domains?name=Default");
    expect(byName.body.domains).toHaveLength(1);
    expect(byName.body.domains[0].id).toBe("default");
  });

  it("rejects a duplicate name, in any case, with 409 and leaves the domains unchanged", async () => {
    await create({ name: "acme" });
    const before = d.fingerprint();
    const dup = await create({ name: "ACME" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 409, title: "Conflict" });
    expect(d.fingerprint()).toBe(before);
    expect((await d.api("GET", "/v3/domains")).body.domains).toHaveLength(2);
  });

  it("updates name, description and enabled; the old name is free again and the new one is taken", async () => {
    const { id } = (await create({ name: "acme" })).body.domain;
    const res = await d.api("PATCH", `/v3/domains/${id}`, { body: { domain: { name: "acme2", description: "renamed", enabled: false } } });
    expect(res.status).toBe(200);
    expect(res.body.domain).toMatchObject({ id, name: "acme2", description: "renamed", enabled: false });
    expect((await create({ name: "acme" })).status).toBe(201);
    expect((await create({ name: "acme2" })).status).toBe(409);
    const clash = await d.api("PATCH", `/v3/domains/${id}`, { body: { domain: { name: "Default" } } });
    expect(clash.status).toBe(409);
  });

  it("deletes a domain only once it is disabled (403 while enabled, as Keystone), then 404", async () => {
    const { id } = (await create({ name: "acme" })).body.domain;
    const enabled = await d.api("DELETE", `/v3/domains/${id}`);
    expect(enabled.status).toBe(403);
    expect(enabled.body.error).toEqual({ code: 403, title: "Forbidden", message: "Cannot delete a domain that is enabled, please disable it first." });
    await d.api("PATCH", `/v3/domains/${id}`, { body: { domain: { enabled: false } } });
    expect((await d.api("DELETE", `/v3/domains/${id}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/domains/${id}`)).status).toBe(404);
    expect((await d.api("DELETE", `/v3/domains/${id}`)).status).toBe(404);
    // the name index let go of the name
    expect((await create({ name: "acme" })).status).toBe(201);
  });

  it("under --profile upstream deletes a disabled domain with its projects (leaves first), users, groups and roles, as Keystone", async () => {
    const u = await directory({ profile: "upstream" });
    const id = (await u.api("POST", "/v3/domains", { body: { domain: { name: "acme" } } })).body.domain.id;
    const parent = (await u.api("POST", "/v3/projects", { body: { project: { name: "p1", domain_id: id } } })).body.project.id;
    const child = (await u.api("POST", "/v3/projects", { body: { project: { name: "p2", domain_id: id, parent_id: parent } } })).body.project.id;
    const user = (await u.api("POST", "/v3/users", { body: { user: { name: "u1", domain_id: id, password: "pw" } } })).body.user.id;
    const group = (await u.api("POST", "/v3/groups", { body: { group: { name: "g1", domain_id: id } } })).body.group.id;
    const role = (await u.api("POST", "/v3/roles", { body: { role: { name: "r1", domain_id: id } } })).body.role.id;
    const member = await u.idOf("roles", "member");
    expect((await u.api("PUT", `/v3/projects/${child}/users/${user}/roles/${member}`)).status).toBe(204);
    const enabled = await u.api("DELETE", `/v3/domains/${id}`);
    expect(enabled.status).toBe(403);
    await u.api("PATCH", `/v3/domains/${id}`, { body: { domain: { enabled: false } } });
    expect((await u.api("DELETE", `/v3/domains/${id}`)).status).toBe(204);
    for (const path of [`/v3/domains/${id}`, `/v3/projects/${parent}`, `/v3/projects/${child}`, `/v3/users/${user}`, `/v3/groups/${group}`, `/v3/roles/${role}`]) {
      expect((await u.api("GET", path)).status, path).toBe(404);
    }
    expect((await u.api("GET", `/v3/role_assignments?scope.project.id=${child}`)).body.role_assignments).toEqual([]);
  });

  it("refuses (409) to delete a disabled domain that still owns projects or users", async () => {
    const { id } = (await create({ name: "acme" })).body.domain;
    await d.api("POST", "/v3/projects", { body: { project: { name: "p1", domain_id: id } } });
    await d.api("POST", "/v3/users", { body: { user: { name: "u1", domain_id: id } } });
    await d.api("PATCH", `/v3/domains/${id}`, { body: { domain: { enabled: false } } });
    const before = d.fingerprint();
    const res = await d.api("DELETE", `/v3/domains/${id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`Cannot delete domain ${id}: it still owns 1 project, 1 user; delete those first.`);
    expect(d.fingerprint()).toBe(before);
  });

  it("disabling a domain ends the tokens of its users, and they stay ended after re-enabling", async () => {
    const { id } = (await create({ name: "acme" })).body.domain;
    const user = (await d.api("POST", "/v3/users", { body: { user: { name: "ann", domain_id: id, password: "pw" } } })).body.user;
    const login = await d.auth({ id: user.id }, "pw");
    expect(login.status).toBe(201);
    const token = login.headers.get("x-subject-token")!;
    expect((await d.api("GET", `/v3/users/${user.id}`, { token })).status).toBe(200);
    await d.api("PATCH", `/v3/domains/${id}`, { body: { domain: { enabled: false } } });
    expect((await d.api("GET", `/v3/users/${user.id}`, { token })).status).toBe(401);
    await d.api("PATCH", `/v3/domains/${id}`, { body: { domain: { enabled: true } } });
    expect((await d.api("GET", `/v3/users/${user.id}`, { token })).status).toBe(401);
  });

  it("answers 404 for an unknown id on show, update and delete", async () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await d.api(method, "/v3/domains/nope", method === "PATCH" ? { body: { domain: { description: "x" } } } : {});
      expect(res.status, method).toBe(404);
      expect(res.body.error.code).toBe(404);
    }
  });

  it("rejects bad bodies with 400, never 500", async () => {
    const cases = [
      { raw: "{not json" },
      { body: { domain: {} } },
      { body: { domain: { name: "" } } },
      { body: { domain: { name: 42 } } },
      { body: { domain: { name: "x", enabled: "yes" } } },
      { body: { name: "x" } },
    ];
    for (const c of cases) {
      const res = await d.api("POST", "/v3/domains", c);
      expect(res.status, JSON.stringify(c)).toBe(400);
      expect(res.body.error.code).toBe(400);
    }
    expect((await d.api("PATCH", "/v3/domains/default", { body: { domain: {} } })).status).toBe(400);
  });

  it("needs a token (401) and the admin role (403)", async () => {
    expect((await d.api("GET", "/v3/domains", { token: null })).status).toBe(401);
    const res = await d.api("GET", "/v3/domains", { token: d.demo });
    expect(res.status).toBe(403);
    expect(res.body.error.title).toBe("Forbidden");
    const before = d.fingerprint();
    expect((await d.api("POST", "/v3/domains", { token: d.demo, body: { domain: { name: "x" } } })).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";

describe("identity: /v3/roles", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });

  const create = (role: Record<string, unknown>) => d.api("POST", "/v3/roles", { body: { role } });
  const names = (res: { body: { roles: Array<{ name: string }> } }) => res.body.roles.map((r) => r.name);

  it("creates a role (201); show and list return it", async () => {
    const res = await create({ name: "auditor", description: "reads the logs" });
    expect(res.status).toBe(201);
    const role = res.body.role;
    expect(role).toMatchObject({ name: "auditor", description: "reads the logs", domain_id: null, options: {} });
    expect(role.id).toMatch(HEX_ID);
    expect(role.links.self).toBe(`http://localhost/identity/v3/roles/${role.id}`);
    expect((await d.api("GET", `/v3/roles/${role.id}`)).body.role).toEqual(role);
    const list = await d.api("GET", "/v3/roles");
    expect(names(list)).toEqual(["admin", "member", "reader", "service", "ResellerAdmin", "auditor"]);
    expect(list.body.links).toEqual({ self: "http://localhost/identity/v3/roles", previous: null, next: null });
  });

  it("finds a role the way OSC does: GET by name is 404, then ?name= finds it", async () => {
    const byPath = await d.api("GET", "/v3/roles/member");
    expect(byPath.status).toBe(404);
    expect(byPath.body.error.message).toBe("Could not find role: member.");
    expect(names(await d.api("GET", "/v3/roles?name=member"))).toEqual(["member"]);
  });

  it("keeps domain roles apart: listed only with ?domain_id=, and their domain must exist", async () => {
    const res = await create({ name: "local", domain_id: "default" });
    expect(res.body.role.domain_id).toBe("default");
    expect(names(await d.api("GET", "/v3/roles"))).not.toContain("local");
    expect(names(await d.api("GET", "/v3/roles?domain_id=default"))).toEqual(["local"]);
    expect((await create({ name: "lost", domain_id: "nope" })).status).toBe(404);
  });

  it("rejects a duplicate name, in any case, with 409 and leaves the roles unchanged", async () => {
    const before = d.fingerprint();
    const dup = await create({ name: "Member" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.title).toBe("Conflict");
    expect(d.fingerprint()).toBe(before);
  });

  it("updates name and description; the name index follows the rename", async () => {
    const { id } = (await create({ name: "auditor" })).body.role;
    const res = await d.api("PATCH", `/v3/roles/${id}`, { body: { role: { name: "inspector", description: "new" } } });
    expect(res.status).toBe(200);
    expect(res.body.role).toMatchObject({ id, name: "inspector", description: "new" });
    expect(names(await d.api("GET", "/v3/roles?name=inspector"))).toEqual(["inspector"]);
    expect((await create({ name: "auditor" })).status).toBe(201);
    expect((await d.api("PATCH", `/v3/roles/${id}`, { body: { role: { name: "admin" } } })).status).toBe(409);
  });

  it("deleting a role removes its assignments and ends the tokens of the users who held it", async () => {
    const member = await d.idOf("roles", "member");
    const demoUser = await d.idOf("users", "demo");
    expect((await d.api("DELETE", `/v3/roles/${member}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/roles/${member}`)).status).toBe(404);
    expect((await d.api("GET", `/v3/role_assignments?role.id=${member}`)).body.role_assignments).toEqual([]);
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(401);
    // demo holds nothing on demo any more
    expect((await d.auth("demo", "demo", { project: { name: "demo", domain: { name: "Default" } } })).status).toBe(401);
    // admin did not hold member, so its token lives on
    expect((await d.api("GET", "/v3/roles")).status).toBe(200);
    expect((await create({ name: "member" })).status).toBe(201);
  });

  it("answers 404 for an unknown id on show, update and delete", async () => {
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await d.api(method, "/v3/roles/nope", method === "PATCH" ? { body: { role: { description: "x" } } } : {});
      expect(res.status, method).toBe(404);
    }
  });

  it("rejects bad bodies with 400, and needs a token (401) and the admin role (403)", async () => {
    for (const c of [{ raw: "nope" }, { body: { role: {} } }, { body: { role: { name: ["x"] } } }, { body: { role: { name: "x", description: 3 } } }]) {
      expect((await d.api("POST", "/v3/roles", c)).status, JSON.stringify(c)).toBe(400);
    }
    expect((await d.api("GET", "/v3/roles", { token: null })).status).toBe(401);
    const before = d.fingerprint();
    expect((await d.api("GET", "/v3/roles", { token: d.demo })).status).toBe(403);
    expect((await d.api("POST", "/v3/roles", { token: d.demo, body: { role: { name: "x" } } })).status).toBe(403);
    expect(d.fingerprint()).toBe(before);
  });
});

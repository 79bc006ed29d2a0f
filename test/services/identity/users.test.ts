import { beforeEach, describe, expect, it } from "vitest";
import type { IdentityState } from "../../../src/services/identity/index.js";
import { directory, HEX_ID, type Directory } from "./directory-setup.js";

describe("identity: /v3/users", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });

  const create = (user: Record<string, unknown>) => d.api("POST", "/v3/users", { body: { user } });
  const tokenOf = (res: { headers: Headers }) => res.headers.get("x-subject-token")!;
  const names = (res: { body: { users: Array<{ name: string }> } }) => res.body.users.map((u) => u.name);

  it("creates a user as OSC sends it (201); the password is never returned and works for login", async () => {
    const res = await create({ name: "ann", domain_id: "default", enabled: true, password: "s3cret", email: "ann@example.org", description: "Ann" });
    expect(res.status).toBe(201);
    const user = res.body.user;
    expect(user).toMatchObject({ name: "ann", domain_id: "default", enabled: true, email: "ann@example.org", description: "Ann", password_expires_at: null, options: {} });
    expect(user.id).toMatch(HEX_ID);
    expect(user.links.self).toBe(`http://localhost/identity/v3/users/${user.id}`);
    expect(res.text).not.toContain("s3cret");
    expect(user).not.toHaveProperty("password");
    expect(user).not.toHaveProperty("default_project_id");
    expect((await d.auth("ann", "s3cret")).status).toBe(201);
    const shown = await d.api("GET", `/v3/users/${user.id}`);
    expect(shown.body.user).toEqual(user);
  });

  it("sets default_project_id, which must name a project (404 otherwise)", async () => {
    const demoId = await d.idOf("projects", "demo");
    const res = await create({ name: "bob", password: "pw", default_project_id: demoId });
    expect(res.body.user.default_project_id).toBe(demoId);
    expect((await create({ name: "carl", default_project_id: "nope" })).status).toBe(404);
  });

  it("lists with the name, domain_id and enabled filters", async () => {
    await create({ name: "off", enabled: false });
    const all = await d.api("GET", "/v3/users");
    expect(all.status).toBe(200);
    expect(names(all)).toEqual(["admin", "demo", "masakari", "off"]);
    expect(names(await d.api("GET", "/v3/users?name=demo&domain_id=default"))).toEqual(["demo"]);
    expect(names(await d.api("GET", "/v3/users?enabled=False"))).toEqual(["off"]);
    expect(names(await d.api("GET", "/v3/users?enabled=1"))).toEqual(["admin", "demo", "masakari"]);
    expect(names(await d.api("GET", "/v3/users?domain_id=nope"))).toEqual([]);
  });

  it("finds a user the way OSC does: GET by name is 404 for an admin, then ?name= finds it", async () => {
    const byPath = await d.api("GET", "/v3/users/demo");
    expect(byPath.status).toBe(404);
    expect(byPath.body.error).toEqual({ code: 404, title: "Not Found", message: "Could not find user: demo." });
    const byName = await d.api("GET", "/v3/users?name=demo&domain_id=default");
    expect(byName.body.users).toHaveLength(1);
  });

  it("rejects a duplicate name in the domain with 409 and leaves the users unchanged", async () => {
    const before = d.fingerprint();
    const dup = await create({ name: "demo", domain_id: "default", password: "x" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 409, title: "Conflict" });
    expect(d.fingerprint()).toBe(before);
    expect(names(await d.api("GET", "/v3/users"))).toEqual(["admin", "demo", "masakari"]);
  });

  it("lets a user read their own record, but nobody else's (403)", async () => {
    const demoUser = await d.idOf("users", "demo");
    const adminUser = await d.idOf("users", "admin");
    const own = await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo });
    expect(own.status).toBe(200);
    expect(own.body.user.name).toBe("demo");
    expect((await d.api("GET", `/v3/users/${adminUser}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/users/nope", { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: null })).status).toBe(401);
  });

  it("renames a user: the new name logs in, the old name is free", async () => {
    const demoUser = await d.idOf("users", "demo");
    const res = await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: { name: "demo2", email: "d@example.org" } } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: demoUser, name: "demo2", email: "d@example.org" });
    expect((await d.auth("demo2", "demo")).status).toBe(201);
    expect((await d.auth("demo", "demo")).status).toBe(401);
    expect((await create({ name: "demo" })).status).toBe(201);
    expect((await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: { name: "admin" } } })).status).toBe(409);
    expect((await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: { domain_id: "other" } } })).status).toBe(400);
  });

  it("disabling a user ends their tokens and logins; re-enabling allows new logins only", async () => {
    const demoUser = await d.idOf("users", "demo");
    const off = await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: { enabled: false } } });
    expect(off.body.user.enabled).toBe(false);
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(401);
    expect((await d.auth("demo", "demo")).status).toBe(401);
    await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: { enabled: true } } });
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(401);
    const again = await d.auth("demo", "demo");
    expect(again.status).toBe(201);
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: tokenOf(again) })).status).toBe(200);
  });

  it("an admin's password reset (PATCH) ends the user's tokens", async () => {
    const demoUser = await d.idOf("users", "demo");
    expect((await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: { password: "reset" } } })).status).toBe(200);
    expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(401);
    expect((await d.auth("demo", "demo")).status).toBe(401);
    expect((await d.auth("demo", "reset")).status).toBe(201);
  });

  describe("POST /v3/users/{id}/password", () => {
    const change = (d: Directory, userId: string, token: string, user: unknown) =>
      d.api("POST", `/v3/users/${userId}/password`, { token, body: { user } });

    it("changes the user's own password (204); old tokens and the old password stop working", async () => {
      const demoUser = await d.idOf("users", "demo");
      const res = await change(d, demoUser, d.demo, { password: "new-pw", original_password: "demo" });
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(401);
      expect((await d.auth("demo", "demo")).status).toBe(401);
      expect((await d.auth("demo", "new-pw")).status).toBe(201);
    });

    it("answers 401 for a wrong original password and changes nothing", async () => {
      const demoUser = await d.idOf("users", "demo");
      const before = d.fingerprint();
      const res = await change(d, demoUser, d.demo, { password: "new-pw", original_password: "wrong" });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ code: 401, title: "Unauthorized" });
      expect(d.fingerprint()).toBe(before);
      expect((await d.api("GET", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(200);
    });

    it("is open to whoever knows the original password, as Keystone's unenforced route (no token needed)", async () => {
      const demoUser = await d.idOf("users", "demo");
      const adminUser = await d.idOf("users", "admin");
      // a wrong original password is a 401 whoever asks, and changes nothing
      const wrong = await change(d, adminUser, d.demo, { password: "x", original_password: "nope" });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.message).toBe("Error when changing user password: Invalid user / password");
      // an admin changing their own password with the right original one: 204
      expect((await change(d, adminUser, d.admin, { password: "admin2", original_password: "admin" })).status).toBe(204);
      expect((await d.auth("admin", "admin2")).status).toBe(201);
      // without a token, knowing the password is enough
      const noToken = await d.api("POST", `/v3/users/${demoUser}/password`, { token: null, body: { user: { password: "demo2", original_password: "demo" } } });
      expect(noToken.status).toBe(204);
      expect((await d.auth("demo", "demo2")).status).toBe(201);
      // an unknown user is the same 401 as a wrong password
      expect((await d.api("POST", "/v3/users/nope/password", { token: null, body: { user: { password: "x", original_password: "y" } } })).status).toBe(401);
    });

    it("needs both fields (400)", async () => {
      const demoUser = await d.idOf("users", "demo");
      expect((await change(d, demoUser, d.demo, { password: "x" })).status).toBe(400);
      expect((await change(d, demoUser, d.demo, { password: 1, original_password: "demo" })).status).toBe(400);
      expect((await d.api("POST", `/v3/users/${demoUser}/password`, { token: d.demo, raw: "{" })).status).toBe(400);
    });
  });

  it("deleting a user removes their assignments and application credentials, and ends their tokens", async () => {
    const demoUser = await d.idOf("users", "demo");
    const credential = await d.api("POST", `/v3/users/${demoUser}/application_credentials`, {
      token: d.demo,
      body: { application_credential: { name: "ci" } },
    });
    expect(credential.status).toBe(201);
    expect((await d.api("DELETE", `/v3/users/${demoUser}`)).status).toBe(204);
    expect((await d.api("GET", `/v3/users/${demoUser}`)).status).toBe(404);
    expect((await d.api("GET", `/v3/role_assignments?user.id=${demoUser}`)).body.role_assignments).toEqual([]);
    const s = d.emu.kernel.store.state.identity as IdentityState;
    expect(s.appCredentials.size).toBe(0);
    expect(d.fingerprint()).not.toContain("appcred:");
    expect((await d.api("GET", `/v3/users/${demoUser}/projects`, { token: d.demo })).status).toBe(401);
    expect((await d.auth("demo", "demo")).status).toBe(401);
    expect((await create({ name: "demo" })).status).toBe(201);
  });

  it("answers 404 for an unknown id on update and delete", async () => {
    expect((await d.api("PATCH", "/v3/users/nope", { body: { user: { email: "x" } } })).status).toBe(404);
    expect((await d.api("DELETE", "/v3/users/nope")).status).toBe(404);
  });

  it("rejects bad bodies with 400, never 500", async () => {
    for (const c of [
      { raw: "{\"user\":" },
      { body: { user: { password: "x" } } },
      { body: { user: { name: "x", enabled: 1 } } },
      { body: { user: { name: "x", password: 5 } } },
      { body: { user: null } },
    ]) {
      expect((await d.api("POST", "/v3/users", c)).status, JSON.stringify(c)).toBe(400);
    }
    const demoUser = await d.idOf("users", "demo");
    expect((await d.api("PATCH", `/v3/users/${demoUser}`, { body: { user: {} } })).status).toBe(400);
  });

  it("needs the admin role (403) to create, list, update or delete", async () => {
    const demoUser = await d.idOf("users", "demo");
    const before = d.fingerprint();
    expect((await d.api("GET", "/v3/users", { token: d.demo })).status).toBe(403);
    expect((await d.api("POST", "/v3/users", { token: d.demo, body: { user: { name: "x" } } })).status).toBe(403);
    expect((await d.api("PATCH", `/v3/users/${demoUser}`, { token: d.demo, body: { user: { email: "x" } } })).status).toBe(403);
    expect((await d.api("DELETE", `/v3/users/${demoUser}`, { token: d.demo })).status).toBe(403);
    expect((await d.api("GET", "/v3/users", { token: null })).status).toBe(401);
    expect(d.fingerprint()).toBe(before);
  });
});

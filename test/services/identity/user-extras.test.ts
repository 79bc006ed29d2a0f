import { beforeEach, describe, expect, it } from "vitest";
import { directory, type Directory } from "./directory-setup.js";

describe("identity: user extra attributes and options", () => {
  let d: Directory;
  beforeEach(async () => {
    d = await directory();
  });
  const create = (user: Record<string, unknown>) => d.api("POST", "/v3/users", { body: { user } });

  it("stores extra attributes of create and PATCH and returns them as top-level keys", async () => {
    const res = await create({ name: "ext", project_id: "p-1", team: { name: "blue" } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: "ext", project_id: "p-1", team: { name: "blue" } });
    const id = res.body.user.id;
    const patched = await d.api("PATCH", `/v3/users/${id}`, { body: { user: { project_id: "p-2", nickname: "x" } } });
    expect(patched.status).toBe(200);
    expect(patched.body.user).toMatchObject({ project_id: "p-2", nickname: "x", team: { name: "blue" } });
    const shown = await d.api("GET", `/v3/users/${id}`);
    expect(shown.body.user).toEqual(patched.body.user);
    const listed = await d.api("GET", "/v3/users?name=ext");
    expect(listed.body.users[0]).toEqual(patched.body.user);
    // an extra attribute cannot overwrite what Keystone owns
    const spoof = await d.api("PATCH", `/v3/users/${id}`, { body: { user: { links: "x", password_expires_at: "2000-01-01" } } });
    expect(spoof.body.user.links.self).toContain(id);
    expect(spoof.body.user.password_expires_at).toBeNull();
  });

  it("sets default_project_id on PATCH (OSC `user set --project`) and shows it", async () => {
    const demoProject = await d.idOf("projects", "demo");
    const id = (await create({ name: "mover" })).body.user.id;
    const res = await d.api("PATCH", `/v3/users/${id}`, { body: { user: { default_project_id: demoProject } } });
    expect(res.body.user.default_project_id).toBe(demoProject);
    expect((await d.api("GET", `/v3/users/${id}`)).body.user.default_project_id).toBe(demoProject);
    const before = d.fingerprint();
    expect((await d.api("PATCH", `/v3/users/${id}`, { body: { user: { default_project_id: "nope" } } })).status).toBe(404);
    expect(d.fingerprint()).toBe(before);
  });

  it("stores Keystone's user options, merges them on PATCH, and a null removes one", async () => {
    const res = await create({
      name: "opt",
      options: { ignore_password_expiry: true, multi_factor_auth_enabled: true, multi_factor_auth_rules: [["password", "totp"], ["password"]] },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.options).toEqual({
      ignore_password_expiry: true, multi_factor_auth_enabled: true, multi_factor_auth_rules: [["password", "totp"], ["password"]],
    });
    const id = res.body.user.id;
    const patched = await d.api("PATCH", `/v3/users/${id}`, { body: { user: { options: { lock_password: true, ignore_password_expiry: null } } } });
    expect(patched.body.user.options).toEqual({ multi_factor_auth_enabled: true, multi_factor_auth_rules: [["password", "totp"], ["password"]], lock_password: true });
  });

  it("refuses unknown options and ill-typed values with 400, changing nothing", async () => {
    const id = (await create({ name: "strict" })).body.user.id;
    const before = d.fingerprint();
    for (const options of [
      { bogus: true },
      { lock_password: "yes" },
      { ignore_user_inactivity: 1 },
      { multi_factor_auth_rules: [["password", "password"]] },
      { multi_factor_auth_rules: [[]] },
      { multi_factor_auth_rules: [["a"], ["a"]] },
      { multi_factor_auth_rules: "password" },
    ]) {
      const res = await d.api("PATCH", `/v3/users/${id}`, { body: { user: { options } } });
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(res.body.error.code).toBe(400);
    }
    expect((await create({ name: "bad", options: { nope: true } })).status).toBe(400);
    expect(d.fingerprint()).toBe(before);
  });

  it("lock_password stops the user's own change (400) but not an admin's reset", async () => {
    const id = (await create({ name: "locked", password: "first-pw", options: { lock_password: true } })).body.user.id;
    const own = await d.api("POST", `/v3/users/${id}/password`, { token: null, body: { user: { original_password: "first-pw", password: "second" } } });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toMatch(/password policy disallowing password changes/);
    expect((await d.auth({ id }, "first-pw")).status).toBe(201);
    expect((await d.api("PATCH", `/v3/users/${id}`, { body: { user: { password: "reset" } } })).status).toBe(200);
    expect((await d.auth({ id }, "reset")).status).toBe(201);
  });
});

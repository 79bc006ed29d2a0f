// Application credential management: create rules, list/show/delete, who may do what.

import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call, passwordAuth, testEmulator } from "../../helpers/emulator.js";
import { identityState, issue, session, credentialsPath as path } from "./identity-helpers.js";

function create(emu: Emulator, token: string, userId: string, credential: Record<string, unknown>) {
  return call(emu, "POST", path(userId), { token, body: { application_credential: credential } });
}

describe("POST /v3/users/{user_id}/application_credentials", () => {
  it("creates a credential bound to the token's project, with the token's roles and a generated secret", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const res = await create(emu, demo.token, demo.userId, { name: "ci-bot" });
    expect(res.status).toBe(201);
    const cred = res.body.application_credential;
    expect(cred).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      name: "ci-bot",
      description: null,
      project_id: demo.projectId,
      roles: expect.any(Array),
      expires_at: null,
      // the spec's name for the expiry, beside Keystone's (the spec profile; --profile upstream has only expires_at)
      expiration: null,
      unrestricted: false,
      access_rules: [],
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      links: { self: `http://localhost${path(demo.userId, cred.id)}` },
    });
    const tokenRoles = demo.roles.map((r) => ({ id: r.id, name: r.name, domain_id: null }));
    expect(cred.roles).toEqual(tokenRoles);
    const events = emu.events.log.list({ filter: (e) => e.type === "identity.application_credential.created" });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ id: cred.id, name: "ci-bot", userId: demo.userId, projectId: demo.projectId });
  });

  it("takes a given secret, description, roles by name or id, expiry, unrestricted and access rules", async () => {
    const emu = testEmulator();
    const admin = await session(emu, "admin");
    const reader = admin.roles.find((r) => r.name === "reader")!;
    const member = admin.roles.find((r) => r.name === "member")!;
    const res = await create(emu, admin.token, admin.userId, {
      name: "monitoring",
      description: "read-only checks",
      secret: "my-own-secret",
      roles: [{ name: "reader" }, { id: member.id }, { id: reader.id }],
      expires_at: "2030-06-01T12:00:00Z",
      unrestricted: true,
      access_rules: [{ service: "compute", method: "GET", path: "/v2.1/servers" }],
    });
    expect(res.status).toBe(201);
    const cred = res.body.application_credential;
    expect(cred).toMatchObject({ description: "read-only checks", secret: "my-own-secret", unrestricted: true });
    expect(cred.roles.map((r: { name: string }) => r.name)).toEqual(["reader", "member"]);
    expect(cred.expires_at).toBe("2030-06-01T12:00:00.000000");
    expect(cred.access_rules).toEqual([{ id: expect.stringMatching(/^[0-9a-f]{32}$/), service: "compute", method: "GET", path: "/v2.1/servers" }]);
  });

  it("reads a zone-less expiry as UTC and a blank or null one as never", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const naive = await create(emu, demo.token, demo.userId, { name: "a", expires_at: "2030-02-01T00:00:00.000000" });
    expect(naive.body.application_credential.expires_at).toBe("2030-02-01T00:00:00.000000");
    const offset = await create(emu, demo.token, demo.userId, { name: "b", expires_at: "2030-02-01T02:00:00+02:00" });
    expect(offset.body.application_credential.expires_at).toBe("2030-02-01T00:00:00.000000");
    for (const [name, expires_at] of [["c", ""], ["d", null]] as const) {
      const res = await create(emu, demo.token, demo.userId, { name, expires_at });
      expect(res.status).toBe(201);
      expect(res.body.application_credential.expires_at).toBeNull();
    }
  });

  it("stores the secret hashed: the state export never holds it", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const { secret } = (await create(emu, demo.token, demo.userId, { name: "x" })).body.application_credential;
    const given = (await create(emu, demo.token, demo.userId, { name: "y", secret: "plain-text-secret" })).body.application_credential;
    const exported = JSON.stringify(await identityState(emu));
    expect(exported).not.toContain(secret);
    expect(exported).not.toContain(given.secret);
    expect(exported).toMatch(/"secretHash":"[0-9a-f]{16}\$[0-9a-f]{64}"/);
  });

  it("refuses another user's path (403) and a token without a project (403)", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const other = await create(emu, demo.token, admin.userId, { name: "sneaky" });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatchObject({ code: 403, title: "Forbidden" });
    const byAdmin = await create(emu, admin.token, demo.userId, { name: "sneaky" });
    expect(byAdmin.status).toBe(403);

    const unscoped = (await issue(emu, passwordAuth("demo", "demo", "unscoped"))).headers.get("x-subject-token")!;
    const noProject = await create(emu, unscoped, demo.userId, { name: "unscoped" });
    expect(noProject.status).toBe(403);
    expect(noProject.body.error.message).toContain("project-scoped");
    const system = (await issue(emu, passwordAuth("admin", "admin", { system: { all: true } }))).headers.get("x-subject-token")!;
    expect((await create(emu, system, admin.userId, { name: "system" })).status).toBe(403);
    expect((await create(emu, "gAAAAAforged", demo.userId, { name: "x" })).status).toBe(401);
  });

  it("refuses roles the token does not carry (400) and unknown role names (404)", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const notHeld = await create(emu, demo.token, demo.userId, { name: "escalate", roles: [{ name: "admin" }] });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.error.message).toContain("unassigned role");
    const unknownId = await create(emu, demo.token, demo.userId, { name: "escalate", roles: [{ id: "0".repeat(32) }] });
    expect(unknownId.status).toBe(400);
    const unknownName = await create(emu, demo.token, demo.userId, { name: "escalate", roles: [{ name: "wizard" }] });
    expect(unknownName.status).toBe(404);
    expect(unknownName.body.error.message).toBe("Could not find role: wizard.");
    const empty = await create(emu, demo.token, demo.userId, { name: "escalate", roles: [{}] });
    expect(empty.status).toBe(400);
  });

  it("refuses an expiry in the past or not a time (400), a missing name or bad types (400), a duplicate name (409)", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const past = await create(emu, demo.token, demo.userId, { name: "old", expires_at: "2029-12-31T23:59:59Z" });
    expect(past.status).toBe(400);
    expect(past.body.error.message).toContain("expires_at");
    expect((await create(emu, demo.token, demo.userId, { name: "now", expires_at: "2030-01-01T00:00:00Z" })).status).toBe(400);
    expect((await create(emu, demo.token, demo.userId, { name: "bad", expires_at: "next tuesday" })).status).toBe(400);
    expect((await create(emu, demo.token, demo.userId, {})).status).toBe(400);
    expect((await create(emu, demo.token, demo.userId, { name: "x", unrestricted: "yes" })).status).toBe(400);
    expect((await call(emu, "POST", path(demo.userId), { token: demo.token, raw: "{" })).status).toBe(400);

    expect((await create(emu, demo.token, demo.userId, { name: "dup" })).status).toBe(201);
    const duplicate = await create(emu, demo.token, demo.userId, { name: "dup" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toMatchObject({ code: 409, title: "Conflict" });
    // names are unique per user, not globally
    expect((await create(emu, admin.token, admin.userId, { name: "dup" })).status).toBe(201);
  });

  it("changes nothing when a create is refused", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    await create(emu, demo.token, demo.userId, { name: "kept" });
    const before = await identityState(emu);
    await create(emu, demo.token, demo.userId, { name: "kept" });
    await create(emu, demo.token, demo.userId, { name: "x", roles: [{ name: "admin" }] });
    await create(emu, demo.token, demo.userId, { name: "x", expires_at: "2000-01-01T00:00:00Z" });
    const after = await identityState(emu);
    expect(after.appCredentials).toEqual(before.appCredentials);
    expect(after.names).toEqual(before.names);
    expect(emu.events.log.list({ filter: (e) => e.type === "identity.application_credential.created" })).toHaveLength(1);
  });
});

describe("GET and DELETE /v3/users/{user_id}/application_credentials", () => {
  it("lists without secrets, filters by name, and shows one", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const a = (await create(emu, demo.token, demo.userId, { name: "alpha" })).body.application_credential;
    await create(emu, demo.token, demo.userId, { name: "beta" });

    const list = await call(emu, "GET", path(demo.userId), { token: demo.token });
    expect(list.status).toBe(200);
    expect(list.body.application_credentials.map((c: { name: string }) => c.name)).toEqual(["alpha", "beta"]);
    for (const cred of list.body.application_credentials) expect(cred).not.toHaveProperty("secret");
    expect(list.body.links).toEqual({ self: `http://localhost${path(demo.userId)}`, previous: null, next: null });

    const filtered = await call(emu, "GET", `${path(demo.userId)}?name=beta`, { token: demo.token });
    expect(filtered.body.application_credentials.map((c: { name: string }) => c.name)).toEqual(["beta"]);
    const none = await call(emu, "GET", `${path(demo.userId)}?name=gamma`, { token: demo.token });
    expect(none.body.application_credentials).toEqual([]);

    const one = await call(emu, "GET", path(demo.userId, a.id), { token: demo.token });
    expect(one.status).toBe(200);
    const { secret: _secret, ...withoutSecret } = a;
    expect(one.body.application_credential).toEqual(withoutSecret);
  });

  it("lets the owner and admins read, not other users (403); unknown ids are 404", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const mine = (await create(emu, admin.token, admin.userId, { name: "admin-cred" })).body.application_credential;
    const demos = (await create(emu, demo.token, demo.userId, { name: "demo-cred" })).body.application_credential;

    expect((await call(emu, "GET", path(admin.userId), { token: demo.token })).status).toBe(403);
    expect((await call(emu, "GET", path(admin.userId, mine.id), { token: demo.token })).status).toBe(403);
    const asAdmin = await call(emu, "GET", path(demo.userId), { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.application_credentials.map((c: { id: string }) => c.id)).toEqual([demos.id]);
    expect((await call(emu, "GET", path(demo.userId, demos.id), { token: admin.token })).status).toBe(200);

    const unknown = await call(emu, "GET", path(demo.userId, "0".repeat(32)), { token: demo.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 404, title: "Not Found", message: `Could not find application credential: ${"0".repeat(32)}.` });
    // another user's credential is not found under your own path
    expect((await call(emu, "GET", path(demo.userId, mine.id), { token: admin.token })).status).toBe(404);
    expect((await call(emu, "GET", path("0".repeat(32)), { token: admin.token })).status).toBe(404);
  });

  it("deletes: 204, then 404; only the owner may delete (403)", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const cred = (await create(emu, demo.token, demo.userId, { name: "short-lived" })).body.application_credential;
    expect((await call(emu, "DELETE", path(demo.userId, cred.id), { token: admin.token })).status).toBe(403);
    const res = await call(emu, "DELETE", path(demo.userId, cred.id), { token: demo.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect((await call(emu, "GET", path(demo.userId, cred.id), { token: demo.token })).status).toBe(404);
    expect((await call(emu, "DELETE", path(demo.userId, cred.id), { token: demo.token })).status).toBe(404);
    const events = emu.events.log.list({ filter: (e) => e.type === "identity.application_credential.deleted" });
    expect(events.map((e) => e.payload.id)).toEqual([cred.id]);
    // the name is free again
    expect((await create(emu, demo.token, demo.userId, { name: "short-lived" })).status).toBe(201);
  });
});

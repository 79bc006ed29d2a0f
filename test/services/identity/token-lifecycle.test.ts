// A token's life after issue: the scoping exchange, validation (GET/HEAD), revocation, the catalog, expiry.

import { describe, expect, it } from "vitest";
import { call, login, passwordAuth, testEmulator } from "../../helpers/emulator.js";
import { issue, MOUNTED_CATALOG_TYPES, projectScope, tokenExchange, TOKENS, validate } from "./identity-helpers.js";

describe("unscoped token -> projects -> project token exchange", () => {
  it("exchanges an unscoped token for a project token that keeps the original expiry", async () => {
    const emu = testEmulator();
    const first = await issue(emu, passwordAuth("demo", "demo", "unscoped"));
    expect(first.status).toBe(201);
    const unscoped = first.headers.get("x-subject-token")!;

    const projects = await call(emu, "GET", "/identity/v3/auth/projects", { token: unscoped });
    expect(projects.status).toBe(200);
    expect(projects.body.projects.map((p: { name: string }) => p.name)).toEqual(["demo"]);
    expect(projects.body.projects[0]).toMatchObject({ domain_id: "default", enabled: true, links: { self: expect.any(String) } });
    expect(projects.body.links).toMatchObject({ self: expect.any(String), previous: null, next: null });

    emu.clock.advance(10 * 60_000);
    const project = projects.body.projects[0];
    const second = await issue(emu, tokenExchange(unscoped, { project: { id: project.id } }), { token: unscoped });
    expect(second.status).toBe(201);
    const scoped = second.body.token;
    expect(scoped.methods).toEqual(["token", "password"]);
    expect(scoped.project.id).toBe(project.id);
    expect(scoped.issued_at).toBe("2030-01-01T00:10:00.000000Z");
    expect(scoped.expires_at).toBe(first.body.token.expires_at);
    expect(scoped.catalog.length).toBe(MOUNTED_CATALOG_TYPES.length);
    // the audit chain: the new token's own id, then the original's
    expect(scoped.audit_ids).toHaveLength(2);
    expect(scoped.audit_ids[1]).toBe(first.body.token.audit_ids[0]);
    expect(scoped.audit_ids[0]).not.toBe(first.body.token.audit_ids[0]);

    // a second exchange still points at the start of the chain
    const again = await issue(emu, tokenExchange(second.headers.get("x-subject-token")!, "unscoped"));
    expect(again.status).toBe(201);
    expect(again.body.token.audit_ids[1]).toBe(first.body.token.audit_ids[0]);
    expect(again.body.token.expires_at).toBe(first.body.token.expires_at);
  });

  it("refuses to exchange an invalid token, or for a project the user holds no role on", async () => {
    const emu = testEmulator();
    const unscoped = (await issue(emu, passwordAuth("demo", "demo", "unscoped"))).headers.get("x-subject-token")!;
    expect((await issue(emu, tokenExchange("gAAAAAnot-a-token", projectScope("demo")))).status).toBe(401);
    expect((await issue(emu, tokenExchange(unscoped, projectScope("admin")))).status).toBe(401);
  });

  it("refuses to turn a system-scoped token into a project token (403, as Keystone)", async () => {
    const emu = testEmulator();
    const system = (await issue(emu, passwordAuth("admin", "admin", { system: { all: true } }))).headers.get("x-subject-token")!;
    const res = await issue(emu, tokenExchange(system, projectScope("admin")));
    expect(res.status).toBe(403);
  });
});

describe("GET and HEAD /v3/auth/tokens", () => {
  const emu = testEmulator();

  it("validates a token: 200, the same body as at issue, X-Subject-Token echoed", async () => {
    const issued = await issue(emu, passwordAuth("demo", "demo", projectScope("demo")));
    const demo = issued.headers.get("x-subject-token")!;
    const admin = await login(emu);
    const res = await validate(emu, admin, demo);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-subject-token")).toBe(demo);
    expect(res.body).toEqual(issued.body);
    const own = await validate(emu, demo, demo, "?nocatalog");
    expect(own.status).toBe(200);
    expect(own.body.token).not.toHaveProperty("catalog");
  });

  it("answers HEAD with 200 and no body", async () => {
    const demo = await login(emu, "demo");
    const res = await emu.app.request(`http://localhost${TOKENS}`, { method: "HEAD", headers: { "X-Auth-Token": demo, "X-Subject-Token": demo } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    const missing = await emu.app.request(`http://localhost${TOKENS}`, { method: "HEAD", headers: { "X-Auth-Token": demo, "X-Subject-Token": "gAAAAAnope" } });
    expect(missing.status).toBe(404);
  });

  it("answers 404 for an unknown subject token, 403 when demo validates admin's token, 401 without a caller token", async () => {
    const admin = await login(emu);
    const demo = await login(emu, "demo");
    const unknown = await validate(emu, admin, "gAAAAAdoes-not-exist");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 404, title: "Not Found", message: "Could not find token: gAAAAAdoes-not-exist." });
    const denied = await validate(emu, demo, admin);
    expect(denied.status).toBe(403);
    expect(denied.body.error.title).toBe("Forbidden");
    const anonymous = await call(emu, "GET", TOKENS, { headers: { "X-Subject-Token": demo } });
    expect(anonymous.status).toBe(401);
    const noSubject = await call(emu, "GET", TOKENS, { token: admin });
    expect(noSubject.status).toBe(400);
  });

  it("validates an expired token only with allow_expired=1", async () => {
    const local = testEmulator();
    const old = await login(local, "demo");
    local.clock.advance(3600_000);
    const admin = await login(local);
    expect((await validate(local, admin, old)).status).toBe(404);
    const allowed = await validate(local, admin, old, "?allow_expired=1");
    expect(allowed.status).toBe(200);
    expect(allowed.body.token.expires_at).toBe("2030-01-01T01:00:00.000000Z");
  });
});

describe("DELETE /v3/auth/tokens and the revocation list", () => {
  it("revokes: 204, then the token is refused everywhere and validation finds nothing", async () => {
    const emu = testEmulator();
    const admin = await login(emu);
    const demo = await login(emu, "demo");
    const issued = await validate(emu, demo, demo);
    const res = await call(emu, "DELETE", TOKENS, { token: demo, headers: { "X-Subject-Token": demo } });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    for (const path of ["/identity/v3/auth/projects", "/identity/v3/auth/catalog", TOKENS]) {
      const after = await call(emu, "GET", path, { token: demo, headers: { "X-Subject-Token": admin } });
      expect(after.status).toBe(401);
      expect(after.headers.get("www-authenticate")).toContain("Keystone uri=");
    }
    expect((await validate(emu, admin, demo)).status).toBe(404);
    expect((await call(emu, "DELETE", TOKENS, { token: admin, headers: { "X-Subject-Token": demo } })).status).toBe(404);

    const revoked = await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toHaveLength(1);
    expect(revoked.body.revoked[0]).toMatchObject({
      audit_id: issued.body.token.audit_ids[0],
      expires: issued.body.token.expires_at,
      revoked_at: "2030-01-01T00:00:00.000000Z",
    });
    expect(JSON.stringify(revoked.body)).not.toContain(demo);
  });

  it("lets an admin revoke another user's token, but not demo an admin's (403)", async () => {
    const emu = testEmulator();
    const admin = await login(emu);
    const demo = await login(emu, "demo");
    expect((await call(emu, "DELETE", TOKENS, { token: demo, headers: { "X-Subject-Token": admin } })).status).toBe(403);
    expect((await validate(emu, admin, admin)).status).toBe(200);
    expect((await call(emu, "DELETE", TOKENS, { token: admin, headers: { "X-Subject-Token": demo } })).status).toBe(204);
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token: demo })).status).toBe(401);
  });

  it("keeps the revocation list for admins (demo: 403)", async () => {
    const emu = testEmulator();
    const demo = await login(emu, "demo");
    const admin = await login(emu);
    expect((await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: demo })).status).toBe(403);
    const empty = await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: admin });
    expect(empty.body).toEqual({ revoked: [] });
  });
});

describe("GET /v3/auth/catalog and token expiry", () => {
  it("returns the token's catalog with collection links; an unscoped token gets 403", async () => {
    const emu = testEmulator();
    const demo = await login(emu, "demo");
    const res = await call(emu, "GET", "/identity/v3/auth/catalog", { token: demo });
    expect(res.status).toBe(200);
    const fromToken = (await validate(emu, demo, demo)).body.token.catalog;
    expect(res.body.catalog).toEqual(fromToken);
    expect(res.body.links).toEqual({ self: "http://localhost/identity/v3/auth/catalog", previous: null, next: null });

    const unscoped = (await issue(emu, passwordAuth("demo", "demo", "unscoped"))).headers.get("x-subject-token")!;
    const refused = await call(emu, "GET", "/identity/v3/auth/catalog", { token: unscoped });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain("project-scoped token");
  });

  it("expires a token after an hour of virtual time", async () => {
    const emu = testEmulator();
    const demo = await login(emu, "demo");
    emu.clock.advance(3599_000);
    expect((await call(emu, "GET", "/identity/v3/auth/catalog", { token: demo })).status).toBe(200);
    emu.clock.advance(1_000);
    const expired = await call(emu, "GET", "/identity/v3/auth/catalog", { token: demo });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatchObject({ code: 401, title: "Unauthorized" });
    // and it can no longer be exchanged
    expect((await issue(emu, tokenExchange(demo, projectScope("demo")))).status).toBe(401);
  });
});

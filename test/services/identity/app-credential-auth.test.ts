// Authenticating with an application credential, and what its token may and may not do.

import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call, testEmulator } from "../../helpers/emulator.js";
import { appCredentialAuth, issue, projectScope, session, tokenCount, tokenExchange, validate, credentialsPath as path } from "./identity-helpers.js";

async function createCredential(emu: Emulator, token: string, userId: string, credential: Record<string, unknown>) {
  const res = await call(emu, "POST", path(userId), { token, body: { application_credential: credential } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.body.application_credential as { id: string; name: string; secret: string; project_id: string };
}

describe("POST /v3/auth/tokens with an application credential", () => {
  it("issues a project token with only the credential's roles, by id and secret", async () => {
    const emu = testEmulator();
    const admin = await session(emu, "admin");
    const cred = await createCredential(emu, admin.token, admin.userId, { name: "readonly", roles: [{ name: "reader" }] });

    const res = await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }));
    expect(res.status).toBe(201);
    const token = res.body.token;
    expect(token.methods).toEqual(["application_credential"]);
    expect(token.project.id).toBe(admin.projectId);
    expect(token.roles.map((r: { name: string }) => r.name)).toEqual(["reader"]);
    expect(token.application_credential).toEqual({ id: cred.id, name: "readonly", restricted: true });
    expect(token.user.id).toBe(admin.userId);
    expect(token.catalog.length).toBeGreaterThan(0);

    // the token acts with reader rights only: the admin-only revocation list is closed to it
    const acToken = res.headers.get("x-subject-token")!;
    expect((await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: admin.token })).status).toBe(200);
    expect((await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: acToken })).status).toBe(403);
  });

  it("finds the credential by name with the user by id, or by name and domain", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const cred = await createCredential(emu, demo.token, demo.userId, { name: "deployer" });
    const byUserId = await issue(emu, appCredentialAuth({ name: "deployer", secret: cred.secret, user: { id: demo.userId } }));
    expect(byUserId.status).toBe(201);
    expect(byUserId.body.token.application_credential.id).toBe(cred.id);
    const byUserName = await issue(emu, appCredentialAuth({ name: "deployer", secret: cred.secret, user: { name: "demo", domain: { name: "Default" } } }));
    expect(byUserName.status).toBe(201);
    expect(byUserName.body.token.roles.map((r: { name: string }) => r.name).sort()).toEqual(["member", "reader"]);
    const noUser = await issue(emu, appCredentialAuth({ name: "deployer", secret: cred.secret }));
    expect(noUser.status).toBe(400);
  });

  it("refuses a wrong secret, an unknown credential and a requested scope with 401, and stores no token", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const cred = await createCredential(emu, demo.token, demo.userId, { name: "ci" });
    const before = await tokenCount(emu);
    const wrong = await issue(emu, appCredentialAuth({ id: cred.id, secret: "not-it" }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Keystone");
    expect((await issue(emu, appCredentialAuth({ id: "0".repeat(32), secret: cred.secret }))).status).toBe(401);
    expect((await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }, projectScope("demo")))).status).toBe(401);
    expect((await issue(emu, appCredentialAuth({ id: cred.id }))).status).toBe(400);
    expect(await tokenCount(emu)).toBe(before);
  });

  it("refuses an expired credential with 401, and its tokens never outlive it", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const cred = await createCredential(emu, demo.token, demo.userId, { name: "half-hour", expires_at: "2030-01-01T00:30:00Z" });
    const res = await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }));
    expect(res.status).toBe(201);
    expect(res.body.token.expires_at).toBe("2030-01-01T00:30:00.000000Z");
    const acToken = res.headers.get("x-subject-token")!;
    emu.clock.advance(30 * 60_000);
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token: acToken })).status).toBe(401);
    const expired = await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }));
    expect(expired.status).toBe(401);
    expect(expired.body.error.title).toBe("Unauthorized");
  });

  it("stops the tokens of a deleted credential at once", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const cred = await createCredential(emu, demo.token, demo.userId, { name: "doomed" });
    const acToken = (await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }))).headers.get("x-subject-token")!;
    expect((await validate(emu, demo.token, acToken)).status).toBe(200);
    expect((await call(emu, "DELETE", path(demo.userId, cred.id), { token: demo.token })).status).toBe(204);
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token: acToken })).status).toBe(401);
    expect((await validate(emu, demo.token, acToken)).status).toBe(404);
    expect((await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }))).status).toBe(401);
  });
});

describe("what a token from an application credential may do", () => {
  it("a restricted credential's token may not create or delete credentials (403), nor be exchanged", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const cred = await createCredential(emu, demo.token, demo.userId, { name: "restricted" });
    const other = await createCredential(emu, demo.token, demo.userId, { name: "other" });
    const acToken = (await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }))).headers.get("x-subject-token")!;

    const created = await call(emu, "POST", path(demo.userId), { token: acToken, body: { application_credential: { name: "child" } } });
    expect(created.status).toBe(403);
    expect(created.body.error.message).toContain("application_credential");
    expect((await call(emu, "DELETE", path(demo.userId, other.id), { token: acToken })).status).toBe(403);
    // reads are fine
    const list = await call(emu, "GET", path(demo.userId), { token: acToken });
    expect(list.status).toBe(200);
    expect(list.body.application_credentials).toHaveLength(2);
    expect((await issue(emu, tokenExchange(acToken, projectScope("demo")))).status).toBe(403);
  });

  it("an unrestricted credential's token may create and delete credentials", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const cred = await createCredential(emu, demo.token, demo.userId, { name: "boss", unrestricted: true });
    const res = await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }));
    expect(res.body.token.application_credential.restricted).toBe(false);
    const acToken = res.headers.get("x-subject-token")!;
    const child = await call(emu, "POST", path(demo.userId), { token: acToken, body: { application_credential: { name: "child" } } });
    expect(child.status).toBe(201);
    expect(child.body.application_credential.project_id).toBe(demo.projectId);
    expect((await call(emu, "DELETE", path(demo.userId, child.body.application_credential.id), { token: acToken })).status).toBe(204);
  });
});

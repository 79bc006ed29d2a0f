// The application credential as the spec names it (`expiration`, roles as names) beside Keystone's
// (`expires_at`, role objects), and --profile upstream, which takes Keystone's alone.

import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call, testEmulator } from "../../helpers/emulator.js";
import { appCredentialAuth, identityState, issue, session, credentialsPath as path } from "./identity-helpers.js";

function create(emu: Emulator, token: string, userId: string, credential: Record<string, unknown>) {
  return call(emu, "POST", path(userId), { token, body: { application_credential: credential } });
}

const advance = (emu: Emulator, by: string) => call(emu, "POST", "/_emulator/clock/advance", { body: { by } });

describe("application credentials in the spec profile (the default)", () => {
  it("takes `expiration` and roles by name; the credential expires on the virtual clock (401 after)", async () => {
    const emu = testEmulator();
    const admin = await session(emu, "admin");
    const res = await create(emu, admin.token, admin.userId, { name: "nightly", expiration: "2030-01-01T01:00:00Z", roles: ["reader"] });
    expect(res.status).toBe(201);
    const cred = res.body.application_credential;
    // the spec's name and Keystone's, the same time; roles stay objects (upstream clients read r["name"])
    expect(cred).toMatchObject({ expiration: "2030-01-01T01:00:00.000000", expires_at: "2030-01-01T01:00:00.000000" });
    expect(cred.roles.map((r: { name: string }) => r.name)).toEqual(["reader"]);
    const shown = await call(emu, "GET", path(admin.userId, cred.id), { token: admin.token });
    expect(shown.body.application_credential.expiration).toBe("2030-01-01T01:00:00.000000");
    expect(shown.body.application_credential).not.toHaveProperty("secret");

    const token = await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }));
    expect(token.status).toBe(201);
    expect(token.body.token.roles.map((r: { name: string }) => r.name)).toEqual(["reader"]);
    await advance(emu, "59m");
    expect((await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }))).status).toBe(201);
    await advance(emu, "1m");
    const expired = await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }));
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe(401);
  });

  it("reads a blank or absent `expiration` as never, and mixes role names with Keystone's objects", async () => {
    const emu = testEmulator();
    const admin = await session(emu, "admin");
    const member = admin.roles.find((r) => r.name === "member")!;
    const blank = await create(emu, admin.token, admin.userId, { name: "forever", expiration: "", roles: ["reader", { id: member.id }, { name: "admin" }] });
    expect(blank.status).toBe(201);
    expect(blank.body.application_credential).toMatchObject({ expiration: null, expires_at: null });
    expect(blank.body.application_credential.roles.map((r: { name: string }) => r.name).sort()).toEqual(["admin", "member", "reader"]);
    const absent = await create(emu, admin.token, admin.userId, { name: "also-forever" });
    expect(absent.body.application_credential).toMatchObject({ expiration: null, expires_at: null });
    await advance(emu, "3650d");
    const cred = blank.body.application_credential;
    expect((await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }))).status).toBe(201);
  });

  it("still takes Keystone's `expires_at` (openstack application credential create --expiration sends it)", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const res = await create(emu, demo.token, demo.userId, { name: "osc", expires_at: "2030-01-01T00:10:00.123456" });
    expect(res.body.application_credential).toMatchObject({ expires_at: "2030-01-01T00:10:00.123456", expiration: "2030-01-01T00:10:00.123456" });
    const same = await create(emu, demo.token, demo.userId, { name: "both", expires_at: "2030-01-02T00:00:00Z", expiration: "2030-01-02T00:00:00Z" });
    expect(same.status).toBe(201);
  });

  it("refuses a past, malformed or contradicting expiry, an unknown role name and a role not held with 400/404, storing nothing", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const before = (await identityState(emu)).appCredentials.size;
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ name: "past", expiration: "2029-12-31T23:59:59Z" }, 400, /expiration/],
      [{ name: "garbage", expiration: "next tuesday" }, 400, /expiration/],
      [{ name: "clash", expiration: "2030-02-01T00:00:00Z", expires_at: "2030-03-01T00:00:00Z" }, 400, /expiration.*expires_at/],
      [{ name: "nobody", roles: ["no-such-role"] }, 404, /no-such-role/],
      [{ name: "escalate", roles: ["admin"] }, 400, /unassigned role/],
      [{ name: "blank-role", roles: [""] }, 400, /roles/],
      [{ name: "number-role", roles: [7] }, 400, /roles/],
    ];
    for (const [credential, status, message] of cases) {
      const res = await create(emu, demo.token, demo.userId, credential);
      expect([credential.name, res.status]).toEqual([credential.name, status]);
      expect(res.body.error.code).toBe(status);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await identityState(emu)).appCredentials.size).toBe(before);
  });
});

describe("application credentials with --profile upstream (Keystone's fields only)", () => {
  it("refuses the spec's `expiration` and roles given as names with 400, storing nothing", async () => {
    const emu = testEmulator({ profile: "upstream" });
    const demo = await session(emu);
    const before = (await identityState(emu)).appCredentials.size;
    const expiration = await create(emu, demo.token, demo.userId, { name: "a", expiration: "2030-06-01T00:00:00Z" });
    expect(expiration.status).toBe(400);
    expect(expiration.body.error.message).toMatch(/expiration.*expires_at/);
    // Keystone's schema: each role an object of exactly one key
    for (const roles of [["reader"], [{ id: "x", name: "reader" }], [{}]]) {
      const res = await create(emu, demo.token, demo.userId, { name: "b", roles });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(400);
    }
    expect((await identityState(emu)).appCredentials.size).toBe(before);
  });

  it("takes expires_at and role objects, and shows Keystone's fields alone; the credential expires on the virtual clock", async () => {
    const emu = testEmulator({ profile: "upstream" });
    const demo = await session(emu);
    const res = await create(emu, demo.token, demo.userId, { name: "k", expires_at: "2030-01-01T00:30:00Z", roles: [{ name: "reader" }] });
    expect(res.status).toBe(201);
    const cred = res.body.application_credential;
    expect(Object.keys(cred).sort()).toEqual(["access_rules", "description", "expires_at", "id", "links", "name", "project_id", "roles", "secret", "unrestricted"]);
    expect(cred.roles).toEqual([{ id: expect.any(String), name: "reader", domain_id: null }]);
    await advance(emu, "30m");
    expect((await issue(emu, appCredentialAuth({ id: cred.id, secret: cred.secret }))).status).toBe(401);
  });
});

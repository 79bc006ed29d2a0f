// Application credentials: roles as the user holds them now, expires_at as sent, and access rules
// (/v3/users/{user_id}/access_rules).

import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call, testEmulator } from "../../helpers/emulator.js";
import { identityState, session, credentialsPath as path } from "./identity-helpers.js";

function create(emu: Emulator, token: string, userId: string, credential: Record<string, unknown>) {
  return call(emu, "POST", path(userId), { token, body: { application_credential: credential } });
}
const rulesPath = (userId: string, id = "") => `/identity/v3/users/${userId}/access_rules${id ? `/${id}` : ""}`;

describe("application credentials: roles, expiry, access rules", () => {
  it("accepts a role granted after the token was issued, through a group too, with the roles it implies", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const roleId = async (name: string) => (await call(emu, "GET", `/identity/v3/roles?name=${name}`, { token: admin.token })).body.roles[0].id;
    const refused = await create(emu, demo.token, demo.userId, { name: "svc", roles: [{ name: "service" }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("unassigned role");
    const group = (await call(emu, "POST", "/identity/v3/groups", { token: admin.token, body: { group: { name: "bots" } } })).body.group.id;
    await call(emu, "PUT", `/identity/v3/groups/${group}/users/${demo.userId}`, { token: admin.token });
    await call(emu, "PUT", `/identity/v3/projects/${demo.projectId}/groups/${group}/roles/${await roleId("service")}`, { token: admin.token });
    const res = await create(emu, demo.token, demo.userId, { name: "svc", roles: [{ name: "service" }] });
    expect(res.status).toBe(201);
    expect(res.body.application_credential.roles.map((r: { name: string }) => r.name)).toEqual(["service"]);
    // a role that implies others brings them along, as Keystone adds them
    const withImplied = await create(emu, demo.token, demo.userId, { name: "m", roles: [{ name: "member" }] });
    expect(withImplied.body.application_credential.roles.map((r: { name: string }) => r.name)).toEqual(["member", "reader"]);
  });

  it("keeps expires_at to the microsecond the client sent", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const res = await create(emu, demo.token, demo.userId, { name: "timed", expires_at: "2031-05-01T12:00:00.820972" });
    expect(res.status).toBe(201);
    expect(res.body.application_credential.expires_at).toBe("2031-05-01T12:00:00.820972");
    const shown = await call(emu, "GET", path(demo.userId, res.body.application_credential.id), { token: demo.token });
    expect(shown.body.application_credential.expires_at).toBe("2031-05-01T12:00:00.820972");
    const zoned = await create(emu, demo.token, demo.userId, { name: "zoned", expires_at: "2031-05-01T12:00:00.5Z" });
    expect(zoned.body.application_credential.expires_at).toBe("2031-05-01T12:00:00.500000");
  });

  it("stores access rules per user, reuses them by id or by content, lists, shows, and deletes them once unused", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const rule = { service: "compute", method: "GET", path: "/v2.1/servers" };
    const first = await create(emu, demo.token, demo.userId, { name: "r1", access_rules: [rule] });
    expect(first.status).toBe(201);
    const [made] = first.body.application_credential.access_rules;
    expect(made).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), ...rule });
    const second = await create(emu, demo.token, demo.userId, { name: "r2", access_rules: [{ id: made.id }] });
    expect(second.body.application_credential.access_rules).toEqual([made]);
    const third = await create(emu, demo.token, demo.userId, { name: "r3", access_rules: [rule] });
    expect(third.body.application_credential.access_rules).toEqual([made]);

    const list = await call(emu, "GET", rulesPath(demo.userId), { token: demo.token });
    expect(list.status).toBe(200);
    const view = { ...made, links: { self: `http://localhost${rulesPath(demo.userId, made.id)}` } };
    expect(list.body.access_rules).toEqual([view]);
    expect((await call(emu, "GET", rulesPath(demo.userId, made.id), { token: demo.token })).body.access_rule).toEqual(view);

    const inUse = await call(emu, "DELETE", rulesPath(demo.userId, made.id), { token: demo.token });
    expect(inUse.status).toBe(403);
    expect(inUse.body.error.message).toBe("May not delete access rule in use");
    for (const cred of [first, second, third]) {
      await call(emu, "DELETE", path(demo.userId, cred.body.application_credential.id), { token: demo.token });
    }
    expect((await call(emu, "DELETE", rulesPath(demo.userId, made.id), { token: demo.token })).status).toBe(204);
    const gone = await call(emu, "GET", rulesPath(demo.userId, made.id), { token: demo.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(`Could not find Access Rule: ${made.id}.`);
  });

  it("refuses unknown rule ids (404), malformed rules (400) and other users' rules (403), changing nothing", async () => {
    const emu = testEmulator();
    const demo = await session(emu);
    const admin = await session(emu, "admin");
    const mine = (await create(emu, admin.token, admin.userId, { name: "a", access_rules: [{ service: "image", method: "GET", path: "/v2/images" }] })).body
      .application_credential.access_rules[0];
    const before = await identityState(emu);
    expect((await create(emu, demo.token, demo.userId, { name: "x", access_rules: [{ id: "0".repeat(32) }] })).status).toBe(404);
    expect((await create(emu, demo.token, demo.userId, { name: "x", access_rules: [{ id: mine.id }] })).status).toBe(404);
    expect((await create(emu, demo.token, demo.userId, { name: "x", access_rules: [{ service: "compute", method: "FETCH", path: "/" }] })).status).toBe(400);
    expect((await create(emu, demo.token, demo.userId, { name: "x", access_rules: [{ service: "compute" }] })).status).toBe(400);
    const after = await identityState(emu);
    expect(after.accessRules).toEqual(before.accessRules);
    expect(after.appCredentials).toEqual(before.appCredentials);
    expect((await call(emu, "GET", rulesPath(admin.userId), { token: demo.token })).status).toBe(403);
    expect((await call(emu, "DELETE", rulesPath(admin.userId, mine.id), { token: demo.token })).status).toBe(403);
    // an admin may read another user's rules
    expect((await call(emu, "GET", rulesPath(demo.userId), { token: admin.token })).body.access_rules).toEqual([]);
  });
});

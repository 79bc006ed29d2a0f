import { describe, expect, it } from "vitest";
import type { EmulatorOptions } from "../../../src/config.js";
import { DEFAULT_SECURITY_COMPLIANCE, securityCompliance } from "../../../src/services/identity/options.js";
import { call, login, passwordAuth, START, testEmulator } from "../../helpers/emulator.js";
import { issue, passwordById } from "./identity-helpers.js";

const DAY = 86_400_000;

async function world(securityCompliance?: EmulatorOptions["securityCompliance"]) {
  const emu = testEmulator({ securityCompliance });
  // a fresh admin token per call: the tests move the clock past a token's life
  const api = async (method: string, path: string, options: { token?: string | null; body?: unknown } = {}) =>
    call(emu, method, `/identity${path}`, { token: options.token === null ? undefined : (options.token ?? (await login(emu))), body: options.body });
  const createUser = async (user: Record<string, unknown>) => {
    const res = await api("POST", "/v3/users", { body: { user } });
    expect(res.status).toBe(201);
    return res.body.user as { id: string; password_expires_at: string | null };
  };
  const auth = (id: string, password: string) => issue(emu, passwordById(id, password));
  const selfChange = (id: string, original_password: string, password: string) =>
    api("POST", `/v3/users/${id}/password`, { token: null, body: { user: { original_password, password } } });
  return { emu, api, createUser, auth, selfChange, advance: (ms: number) => emu.kernel.clock.advance(ms) };
}

describe("identity: security compliance", () => {
  it("is off by default, as in Keystone: no expiry, no history, no regex", async () => {
    expect(securityCompliance(undefined)).toEqual(DEFAULT_SECURITY_COMPLIANCE);
    const w = await world();
    const user = await w.createUser({ name: "u", password: "a" });
    expect(user.password_expires_at).toBeNull();
    w.advance(3650 * DAY);
    expect((await w.auth(user.id, "a")).status).toBe(201);
    expect((await w.selfChange(user.id, "a", "a")).status).toBe(204);
  });

  it("password_expires_days: the user and list show password_expires_at; past it a login is 401 until the user changes it", async () => {
    const w = await world({ passwordExpiresDays: 2 });
    const user = await w.createUser({ name: "u", password: "pw-1" });
    expect(user.password_expires_at).toBe(new Date(START + 2 * DAY).toISOString().replace(".000Z", ".000000"));
    const lt = await w.api("GET", `/v3/users?password_expires_at=lt:${new Date(START + 3 * DAY).toISOString()}`);
    expect(lt.body.users.map((u: { name: string }) => u.name)).toEqual(["u"]);
    expect((await w.api("GET", `/v3/users?password_expires_at=gt:${new Date(START + 3 * DAY).toISOString()}`)).body.users).toEqual([]);
    expect((await w.api("GET", "/v3/users?password_expires_at=lt:yesterday")).status).toBe(400);
    expect((await w.auth(user.id, "pw-1")).status).toBe(201);
    w.advance(2 * DAY);
    const expired = await w.auth(user.id, "pw-1");
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe(`The password is expired and needs to be changed for user: ${user.id}.`);
    // a wrong password is still the plain 401
    expect((await w.auth(user.id, "wrong")).body.error.message).not.toMatch(/expired/);
    expect((await w.selfChange(user.id, "pw-1", "pw-2")).status).toBe(204);
    expect((await w.auth(user.id, "pw-2")).status).toBe(201);
    // ignore_password_expiry exempts a user
    const exempt = await w.createUser({ name: "svc", password: "s", options: { ignore_password_expiry: true } });
    expect(exempt.password_expires_at).toBeNull();
  });

  it("change_password_upon_first_use: an admin-set password must be changed before it works", async () => {
    const w = await world({ changePasswordUponFirstUse: true });
    const user = await w.createUser({ name: "new", password: "temp" });
    expect((await w.auth(user.id, "temp")).status).toBe(401);
    expect((await w.selfChange(user.id, "temp", "mine")).status).toBe(204);
    expect((await w.auth(user.id, "mine")).status).toBe(201);
    expect((await w.api("PATCH", `/v3/users/${user.id}`, { body: { user: { password: "reset" } } })).status).toBe(200);
    expect((await w.auth(user.id, "reset")).status).toBe(401);
    const exempt = await w.createUser({ name: "svc", password: "s", options: { ignore_change_password_upon_first_use: true } });
    expect((await w.auth(exempt.id, "s")).status).toBe(201);
  });

  it("unique_last_password_count: a new password may not repeat a recent one (400, Keystone's message)", async () => {
    const w = await world({ uniqueLastPasswordCount: 3 });
    const user = await w.createUser({ name: "h", password: "one" });
    expect((await w.selfChange(user.id, "one", "two")).status).toBe(204);
    const same = await w.selfChange(user.id, "two", "two");
    expect(same.status).toBe(400);
    expect(same.body.error.message).toBe(
      "The new password cannot be identical to a previous password. The total number which includes the new password must be unique is 3.",
    );
    expect((await w.selfChange(user.id, "two", "one")).status).toBe(400);
    expect((await w.api("PATCH", `/v3/users/${user.id}`, { body: { user: { password: "one" } } })).status).toBe(400);
    expect((await w.selfChange(user.id, "two", "three")).status).toBe(204);
    expect((await w.selfChange(user.id, "three", "one")).status).toBe(204);
  });

  it("minimum_password_age: the user's own change waits, an admin reset does not", async () => {
    const w = await world({ minimumPasswordAge: 1 });
    const user = await w.createUser({ name: "m", password: "one" });
    expect((await w.selfChange(user.id, "one", "two")).status).toBe(204);
    const tooSoon = await w.selfChange(user.id, "two", "three");
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.error.message).toBe(
      "You cannot change your password at this time due to the minimum password age. Once you change your password, it must be used for 1 day(s) before it can be changed. Please try again in 1 day(s) or contact your administrator to reset your password.",
    );
    expect((await w.auth(user.id, "two")).status).toBe(201);
    w.advance(DAY);
    expect((await w.selfChange(user.id, "two", "three")).status).toBe(204);
    expect((await w.api("PATCH", `/v3/users/${user.id}`, { body: { user: { password: "four" } } })).status).toBe(200);
  });

  it("password_regex: create, admin reset and self change must match (400 with the description)", async () => {
    const w = await world({ passwordRegex: "^(?=.*\\d).{8,}$", passwordRegexDescription: "8 characters and a digit" });
    const bad = await w.api("POST", "/v3/users", { body: { user: { name: "r", password: "short" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("The password does not match the requirements: 8 characters and a digit.");
    expect((await w.api("GET", "/v3/users?name=r")).body.users).toEqual([]);
    const user = await w.createUser({ name: "r", password: "longer-pw-1" });
    expect((await w.selfChange(user.id, "longer-pw-1", "nodigits-here")).status).toBe(400);
    expect((await w.api("PATCH", `/v3/users/${user.id}`, { body: { user: { password: "x" } } })).status).toBe(400);
    expect((await w.selfChange(user.id, "longer-pw-1", "longer-pw-2")).status).toBe(204);
  });

  it("lockout: at lockout_failure_attempts failures the account is locked (401) for lockout_duration", async () => {
    const w = await world({ lockoutFailureAttempts: 2, lockoutDuration: 60 });
    const user = await w.createUser({ name: "l", password: "right" });
    // failed password logins through the token route, by id or by name
    const fail = async (ref: { id?: string; name?: string } = { id: user.id }, password = "wrong") => {
      const res = ref.id ? await w.auth(ref.id, password) : await issue(w.emu, passwordAuth(ref.name!, password));
      return res.status;
    };
    expect(await fail()).toBe(401);
    expect((await w.auth(user.id, "right")).status).toBe(201); // a success clears the count
    expect(await fail()).toBe(401);
    expect(await fail({ id: user.id }, "right")).toBe(201); // the right password is no failure, and clears it
    expect(await fail()).toBe(401);
    expect(await fail({ name: "l" })).toBe(401);
    const locked = await w.auth(user.id, "right");
    expect(locked.status).toBe(401);
    expect(locked.body.error.message).toBe(`The account is locked for user: ${user.id}.`);
    expect((await issue(w.emu, passwordAuth("l", "right"))).status).toBe(401);
    w.advance(60_000);
    expect((await w.auth(user.id, "right")).status).toBe(201);
    // an admin enabling the user lifts a lockout at once
    await fail();
    await fail();
    expect((await w.auth(user.id, "right")).status).toBe(401);
    expect((await w.api("PATCH", `/v3/users/${user.id}`, { body: { user: { enabled: true } } })).status).toBe(200);
    expect((await w.auth(user.id, "right")).status).toBe(201);
    // ignore_lockout_failure_attempts exempts a user
    await w.api("PATCH", `/v3/users/${user.id}`, { body: { user: { options: { ignore_lockout_failure_attempts: true } } } });
    await fail();
    await fail();
    expect((await w.auth(user.id, "right")).status).toBe(201);
  });

  it("refuses a bad securityCompliance option at startup", () => {
    expect(() => testEmulator({ securityCompliance: { passwordRegex: "(" } })).toThrow();
    expect(() => testEmulator({ securityCompliance: { lockoutFailureAttempts: 0 } })).toThrow();
    expect(() => testEmulator({ securityCompliance: { nope: 1 } as never })).toThrow();
  });
});

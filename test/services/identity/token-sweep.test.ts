// Tokens past any use are forgotten on the virtual clock (token-sweep.ts): a CLI that logs in before
// every call must not grow the emulator without end, and nobody may notice the forgetting.

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";
import { tokenCount, TOKENS, validate } from "./identity-helpers.js";

const HOUR = 3600_000;
const WINDOW = 48 * HOUR; // Keystone's allow_expired_window

describe("expired tokens are forgotten", () => {
  it("after 500 logins and the clock past their expiry and the allow_expired window, the state holds none", async () => {
    const emu = testEmulator();
    for (let i = 0; i < 500; i++) await login(emu, i % 2 ? "demo" : "admin");
    expect(await tokenCount(emu)).toBe(500);
    emu.clock.advance(HOUR + WINDOW);
    expect(await tokenCount(emu)).toBe(0);
  });

  it("keeps an expired token for the allow_expired window, then answers 404 as before", async () => {
    const emu = testEmulator();
    const old = await login(emu, "demo");
    emu.clock.advance(HOUR + WINDOW - 1);
    const admin = await login(emu);
    expect((await validate(emu, admin, old)).status).toBe(404);
    expect((await validate(emu, admin, old, "?allow_expired=1")).status).toBe(200);
    emu.clock.advance(1);
    expect((await validate(emu, admin, old, "?allow_expired=1")).status).toBe(404);
    expect(await tokenCount(emu)).toBe(1); // admin's, still live
  });

  it("drops a revoked token once it has expired; the revocation list is the same either way", async () => {
    const emu = testEmulator();
    const demo = await login(emu, "demo");
    const keeper = await login(emu);
    expect((await call(emu, "DELETE", TOKENS, { token: keeper, headers: { "X-Subject-Token": demo } })).status).toBe(204);
    emu.clock.advance(HOUR - 1);
    const admin = await login(emu);
    const listed = await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: admin });
    expect(listed.body.revoked).toHaveLength(1);
    emu.clock.advance(WINDOW + 1); // every token of the first hour past its retention
    const later = await login(emu);
    expect(await tokenCount(emu)).toBe(2); // admin's second token (in its window) and the latest
    expect((await call(emu, "GET", "/identity/v3/OS-PKI/revoked", { token: later })).body.revoked).toEqual([]);
    expect((await call(emu, "GET", "/identity/v3/auth/projects", { token: demo })).status).toBe(401);
  });

  it("still sweeps after a reset cleared the clock's jobs", async () => {
    const emu = testEmulator();
    await login(emu);
    emu.reset();
    await login(emu);
    emu.clock.advance(HOUR + WINDOW);
    await login(emu); // the first login after a sweep that never ran plans one
    emu.clock.advance(HOUR + WINDOW);
    expect(await tokenCount(emu)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { call, login } from "../helpers/emulator.js";
import { toyEmulator } from "../helpers/toy-service/index.js";

describe("/_emulator/rate-limit", () => {
  it("is off by default", async () => {
    const emu = toyEmulator();
    expect((await call(emu, "GET", "/_emulator/rate-limit")).body).toEqual({ requests: 0, windowSeconds: 60 });
    const token = await login(emu);
    for (let i = 0; i < 50; i++) expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(200);
  });

  it("beyond the per-project budget answers 429 with Retry-After in the service's envelope, until the window passes", async () => {
    const emu = toyEmulator();
    const admin = await login(emu);
    const demo = await login(emu, "demo");
    const res = await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 3, windowSeconds: 60 } });
    expect(res.body).toEqual({ requests: 3, windowSeconds: 60 });

    for (let i = 0; i < 3; i++) expect((await call(emu, "GET", "/toy/widgets", { token: admin })).status).toBe(200);
    const limited = await call(emu, "GET", "/toy/widgets", { token: admin });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(limited.body.overLimit).toMatchObject({ code: 429 });
    // Keystone's envelope on identity's routes: the budget is the project's, across services
    const keystone = await call(emu, "GET", "/identity/v3/auth/catalog", { token: admin });
    expect(keystone.status).toBe(429);
    expect(keystone.body.error).toMatchObject({ code: 429, title: "Too Many Requests" });
    // another project has its own budget
    expect((await call(emu, "GET", "/toy/widgets", { token: demo })).status).toBe(200);

    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "45s" } });
    expect((await call(emu, "GET", "/toy/widgets", { token: admin })).headers.get("retry-after")).toBe("15");
    await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "15s" } });
    expect((await call(emu, "GET", "/toy/widgets", { token: admin })).status).toBe(200);
  });

  it("turns off again with requests: 0, and rejects nonsense", async () => {
    const emu = toyEmulator();
    const token = await login(emu);
    await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 1, windowSeconds: 60 } });
    await call(emu, "GET", "/toy/widgets", { token });
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(429);
    await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 0, windowSeconds: 60 } });
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(200);
    for (const body of [{ requests: -1, windowSeconds: 60 }, { requests: 5 }, { requests: 5, windowSeconds: 0 }, { requests: 1.5, windowSeconds: 1 }]) {
      expect((await call(emu, "PUT", "/_emulator/rate-limit", { body })).status).toBe(400);
    }
    expect((await call(emu, "GET", "/_emulator/rate-limit")).body).toEqual({ requests: 0, windowSeconds: 60 });
  });

  it("can be configured at start", async () => {
    const emu = toyEmulator({ rateLimit: { requests: 1, windowSeconds: 10 } });
    const token = await login(emu);
    await call(emu, "GET", "/toy/widgets", { token });
    const res = await call(emu, "GET", "/toy/widgets", { token });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("10");
  });
});

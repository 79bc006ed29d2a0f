import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { toyEmulator } from "../helpers/toy-service/index.js";

describe("GET /_emulator/health", () => {
  it("answers 200 with every service's readiness once seeded", async () => {
    const emu = toyEmulator();
    const res = await call(emu, "GET", "/_emulator/health");
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    expect(res.body.services.identity).toMatchObject({ ready: true });
    expect(res.body.services.identity.detail).toMatch(/3 users, 3 projects, default domain present/);
    expect(res.body.services.toy).toEqual({ ready: true });
  });

  it("answers 503 while any service is not ready, so a wait strategy keeps waiting", async () => {
    let ready = false;
    const emu = toyEmulator({ toyReady: () => ready });
    const res = await call(emu, "GET", "/_emulator/health");
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: "starting", services: { toy: { ready: false, detail: "toy is warming up" } } });
    ready = true;
    expect((await call(emu, "GET", "/_emulator/health")).status).toBe(200);
  });

  it("needs no token, answers HEAD, and over a real socket too", async () => {
    const emu = testEmulator();
    expect((await emu.app.request("/_emulator/health", { method: "HEAD" })).status).toBe(200);
    const url = await emu.listen(0);
    try {
      const res = await fetch(`${url}/_emulator/health`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { status: string }).status).toBe("ok");
    } finally {
      await emu.close();
    }
  });
});

describe("control API routing", () => {
  const emu = testEmulator();

  it("answers an unknown control path with 404 in the control envelope", async () => {
    const res = await call(emu, "GET", "/_emulator/nothing");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ status: 404, code: "Not Found" });
    expect(res.body.error.message).toContain("openapi.json");
  });

  it("answers a known path with the wrong method with 405 and Allow", async () => {
    const res = await call(emu, "PUT", "/_emulator/clock");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH");
    expect(res.body.error.status).toBe(405);
    const one = await call(emu, "GET", "/_emulator/faults/fault-1");
    expect(one.status).toBe(405);
    expect(one.headers.get("allow")).toBe("DELETE");
  });

  it("is not journaled", async () => {
    await call(emu, "GET", "/_emulator/clock");
    expect((await call(emu, "GET", "/_emulator/requests")).body.requests).toEqual([]);
  });
});

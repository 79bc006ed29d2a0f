import { describe, expect, it } from "vitest";
import { call, START, testEmulator } from "../helpers/emulator.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("/_emulator/clock", () => {
  it("GET reads the clock", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/clock");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: "2030-01-01T00:00:00.000Z", epochMs: START, factor: 1, frozen: true, pending: 0 });
  });

  it("POST /clock/advance moves a frozen clock by a duration string, by ms, or by ?by=", async () => {
    const emu = testEmulator();
    expect((await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "90s" } })).body.epochMs).toBe(START + 90_000);
    expect((await call(emu, "POST", "/_emulator/clock/advance", { body: { by: 1_500 } })).body.epochMs).toBe(START + 91_500);
    expect((await call(emu, "POST", "/_emulator/clock/advance?by=2m")).body.epochMs).toBe(START + 211_500);
    expect((await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1h" } })).body.now).toBe("2030-01-01T01:03:31.500Z");
  });

  it("PATCH sets the time, as ISO or epoch ms, backwards too", async () => {
    const emu = testEmulator();
    let res = await call(emu, "PATCH", "/_emulator/clock", { body: { now: "2031-05-01T12:00:00Z" } });
    expect(res.status).toBe(200);
    expect(res.body.now).toBe("2031-05-01T12:00:00.000Z");
    res = await call(emu, "PATCH", "/_emulator/clock", { body: { now: START } });
    expect(res.body.epochMs).toBe(START);
  });

  it("PATCH unfreezes with a factor, and freezes again", async () => {
    const emu = testEmulator();
    let res = await call(emu, "PATCH", "/_emulator/clock", { body: { factor: 1_000, frozen: false } });
    expect(res.body).toMatchObject({ factor: 1_000, frozen: false });
    await sleep(30);
    res = await call(emu, "PATCH", "/_emulator/clock", { body: { frozen: true } });
    expect(res.body.frozen).toBe(true);
    expect(res.body.epochMs - START).toBeGreaterThanOrEqual(25_000);
    const stopped = res.body.epochMs;
    await sleep(20);
    expect((await call(emu, "GET", "/_emulator/clock")).body.epochMs).toBe(stopped);
    emu.clock.stop();
  });

  it("rejects bad input with 400 and leaves the clock alone", async () => {
    const emu = testEmulator();
    const cases: Array<[string, string, unknown]> = [
      ["POST", "/_emulator/clock/advance", { by: "-5s" }],
      ["POST", "/_emulator/clock/advance", { by: -5 }],
      ["POST", "/_emulator/clock/advance", { by: "soon" }],
      ["POST", "/_emulator/clock/advance", {}],
      ["POST", "/_emulator/clock/advance", { ms: 5 }],
      ["PATCH", "/_emulator/clock", { factor: 0 }],
      ["PATCH", "/_emulator/clock", { factor: "fast" }],
      ["PATCH", "/_emulator/clock", { frozen: "yes" }],
      ["PATCH", "/_emulator/clock", { now: "tomorrow" }],
      ["PATCH", "/_emulator/clock", { speed: 2 }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(emu, method, path, { body });
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.status).toBe(400);
    }
    const malformed = await call(emu, "PATCH", "/_emulator/clock", { raw: "{frozen" });
    expect(malformed.status).toBe(400);
    expect((await call(emu, "GET", "/_emulator/clock")).body).toMatchObject({ epochMs: START, factor: 1, frozen: true });
  });
});

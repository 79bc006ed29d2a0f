// The control API refuses a state-changing request a browser sends for a page of another origin (a form
// post to localhost from any web page would otherwise reset the world), and takes the same request from the
// emulator's own origin (the dashboard) and from clients that are not browsers (curl, the typed client).

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

const form = { "Content-Type": "application/x-www-form-urlencoded" };

describe("cross-site requests to the control API", () => {
  it("refuses a cross-site form post (403) and leaves the state alone", async () => {
    const emu = testEmulator();
    const before = await call(emu, "GET", "/_emulator/clock");
    for (const headers of [
      { ...form, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { ...form, Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-site" },
      { ...form, Origin: "https://evil.example" },
      { ...form, Origin: "null" },
      { "Content-Type": "text/plain", Origin: "https://evil.example" },
    ]) {
      const res = await call(emu, "POST", "/_emulator/clock/advance", { headers, raw: '{"by":"1h"}' });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error).toMatchObject({ status: 403, code: "CrossSiteRequest", message: expect.stringContaining("another origin") });
    }
    const reset = await call(emu, "POST", "/_emulator/reset", { headers: { ...form, Origin: "https://evil.example" }, raw: "" });
    expect(reset.status).toBe(403);
    expect((await call(emu, "GET", "/_emulator/clock")).body).toEqual(before.body);
  });

  it("takes the same request from the emulator's own origin and from clients that are not browsers", async () => {
    const emu = testEmulator();
    const sameOrigin = await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1s" }, headers: { Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" } });
    expect(sameOrigin.status).toBe(200);
    const oldBrowser = await call(emu, "POST", "/_emulator/clock/advance", { body: { by: "1s" }, headers: { Origin: "http://localhost" } });
    expect(oldBrowser.status).toBe(200);
    // curl -d sends a JSON body form-encoded unless told otherwise
    const curl = await call(emu, "POST", "/_emulator/clock/advance", { headers: form, raw: '{"by":"1s"}' });
    expect(curl.status).toBe(200);
    expect(curl.body.epochMs).toBe(Date.parse("2030-01-01T00:00:03Z"));
  });

  it("lets a page of another origin read (GET is never state-changing)", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/_emulator/clock", { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(200);
  });
});

// What /dashboard serves, without a browser: the page, its script and its style from the emulator itself
// (no external address anywhere: it works offline and in the container), framing forbidden and nothing
// loaded from elsewhere (Content-Security-Policy), and no route that changes anything.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";

describe("GET /dashboard", () => {
  const emu = testEmulator();

  it("serves the page with its script and style, all from the emulator", async () => {
    for (const path of ["/dashboard", "/dashboard/"]) {
      const page = await call(emu, "GET", path);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.text).toMatch(/^<!doctype html>/);
      expect(page.text).toContain('<script src="/dashboard/app.js" defer=""></script>');
      // every service's row is there before the script runs
      for (const service of emu.services) expect(page.text).toContain(`data-service="${service.name}"`);
    }
    const script = await call(emu, "GET", "/dashboard/app.js");
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(() => new Function(script.text)).not.toThrow();
    const style = await call(emu, "GET", "/dashboard/app.css");
    expect(style.headers.get("content-type")).toMatch(/^text\/css/);
    for (const text of [(await call(emu, "GET", "/dashboard")).text, script.text, style.text]) expect(text).not.toMatch(/https?:\/\//);
  });

  it("forbids framing and loading from elsewhere", async () => {
    const page = await call(emu, "GET", "/dashboard");
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  it("takes GET only", async () => {
    for (const method of ["POST", "PUT", "DELETE"]) expect((await call(emu, method, "/dashboard")).status, method).toBe(404);
    const index = await call(emu, "GET", "/");
    expect(index.body.dashboard).toBe("/dashboard");
  });
});

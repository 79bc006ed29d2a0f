import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../../helpers/emulator.js";

describe("identity discovery", () => {
  const emu = testEmulator();

  it("answers GET /identity with 300 and the versions.values document clients parse", async () => {
    const res = await call(emu, "GET", "/identity");
    expect(res.status).toBe(300);
    expect(res.headers.get("location")).toBe("http://localhost/identity/v3/");
    const [v3] = res.body.versions.values;
    expect(v3.id).toBe("v3.14");
    expect(v3.status).toBe("stable");
    expect(v3.links).toContainEqual({ rel: "self", href: "http://localhost/identity/v3/" });
  });

  it("answers GET /identity/v3 and /identity/v3/ with the single version, without a token", async () => {
    for (const path of ["/identity/v3", "/identity/v3/"]) {
      const res = await call(emu, "GET", path);
      expect(res.status).toBe(200);
      expect(res.body.version.id).toBe("v3.14");
      expect(res.headers.get("x-openstack-request-id")).toMatch(/^req-[0-9a-f-]{36}$/);
    }
  });

  it("returns 404 in Keystone's envelope for an unknown path and 405 for a wrong method", async () => {
    const missing = await call(emu, "GET", "/identity/v3/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 404, title: "Not Found" });
    const wrong = await call(emu, "PATCH", "/identity/v3/auth/tokens");
    expect(wrong.status).toBe(405);
    expect(wrong.body.error.code).toBe(405);
    expect(wrong.headers.get("allow")).toContain("POST");
  });
});

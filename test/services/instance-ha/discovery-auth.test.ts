// Instance HA's edge: the versions documents (no token), the catalog entry, microversion negotiation
// (1.0-1.3; 406 out of range, 400 malformed), both path forms, and the admin-only policy with either
// credential: X-Auth-Token or Authorization: Bearer (401 missing/invalid/revoked, 403 without admin).

import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { fault } from "../../helpers/compute.js";
import { haApi, type HaApi } from "./setup.js";

let t: HaApi;
beforeAll(async () => {
  t = await haApi();
});

describe("discovery", () => {
  it("lists v1.0 (1.0-1.3) at the root, with or without a slash, without a token", async () => {
    for (const path of ["/instance-ha", "/instance-ha/"]) {
      const res = await call(t.emu, "GET", path);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        versions: [
          {
            id: "v1.0",
            status: "CURRENT",
            version: "1.3",
            min_version: "1.0",
            updated: "2016-07-01T11:33:21Z",
            links: [{ rel: "self", href: "http://localhost/instance-ha/v1/" }],
          },
        ],
      });
    }
  });

  it("shows the v1 document at /v1 and /v1/ (the SDK asks for the catalog URL without the project)", async () => {
    for (const path of ["/instance-ha/v1", "/instance-ha/v1/"]) {
      const res = await call(t.emu, "GET", path);
      expect(res.status, res.text).toBe(200);
      expect(res.body.version).toMatchObject({
        id: "v1.0",
        version: "1.3",
        min_version: "1.0",
        links: expect.arrayContaining([{ rel: "self", href: "http://localhost/instance-ha/v1/" }]),
        "media-types": [{ base: "application/json", type: "application/vnd.openstack.masakari+json;version=1" }],
      });
    }
  });

  it("publishes instance-ha (masakari) at /instance-ha/v1/{project_id}, and both path forms work", async () => {
    const token = await call(t.emu, "GET", "/identity/v3/auth/tokens", { token: t.admin, headers: { "X-Subject-Token": t.admin } });
    const entry = token.body.token.catalog.find((e: any) => e.type === "instance-ha");
    expect(entry.name).toBe("masakari");
    const projectId = token.body.token.project.id;
    const url = entry.endpoints.find((e: any) => e.interface === "public").url;
    expect(url).toBe(`http://localhost/instance-ha/v1/${projectId}`);
    const withProject = await call(t.emu, "GET", `/instance-ha/v1/${projectId}/segments`, { token: t.admin });
    const without = await call(t.emu, "GET", "/instance-ha/v1/segments", { token: t.admin });
    expect(withProject.status).toBe(200);
    expect(withProject.body).toEqual(without.body);
  });
});

describe("microversions", () => {
  it("answers 1.0 without a header and names the version it used", async () => {
    const res = await t.api("GET", "/segments");
    expect(res.headers.get("openstack-api-version")).toBe("instance-ha 1.0");
    expect(res.headers.get("vary")).toBe("OpenStack-API-Version");
  });

  it.each([
    ["1.2", "instance-ha 1.2"],
    ["latest", "instance-ha 1.3"],
    ["1.0", "instance-ha 1.0"],
  ])("negotiates %s", async (asked, used) => {
    const res = await t.api("GET", "/segments", { version: asked });
    expect(res.status).toBe(200);
    expect(res.headers.get("openstack-api-version")).toBe(used);
  });

  it("ignores another service's version in the header, and takes the legacy X-OpenStack-Masakari-API-Version", async () => {
    const other = await t.api("GET", "/segments", { headers: { "OpenStack-API-Version": "compute 2.60" } });
    expect(other.headers.get("openstack-api-version")).toBe("instance-ha 1.0");
    const legacy = await t.api("GET", "/segments", { headers: { "X-OpenStack-Masakari-API-Version": "1.1" } });
    expect(legacy.headers.get("openstack-api-version")).toBe("instance-ha 1.1");
  });

  it.each(["1.4", "2.0", "0.9"])("refuses %s with 406 notAcceptable", async (v) => {
    const res = await t.api("GET", "/segments", { version: v });
    expect(res.status).toBe(406);
    expect(fault(res)).toMatchObject({ name: "notAcceptable", code: 406, message: expect.stringContaining("Minimum is 1.0 and maximum is 1.3") });
  });

  it.each(["one", "1", "1.x"])("refuses the malformed %s with 400", async (v) => {
    const res = await t.api("GET", "/segments", { version: v });
    expect(res.status).toBe(400);
    expect(fault(res).name).toBe("badRequest");
  });
});

describe("authentication and policy", () => {
  it.each([false, true])("accepts an admin token (bearer: %s)", async (bearer) => {
    expect((await t.api("GET", "/notifications", { bearer })).status).toBe(200);
  });

  it.each([false, true])("answers 401 for a missing, unknown or revoked token (bearer: %s)", async (bearer) => {
    const missing = await call(t.emu, "GET", "/instance-ha/v1/notifications");
    expect(missing.status).toBe(401);
    expect(fault(missing)).toMatchObject({ name: "unauthorized", code: 401 });
    expect((await t.api("GET", "/notifications", { bearer, token: "not-a-token" })).status).toBe(401);
    const u = await haApi();
    const res = await call(u.emu, "DELETE", "/identity/v3/auth/tokens", { token: u.admin, headers: { "X-Subject-Token": u.admin } });
    expect(res.status).toBe(204);
    expect((await u.api("GET", "/notifications", { bearer })).status).toBe(401);
  });

  it("answers 401 for an expired token", async () => {
    const u = await haApi();
    u.advance(25 * 3600_000);
    expect((await u.api("GET", "/segments", { bearer: true })).status).toBe(401);
    expect((await u.api("GET", "/segments")).status).toBe(401);
  });

  it("refuses a malformed Bearer header as 401", async () => {
    const res = await call(t.emu, "GET", "/instance-ha/v1/segments", { headers: { Authorization: "Bearer" } });
    expect(res.status).toBe(401);
  });

  it.each([false, true])("answers 403 naming the policy rule for a token without admin (bearer: %s)", async (bearer) => {
    const before = t.fingerprint();
    const list = await t.api("GET", "/segments", { bearer, token: t.demo });
    expect(list.status).toBe(403);
    expect(fault(list)).toEqual({ name: "forbidden", code: 403, message: "Policy doesn't allow os_masakari_api:segments:index to be performed." });
    const create = await t.api("POST", "/notifications", {
      bearer,
      token: t.demo,
      body: { notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { event: "STOPPED" } } },
    });
    expect(fault(create).message).toBe("Policy doesn't allow os_masakari_api:notifications:create to be performed.");
    expect(t.fingerprint()).toBe(before);
  });

  it("leaves a Bearer token a 401 on compute, which takes X-Auth-Token only", async () => {
    const res = await call(t.emu, "GET", "/compute/v2.1/servers", { headers: { Authorization: `Bearer ${t.admin}` } });
    expect(res.status).toBe(401);
  });

  it("answers unknown paths 404 and wrong methods 405 in the fault shape", async () => {
    const unknown = await t.api("GET", "/nothing-here");
    expect(unknown.status).toBe(404);
    const wrong = await t.api("PATCH", "/segments");
    expect(wrong.status).toBe(405);
    expect(Object.keys(wrong.body)).toHaveLength(1);
  });
});

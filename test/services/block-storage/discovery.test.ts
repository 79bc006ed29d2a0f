// Discovery and microversions: the versions document at /volume (300) and /volume/v3, the catalog entries
// clients look up, the version headers (standard and legacy) and the refusals of bad ones.

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { bs, createVolume, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

describe("discovery", () => {
  it("answers /volume with 300 and /volume/v3 with 200, without a token, naming 3.0 to 3.70", async () => {
    const root = await call(w.emu, "GET", "/volume");
    expect(root.status).toBe(300);
    const [entry] = root.body.versions;
    expect(entry).toMatchObject({ id: "v3.0", status: "CURRENT", version: "3.70", min_version: "3.0" });
    expect(Object.keys(entry).sort()).toEqual(["id", "links", "media-types", "min_version", "status", "updated", "version"]);
    expect(entry.links).toContainEqual({ rel: "self", href: "http://localhost/volume/v3/" });
    for (const path of ["/volume/v3", "/volume/v3/"]) {
      const v3 = await call(w.emu, "GET", path);
      expect(v3.status).toBe(200);
      expect(v3.body.versions).toEqual(root.body.versions);
    }
  });

  it("publishes block-storage, volumev3 and volume at /volume/v3/{project_id} in the catalog", async () => {
    const token = await call(w.emu, "GET", "/identity/v3/auth/tokens", { token: w.demo, headers: { "X-Subject-Token": w.demo } });
    const catalog = token.body.token.catalog;
    for (const type of ["block-storage", "volumev3", "volume"]) {
      const entry = catalog.find((e: any) => e.type === type);
      expect(entry.endpoints.find((e: any) => e.interface === "public").url).toBe(`http://localhost/volume/v3/${w.demoProject}`);
    }
  });
});

describe("extensions", () => {
  it("lists the API extensions served, as Cinder names them, and none it does not serve", async () => {
    const res = await bs(w, "GET", "/extensions");
    expect(res.status).toBe(200);
    const aliases = res.body.extensions.map((e: any) => e.alias);
    expect(aliases).toEqual(expect.arrayContaining(["os-vol-tenant-attr", "os-vol-image-meta", "os-volume-type-access", "qos-specs", "backups", "os-hosts"]));
    // tempest's test_list_extensions (api_extensions = all) looks for the name Hosts
    expect(res.body.extensions.map((e: any) => e.name)).toContain("Hosts");
    expect(aliases).toEqual(expect.arrayContaining(["os-volume-transfer", "encryption", "capabilities"]));
    for (const absent of ["os-volume-manage", "os-snapshot-manage", "consistencygroups"]) expect(aliases).not.toContain(absent);
    expect(res.body.extensions.find((e: any) => e.alias === "os-vol-tenant-attr")).toEqual({
      alias: "os-vol-tenant-attr",
      name: "VolumeTenantAttribute",
      description: "Expose the internal project_id as an attribute of a volume.",
      updated: "2011-11-03T00:00:00+00:00",
      links: [],
    });
    expect((await call(w.emu, "GET", "/volume/v3/extensions")).status).toBe(401);
  });
});

describe("microversions", () => {
  it("answers 3.0 without a header, and names the version it used", async () => {
    const res = await bs(w, "GET", "/volumes");
    expect(res.headers.get("openstack-api-version")).toBe("volume 3.0");
    expect(res.headers.get("vary")).toBe("OpenStack-API-Version");
  });

  it.each([
    [{ "OpenStack-API-Version": "volume 3.42" }, "volume 3.42"],
    [{ "OpenStack-API-Version": "compute 2.60, volume 3.27" }, "volume 3.27"],
    [{ "OpenStack-API-Version": "volume latest" }, "volume 3.70"],
    [{ "X-OpenStack-Volume-API-Version": "3.10" }, "volume 3.10"],
  ])("negotiates %j", async (headers, answered) => {
    const res = await bs(w, "GET", "/volumes", { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("openstack-api-version")).toBe(answered);
  });

  it("refuses a version out of range with 406 and garbage with 400, in Cinder's envelope", async () => {
    const high = await bs(w, "GET", "/volumes", { version: "3.71" });
    expect(high.status).toBe(406);
    expect(high.body).toEqual({ notAcceptable: { code: 406, message: "Version 3.71 is not supported by the API. Minimum is 3.0 and maximum is 3.70." } });
    expect((await bs(w, "GET", "/volumes", { version: "2.1" })).status).toBe(406);
    const bad = await bs(w, "GET", "/volumes", { version: "three" });
    expect(bad.status).toBe(400);
    expect(bad.body.badRequest.message).toBe("Invalid API version request string: three");
  });

  it("adds the fields of later versions", async () => {
    const v = await createVolume(w);
    const at = async (version: string, token = w.demo) => (await bs(w, "GET", `/volumes/${v.id}`, { version, token })).body.volume;
    expect(await at("3.0")).not.toHaveProperty("group_id");
    expect(await at("3.13")).toHaveProperty("group_id", null);
    expect(await at("3.48")).toMatchObject({ shared_targets: false, service_uuid: expect.any(String) });
    expect(await at("3.63")).toHaveProperty("volume_type_id");
    expect(await at("3.65")).toHaveProperty("consumes_quota", true);
    expect(await at("3.70")).not.toHaveProperty("provider_id");
    expect(await at("3.70", w.admin)).toMatchObject({ provider_id: null, cluster_name: null });
  });
});

describe("errors", () => {
  it("answers an unknown path and a wrong method in Cinder's envelope", async () => {
    const missing = await bs(w, "GET", "/nothing-here");
    expect(missing.status).toBe(404);
    expect(missing.body.itemNotFound.code).toBe(404);
    const method = await bs(w, "PATCH", "/volumes");
    expect(method.status).toBe(405);
  });

  it("refuses a request without a token with 401", async () => {
    const res = await call(w.emu, "GET", "/volume/v3/volumes");
    expect(res.status).toBe(401);
    expect(res.body.unauthorized.code).toBe(401);
  });
});

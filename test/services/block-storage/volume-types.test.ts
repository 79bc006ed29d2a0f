// Volume types over HTTP: the seeded types, list/show/default for everyone, admin create/update/delete
// (200/200/202), extra specs, and private types shared with a project through type access.

import { beforeEach, describe, expect, it } from "vitest";
import { availableVolume, bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const admin = (method: string, path: string, body?: unknown) => bs(w, method, path, { token: w.admin, body });

describe("reading types", () => {
  it("lists the seeded types with the fields tempest requires", async () => {
    const res = await bs(w, "GET", "/types?is_public=None");
    expect(res.status).toBe(200);
    expect(res.body.volume_types.map((t: any) => t.name)).toEqual(["__DEFAULT__", "lvmdriver-1", "ssd"]);
    expect(res.body.volume_types[0]).toMatchObject({ name: "__DEFAULT__", is_public: true, "os-volume-type-access:is_public": true, description: "Default Volume Type" });
  });

  it("shows users no backend extra specs, admins all", async () => {
    const ssdUser = (await bs(w, "GET", "/types")).body.volume_types.find((t: any) => t.name === "ssd");
    expect(ssdUser.extra_specs).toEqual({});
    const ssdAdmin = (await admin("GET", `/types/${ssdUser.id}`)).body.volume_type;
    expect(ssdAdmin.extra_specs).toEqual({ volume_backend_name: "ssd" });
  });

  it("shows the default type, a type by id and 404s an unknown one", async () => {
    const def = (await bs(w, "GET", "/types/default")).body.volume_type;
    expect(def.name).toBe("__DEFAULT__");
    expect((await bs(w, "GET", `/types/${def.id}`)).body.volume_type.id).toBe(def.id);
    const missing = await bs(w, "GET", "/types/gold");
    expect(missing.status).toBe(404);
    expect(missing.body.itemNotFound.message).toBe("Volume type gold could not be found.");
  });
});

describe("managing types", () => {
  it("creates (200), updates and deletes (202) a type; users may not", async () => {
    const before = exported(w);
    expect((await bs(w, "POST", "/types", { body: { volume_type: { name: "gold" } } })).status).toBe(403);
    expect(exported(w)).toBe(before);
    const created = await admin("POST", "/types", { volume_type: { name: "gold", description: "fast", extra_specs: { volume_backend_name: "gold" } } });
    expect(created.status).toBe(200);
    const id = created.body.volume_type.id;
    expect(created.body.volume_type).toMatchObject({ name: "gold", description: "fast", is_public: true, extra_specs: { volume_backend_name: "gold" } });
    const updated = await admin("PUT", `/types/${id}`, { volume_type: { description: "faster" } });
    expect(updated.body.volume_type.description).toBe("faster");
    expect((await admin("DELETE", `/types/${id}`)).status).toBe(202);
    expect((await admin("GET", `/types/${id}`)).status).toBe(404);
  });

  it("refuses a duplicate name (409), deleting the default type (400) or a type in use (409)", async () => {
    const before = exported(w);
    const dup = await admin("POST", "/types", { volume_type: { name: "ssd" } });
    expect(dup.status).toBe(409);
    expect(dup.body.conflictingRequest.message).toBe("Volume Type ssd already exists.");
    const def = (await bs(w, "GET", "/types/default")).body.volume_type;
    expect((await admin("DELETE", `/types/${def.id}`)).status).toBe(400);
    expect(exported(w)).toBe(before);
    const v = await availableVolume(w, { volume_type: "ssd" });
    const ssd = (await bs(w, "GET", "/types")).body.volume_types.find((t: any) => t.name === "ssd");
    const inUse = exported(w);
    const res = await admin("DELETE", `/types/${ssd.id}`);
    expect(res.status).toBe(409);
    expect(res.body.conflictingRequest.message).toBe(`Volume Type ${ssd.id} deletion is not allowed with volumes present with the type.`);
    expect(exported(w)).toBe(inUse);
    expect(v.volume_type).toBe("ssd");
  });

  it("manages extra specs", async () => {
    const id = (await admin("POST", "/types", { volume_type: { name: "gold" } })).body.volume_type.id;
    expect((await admin("POST", `/types/${id}/extra_specs`, { extra_specs: { a: "1", b: "2" } })).body).toEqual({ extra_specs: { a: "1", b: "2" } });
    expect((await admin("GET", `/types/${id}/extra_specs`)).body).toEqual({ extra_specs: { a: "1", b: "2" } });
    expect((await admin("GET", `/types/${id}/extra_specs/a`)).body).toEqual({ a: "1" });
    expect((await admin("PUT", `/types/${id}/extra_specs/a`, { a: "9" })).body).toEqual({ a: "9" });
    expect((await admin("PUT", `/types/${id}/extra_specs/a`, { b: "9" })).status).toBe(400);
    expect((await admin("DELETE", `/types/${id}/extra_specs/b`)).status).toBe(202);
    const missing = await admin("GET", `/types/${id}/extra_specs/b`);
    expect(missing.status).toBe(404);
    expect(missing.body.itemNotFound.message).toBe(`Volume Type ${id} has no extra specs with key b.`);
  });
});

describe("private types", () => {
  it("are hidden from projects until shared with them", async () => {
    const id = (await admin("POST", "/types", { volume_type: { name: "secret", "os-volume-type-access:is_public": false } })).body.volume_type.id;
    const names = async () => (await bs(w, "GET", "/types")).body.volume_types.map((t: any) => t.name);
    expect(await names()).not.toContain("secret");
    expect((await bs(w, "POST", "/volumes", { body: { volume: { size: 1, volume_type: "secret" } } })).status).toBe(404);
    expect((await admin("POST", `/types/${id}/action`, { addProjectAccess: { project: w.demoProject } })).status).toBe(202);
    expect((await admin("GET", `/types/${id}/os-volume-type-access`)).body).toEqual({ volume_type_access: [{ volume_type_id: id, project_id: w.demoProject }] });
    expect(await names()).toContain("secret");
    expect((await bs(w, "POST", "/volumes", { body: { volume: { size: 1, volume_type: "secret" } } })).status).toBe(202);
    expect((await admin("POST", `/types/${id}/action`, { addProjectAccess: { project: w.demoProject } })).status).toBe(409);
    expect((await admin("POST", `/types/${id}/action`, { removeProjectAccess: { project: w.demoProject } })).status).toBe(202);
    expect(await names()).not.toContain("secret");
    expect((await admin("POST", `/types/${id}/action`, { removeProjectAccess: { project: w.demoProject } })).status).toBe(404);
  });

  it("refuses access changes on a public type", async () => {
    const ssd = (await bs(w, "GET", "/types")).body.volume_types.find((t: any) => t.name === "ssd");
    const res = await admin("POST", `/types/${ssd.id}/action`, { addProjectAccess: { project: w.demoProject } });
    expect(res.status).toBe(400);
    expect((await admin("GET", `/types/${ssd.id}/os-volume-type-access`)).status).toBe(404);
  });
});

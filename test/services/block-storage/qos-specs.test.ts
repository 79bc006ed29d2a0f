// QoS specifications over HTTP: admin only (403 for a member, as `openstack volume qos list` as demo
// expects), create/show/update/delete, delete_keys, and associations with volume types.

import { beforeEach, describe, expect, it } from "vitest";
import { bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const admin = (method: string, path: string, body?: unknown) => bs(w, method, path, { token: w.admin, body });
const typeId = async (name: string) => (await bs(w, "GET", "/types")).body.volume_types.find((t: any) => t.name === name).id;

describe("qos specs", () => {
  it("refuses members with 403, changing nothing", async () => {
    const before = exported(w);
    expect((await bs(w, "GET", "/qos-specs")).status).toBe(403);
    expect((await bs(w, "POST", "/qos-specs", { body: { qos_specs: { name: "x" } } })).status).toBe(403);
    expect(exported(w)).toBe(before);
  });

  it("creates (200, links at the top), lists, shows, updates and deletes", async () => {
    const created = await admin("POST", "/qos-specs", { qos_specs: { name: "gold", consumer: "front-end", total_iops_sec: "1000" } });
    expect(created.status).toBe(200);
    expect(created.body.qos_specs).toMatchObject({ name: "gold", consumer: "front-end", specs: { total_iops_sec: "1000" } });
    expect(created.body.links[0].rel).toBe("self");
    const id = created.body.qos_specs.id;
    expect((await admin("GET", "/qos-specs")).body.qos_specs.map((q: any) => q.name)).toEqual(["gold"]);
    expect((await admin("GET", `/qos-specs/${id}`)).body.qos_specs.id).toBe(id);
    expect((await admin("PUT", `/qos-specs/${id}`, { qos_specs: { read_iops_sec: "10" } })).body).toEqual({ qos_specs: { read_iops_sec: "10" } });
    expect((await admin("PUT", `/qos-specs/${id}/delete_keys`, { keys: ["total_iops_sec"] })).status).toBe(202);
    expect((await admin("GET", `/qos-specs/${id}`)).body.qos_specs.specs).toEqual({ read_iops_sec: "10" });
    expect((await admin("DELETE", `/qos-specs/${id}`)).status).toBe(202);
    const gone = await admin("GET", `/qos-specs/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.itemNotFound.message).toBe(`QoS Specs ${id} could not be found.`);
  });

  it("refuses a duplicate name, a bad consumer and a missing key, changing nothing", async () => {
    const id = (await admin("POST", "/qos-specs", { qos_specs: { name: "gold" } })).body.qos_specs.id;
    const before = exported(w);
    expect((await admin("POST", "/qos-specs", { qos_specs: { name: "gold" } })).status).toBe(409);
    expect((await admin("POST", "/qos-specs", { qos_specs: { name: "x", consumer: "nobody" } })).status).toBe(400);
    expect((await admin("PUT", `/qos-specs/${id}/delete_keys`, { keys: ["nope"] })).status).toBe(404);
    expect(exported(w)).toBe(before);
  });

  it("associates types, lists the associations, and refuses a delete while associated unless forced", async () => {
    const id = (await admin("POST", "/qos-specs", { qos_specs: { name: "gold" } })).body.qos_specs.id;
    const ssd = await typeId("ssd");
    expect((await admin("GET", `/qos-specs/${id}/associate?vol_type_id=${ssd}`)).status).toBe(202);
    expect((await admin("GET", `/qos-specs/${id}/associations`)).body).toEqual({ qos_associations: [{ association_type: "volume_type", name: "ssd", id: ssd }] });
    expect((await admin("GET", `/types/${ssd}`)).body.volume_type.qos_specs_id).toBe(id);
    const before = exported(w);
    const refused = await admin("DELETE", `/qos-specs/${id}`);
    expect(refused.status).toBe(409);
    expect(exported(w)).toBe(before);
    expect((await admin("GET", `/qos-specs/${id}/disassociate?vol_type_id=${ssd}`)).status).toBe(202);
    expect((await admin("GET", `/qos-specs/${id}/associations`)).body.qos_associations).toEqual([]);
    await admin("GET", `/qos-specs/${id}/associate?vol_type_id=${ssd}`);
    expect((await admin("GET", `/qos-specs/${id}/disassociate_all`)).status).toBe(202);
    await admin("GET", `/qos-specs/${id}/associate?vol_type_id=${ssd}`);
    expect((await admin("DELETE", `/qos-specs/${id}?force=True`)).status).toBe(202);
    expect((await admin("GET", `/types/${ssd}`)).body.volume_type.qos_specs_id).toBeNull();
  });

  it("refuses an association without a type, with an unknown type, or with a type another spec holds", async () => {
    const a = (await admin("POST", "/qos-specs", { qos_specs: { name: "a" } })).body.qos_specs.id;
    const b = (await admin("POST", "/qos-specs", { qos_specs: { name: "b" } })).body.qos_specs.id;
    const ssd = await typeId("ssd");
    await admin("GET", `/qos-specs/${a}/associate?vol_type_id=${ssd}`);
    const before = exported(w);
    expect((await admin("GET", `/qos-specs/${b}/associate`)).status).toBe(400);
    expect((await admin("GET", `/qos-specs/${b}/associate?vol_type_id=nope`)).status).toBe(404);
    expect((await admin("GET", `/qos-specs/${b}/associate?vol_type_id=${ssd}`)).status).toBe(409);
    expect(exported(w)).toBe(before);
  });
});

// Writable metadata definitions (admin only, as Glance's default policy): namespaces, objects, properties,
// tags and resource type associations, the tempest sequences through HTTP; answers checked against the
// service's own /v2/schemas/metadefs documents (Glance's); and the seeded resource type list.

import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { imageWorld, type ImageWorld } from "./world.js";

const NS = "/v2/metadefs/namespaces";

async function schemaCheck(w: ImageWorld) {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  return async (name: string, body: unknown) => {
    const schema = (await w.api("GET", `/v2/schemas/metadefs/${name}`, w.admin)).body;
    const ok = ajv.validate(schema, body);
    expect(ok, `${name}: ${JSON.stringify(ajv.errors)}`).toBe(true);
  };
}

describe("metadata definition writes", () => {
  it("lists the resource types Glance's metadefs seed", async () => {
    const w = await imageWorld();
    const res = await w.api("GET", "/v2/metadefs/resource_types", w.demo);
    expect(res.body.resource_types.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(["OS::Cinder::Volume", "OS::Glance::Image", "OS::Nova::Aggregate", "OS::Nova::Flavor", "OS::Nova::Server", "OS::Trove::Instance"]),
    );
    expect(Object.keys(res.body.resource_types[0]).sort()).toEqual(["created_at", "name", "updated_at"]);
  });

  it("namespaces: create (201), show, protected delete 403, update, delete; a member may not write", async () => {
    const w = await imageWorld();
    const check = await schemaCheck(w);
    const body = { namespace: "tempest-ns", visibility: "public", description: "Tempest", display_name: "tempest-ns", resource_type_associations: [{ name: "OS::Glance::Image" }], protected: true };
    expect((await w.api("POST", NS, w.demo, { body })).status).toBe(403);
    const created = await w.api("POST", NS, w.admin, { body });
    expect(created.status).toBe(201);
    await check("namespace", created.body);
    expect(created.body).toMatchObject({ namespace: "tempest-ns", visibility: "public", protected: true, resource_type_associations: [{ name: "OS::Glance::Image" }] });
    expect((await w.api("POST", NS, w.admin, { body })).status).toBe(409);
    expect((await w.api("GET", NS, w.demo)).body.namespaces.map((n: { namespace: string }) => n.namespace)).toContain("tempest-ns");
    expect((await w.api("DELETE", `${NS}/tempest-ns`, w.admin)).status).toBe(403);
    const updated = await w.api("PUT", `${NS}/tempest-ns`, w.admin, { body: { namespace: "tempest-ns", description: "Tempest", visibility: "private", display_name: "tempest-ns", protected: false } });
    expect(updated.status).toBe(200);
    await check("namespace", updated.body);
    expect(updated.body).toMatchObject({ visibility: "private", protected: false });
    expect((await w.api("GET", `${NS}/tempest-ns`, w.demo)).status).toBe(404);
    expect((await w.api("DELETE", `${NS}/tempest-ns`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `${NS}/tempest-ns`, w.admin)).status).toBe(404);
    expect((await w.api("POST", NS, w.admin, { body: { namespace: "x", visibility: "everyone" } })).status).toBe(400);
  });

  it("objects and properties: create, show, update (rename), delete", async () => {
    const w = await imageWorld();
    const check = await schemaCheck(w);
    await w.api("POST", NS, w.admin, { body: { namespace: "n1" } });
    const obj = await w.api("POST", `${NS}/n1/objects`, w.admin, { body: { name: "o1", description: "d", required: [], properties: { p: { title: "P", type: "string" } } } });
    expect(obj.status).toBe(201);
    await check("object", obj.body);
    expect((await w.api("POST", `${NS}/n1/objects`, w.admin, { body: { name: "o1" } })).status).toBe(409);
    const renamed = await w.api("PUT", `${NS}/n1/objects/o1`, w.admin, { body: { name: "o2" } });
    expect(renamed.body.name).toBe("o2");
    expect((await w.api("GET", `${NS}/n1/objects`, w.admin)).body.objects.map((o: { name: string }) => o.name)).toEqual(["o2"]);
    expect((await w.api("DELETE", `${NS}/n1/objects/o2`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `${NS}/n1/objects/o2`, w.admin)).status).toBe(404);

    const prop = await w.api("POST", `${NS}/n1/properties`, w.admin, { body: { name: "hw_x", title: "X", type: "string", enum: ["a", "b"] } });
    expect(prop.status).toBe(201);
    expect(prop.body).toEqual({ name: "hw_x", title: "X", type: "string", enum: ["a", "b"] });
    await check("property", prop.body);
    expect((await w.api("GET", `${NS}/n1/properties/hw_x`, w.admin)).body.name).toBe("hw_x");
    const up = await w.api("PUT", `${NS}/n1/properties/hw_x`, w.admin, { body: { name: "hw_x", title: "Y", type: "string", enum: ["a"] } });
    expect(up.body.title).toBe("Y");
    expect((await w.api("DELETE", `${NS}/n1/properties/hw_x`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `${NS}/n1/properties`, w.admin)).body.properties).toEqual({});
    expect((await w.api("POST", `${NS}/n1/properties`, w.admin, { body: { name: "bad", title: "t", type: "banana" } })).status).toBe(400);
  });

  it("tags: create many (replacing), list, one by one, rename, delete, delete all", async () => {
    const w = await imageWorld();
    await w.api("POST", NS, w.admin, { body: { namespace: "n2" } });
    const many = await w.api("POST", `${NS}/n2/tags`, w.admin, { body: { tags: [{ name: "t1" }, { name: "t2" }, { name: "t3" }] } });
    expect(many.status).toBe(201);
    expect(many.body).toEqual({ tags: [{ name: "t1" }, { name: "t2" }, { name: "t3" }] });
    expect((await w.api("GET", `${NS}/n2/tags`, w.admin)).body.tags).toHaveLength(3);
    await w.api("POST", `${NS}/n2/tags`, w.admin, { body: { tags: [{ name: "t4" }] } });
    expect((await w.api("GET", `${NS}/n2/tags`, w.admin)).body.tags.map((t: { name: string }) => t.name)).toEqual(["t4"]);
    await w.api("POST", `${NS}/n2/tags`, w.admin, { body: { tags: [{ name: "t5" }] }, headers: { "X-Openstack-Append": "True" } });
    expect((await w.api("GET", `${NS}/n2/tags`, w.admin)).body.tags).toHaveLength(2);
    const one = await w.api("POST", `${NS}/n2/tags/solo`, w.admin);
    expect(one.status).toBe(201);
    expect(Object.keys(one.body).sort()).toEqual(["created_at", "name", "updated_at"]);
    expect((await w.api("POST", `${NS}/n2/tags/solo`, w.admin)).status).toBe(409);
    expect((await w.api("PUT", `${NS}/n2/tags/solo`, w.admin, { body: { name: "renamed" } })).body.name).toBe("renamed");
    expect((await w.api("GET", `${NS}/n2/tags/renamed`, w.demo)).status).toBe(404); // a private namespace
    expect((await w.api("DELETE", `${NS}/n2/tags/renamed`, w.admin)).status).toBe(204);
    expect((await w.api("DELETE", `${NS}/n2/tags`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `${NS}/n2/tags`, w.admin)).body.tags).toEqual([]);
  });

  it("resource type associations: associate (a new type joins the list), list, dissociate", async () => {
    const w = await imageWorld();
    await w.api("POST", NS, w.admin, { body: { namespace: "n3", visibility: "public" } });
    const made = await w.api("POST", `${NS}/n3/resource_types`, w.admin, { body: { name: "OS::Custom::Thing", prefix: "x_" } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "OS::Custom::Thing", prefix: "x_" });
    expect((await w.api("POST", `${NS}/n3/resource_types`, w.admin, { body: { name: "OS::Custom::Thing" } })).status).toBe(409);
    expect((await w.api("GET", `${NS}/n3/resource_types`, w.demo)).body.resource_type_associations.map((r: { name: string }) => r.name)).toEqual(["OS::Custom::Thing"]);
    expect((await w.api("GET", "/v2/metadefs/resource_types", w.demo)).body.resource_types.map((r: { name: string }) => r.name)).toContain("OS::Custom::Thing");
    expect((await w.api("DELETE", `${NS}/n3/resource_types/OS::Custom::Thing`, w.demo)).status).toBe(403);
    expect((await w.api("DELETE", `${NS}/n3/resource_types/OS::Custom::Thing`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `${NS}/n3/resource_types`, w.demo)).body.resource_type_associations).toEqual([]);
  });
});

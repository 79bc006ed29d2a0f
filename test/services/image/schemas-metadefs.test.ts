// The schema documents clients fetch (/v2/schemas/image(s), member(s), task(s)) and the read-only metadata
// definitions loaded from the seed's `image: metadefs:` section.

import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { imageWorld } from "./world.js";

describe("image schemas", () => {
  it("serves the image, images, member and members schemas with Glance's enums and links", async () => {
    const w = await imageWorld();
    const image = (await w.api("GET", "/v2/schemas/image", w.demo)).body;
    expect(image.name).toBe("image");
    expect(image.additionalProperties).toEqual({ type: "string" });
    expect(image.properties.disk_format.enum).toEqual(expect.arrayContaining(["qcow2", "raw", "iso", null]));
    expect(image.properties.visibility.enum).toEqual(["public", "private", "shared", "community"]);
    expect(image.properties.status.readOnly).toBe(true);
    expect(image.links).toContainEqual({ rel: "enclosure", href: "{file}" });
    expect((await w.api("GET", "/v2/schemas/images", w.demo)).body.properties.images.items.name).toBe("image");
    expect((await w.api("GET", "/v2/schemas/member", w.demo)).body.properties.status.enum).toEqual(["pending", "accepted", "rejected"]);
    expect((await w.api("GET", "/v2/schemas/members", w.demo)).body.name).toBe("members");
    expect((await w.api("GET", "/v2/schemas/tasks", w.demo)).body.name).toBe("tasks");
    expect((await w.api("GET", "/v2/schemas/nothing", w.demo)).status).toBe(404);
  });

  it("serves every metadefs schema document, each naming its mandatory attributes and refusing unknown ones", async () => {
    const w = await imageWorld();
    const doc = async (name: string) => {
      const res = await w.api("GET", `/v2/schemas/metadefs/${name}`, w.demo);
      expect(res.status, name).toBe(200);
      return res.body;
    };
    expect(await doc("namespace")).toMatchObject({ name: "namespace", required: ["namespace"], additionalProperties: false });
    expect((await doc("namespace")).properties.visibility.enum).toEqual(["public", "private"]);
    expect(await doc("object")).toMatchObject({ name: "object", required: ["name"] });
    expect(await doc("property")).toMatchObject({ name: "property", required: ["type", "title", "name"] });
    expect(await doc("resource_type")).toMatchObject({ name: "resource_type_association", required: ["name"] });
    expect(await doc("tag")).toMatchObject({ name: "tag", required: ["name"] });
    // lists: the item schema under the list's key, definitions lifted to the list document
    const namespaces = await doc("namespaces");
    expect(namespaces.properties.namespaces.items.name).toBe("namespace");
    expect(namespaces.definitions.property.type).toBe("object");
    expect(namespaces.links).toContainEqual({ rel: "next", href: "{next}" });
    expect((await doc("properties")).properties.properties.additionalProperties.required).toEqual(["type", "title"]);
    expect((await doc("resource_types")).name).toBe("resource_type_associations");
    expect((await doc("objects")).properties.objects.items.name).toBe("object");
    expect((await doc("tags")).properties.tags.items.name).toBe("tag");
    expect((await w.api("GET", "/v2/schemas/metadefs/nothing", w.demo)).status).toBe(404);
  });
});

describe("image metadefs from the seed", () => {
  const metadefs = [
    {
      namespace: "OS::Compute::Watchdog",
      display_name: "Watchdog Behavior",
      description: "Compute watchdog",
      resource_types: [{ name: "OS::Glance::Image" }, { name: "OS::Nova::Flavor", prefix: "hw:" }],
      properties: { hw_watchdog_action: { title: "Watchdog Action", type: "string", enum: ["disabled", "reset"] } },
      objects: [{ name: "Watchdog", description: "obj", properties: { action: { title: "Action", type: "string" } } }],
    },
    { namespace: "Alt::Private", visibility: "private", project: "alt" },
  ];

  it("lists namespaces the caller may see, with objects, properties and resource types", async () => {
    const w = await imageWorld({ metadefs });
    const list = (await w.api("GET", "/v2/metadefs/namespaces", w.demo)).body;
    expect(list.namespaces.map((n: { namespace: string }) => n.namespace)).toEqual(["OS::Compute::Watchdog"]);
    expect((await w.api("GET", "/v2/metadefs/namespaces", w.alt)).body.namespaces).toHaveLength(2);
    expect((await w.api("GET", "/v2/metadefs/namespaces?resource_types=OS::Nova::Flavor", w.alt)).body.namespaces).toHaveLength(1);
    const base = "/v2/metadefs/namespaces/OS::Compute::Watchdog";
    const shown = (await w.api("GET", base, w.demo)).body;
    expect(shown).toMatchObject({ namespace: "OS::Compute::Watchdog", display_name: "Watchdog Behavior", visibility: "public", protected: true });
    expect(shown.properties.hw_watchdog_action.enum).toEqual(["disabled", "reset"]);
    expect((await w.api("GET", `${base}/objects`, w.demo)).body.objects[0]).toMatchObject({ name: "Watchdog", properties: { action: { title: "Action", type: "string" } } });
    expect((await w.api("GET", `${base}/objects/Watchdog`, w.demo)).body.name).toBe("Watchdog");
    expect((await w.api("GET", `${base}/objects/Nope`, w.demo)).status).toBe(404);
    expect((await w.api("GET", `${base}/properties`, w.demo)).body.properties).toHaveProperty("hw_watchdog_action");
    expect((await w.api("GET", `${base}/properties/hw_watchdog_action`, w.demo)).body).toMatchObject({ name: "hw_watchdog_action", type: "string" });
    expect((await w.api("GET", `${base}/properties/constructor`, w.demo)).status).toBe(404);
    expect((await w.api("GET", `${base}/resource_types`, w.demo)).body.resource_type_associations).toContainEqual(expect.objectContaining({ name: "OS::Nova::Flavor", prefix: "hw:" }));
    expect((await w.api("GET", "/v2/metadefs/resource_types", w.demo)).body.resource_types.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(["OS::Glance::Image", "OS::Nova::Flavor"]));
    expect((await w.api("GET", "/v2/metadefs/namespaces/Alt::Private", w.demo)).status).toBe(404);
    // what the metadefs routes answer is valid against the schema documents Glance serves for them
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const schema = async (name: string) => (await w.api("GET", `/v2/schemas/metadefs/${name}`, w.demo)).body;
    const valid = async (name: string, body: unknown) => {
      const validate = ajv.compile(await schema(name));
      expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    await valid("namespace", shown);
    await valid("namespaces", list);
    await valid("object", (await w.api("GET", `${base}/objects/Watchdog`, w.demo)).body);
    await valid("property", (await w.api("GET", `${base}/properties/hw_watchdog_action`, w.demo)).body);
    await valid("properties", (await w.api("GET", `${base}/properties`, w.demo)).body);
    await valid("resource_types", (await w.api("GET", `${base}/resource_types`, w.demo)).body);
    // a seed property without the attributes Glance makes mandatory is refused when the world loads
    await expect(imageWorld({ metadefs: [{ namespace: "Bad", properties: { p: { type: "string" } } }] })).rejects.toThrow(/title/);
    // the seed's namespaces are protected: their deletes are refused (metadef-writes.test.ts has the writes)
    expect((await w.api("DELETE", base, w.admin)).status).toBe(403);
  });
});

// The schema documents clients fetch (/v2/schemas/image(s), member(s), task(s)) and the read-only metadata
// definitions loaded from the seed's `image: metadefs:` section.

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
});

describe("image metadefs (read-only, from the seed)", () => {
  const metadefs = [
    {
      namespace: "OS::Compute::Watchdog",
      display_name: "Watchdog Behavior",
      description: "Compute watchdog",
      resource_types: [{ name: "OS::Glance::Image" }, { name: "OS::Nova::Flavor", prefix: "hw:" }],
      properties: { hw_watchdog_action: { title: "Watchdog Action", type: "string", enum: ["disabled", "reset"] } },
      objects: [{ name: "Watchdog", description: "obj", properties: { action: { type: "string" } } }],
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
    expect((await w.api("GET", `${base}/objects`, w.demo)).body.objects[0]).toMatchObject({ name: "Watchdog", properties: { action: { type: "string" } } });
    expect((await w.api("GET", `${base}/objects/Watchdog`, w.demo)).body.name).toBe("Watchdog");
    expect((await w.api("GET", `${base}/objects/Nope`, w.demo)).status).toBe(404);
    expect((await w.api("GET", `${base}/properties`, w.demo)).body.properties).toHaveProperty("hw_watchdog_action");
    expect((await w.api("GET", `${base}/properties/hw_watchdog_action`, w.demo)).body).toMatchObject({ name: "hw_watchdog_action", type: "string" });
    expect((await w.api("GET", `${base}/properties/constructor`, w.demo)).status).toBe(404);
    expect((await w.api("GET", `${base}/resource_types`, w.demo)).body.resource_type_associations).toContainEqual(expect.objectContaining({ name: "OS::Nova::Flavor", prefix: "hw:" }));
    expect((await w.api("GET", "/v2/metadefs/resource_types", w.demo)).body.resource_types.map((r: { name: string }) => r.name)).toEqual(["OS::Glance::Image", "OS::Nova::Flavor"]);
    expect((await w.api("GET", "/v2/metadefs/namespaces/Alt::Private", w.demo)).status).toBe(404);
    // read-only: no write routes
    expect((await w.api("POST", "/v2/metadefs/namespaces", w.admin, { body: { namespace: "x" } })).status).toBe(405);
  });
});

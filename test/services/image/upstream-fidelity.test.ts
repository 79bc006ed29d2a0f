// What Glance's own suite expects beyond the basics: the older JSON-patch media type with its
// `{"replace": "/name"}` operations, `/v2/images/` (empty id) a 404 and not the list, and the `size` filter.

import { describe, expect, it } from "vitest";
import { imageWorld } from "./world.js";

describe("image API details", () => {
  it("accepts application/openstack-images-v2.0-json-patch with the op as the member's name", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const type = "application/openstack-images-v2.0-json-patch";
    const res = await w.patch(w.demo, img.id, [{ replace: "/name", value: "renamed" }, { add: "/color", value: "red" }], type);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "renamed", color: "red" });
    expect((await w.patch(w.demo, img.id, [{ remove: "/color" }], type)).body.color).toBeUndefined();
    // two op members, or none, are refused and change nothing
    expect((await w.patch(w.demo, img.id, [{ replace: "/name", add: "/x", value: "y" }], type)).status).toBe(400);
    expect((await w.patch(w.demo, img.id, [{ path: "/name", value: "y" }], type)).status).toBe(400);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body.name).toBe("renamed");
  });

  it("answers GET /v2/images/ (an empty id) with 404, as Glance's router does", async () => {
    const w = await imageWorld();
    expect((await w.api("GET", "/v2/images", w.demo)).status).toBe(200);
    expect((await w.api("GET", "/v2/images/", w.demo)).status).toBe(404);
    expect((await w.api("GET", "/v2/images/?limit=1", w.demo)).status).toBe(404);
  });

  it("filters by size exactly, and by size_min/size_max", async () => {
    const w = await imageWorld();
    const small = await w.create(w.demo, { name: "small" });
    const big = await w.create(w.demo, { name: "big" });
    await w.upload(w.demo, small.id, "12345");
    await w.upload(w.demo, big.id, "1234567890");
    const names = async (query: string) => (await w.api("GET", `/v2/images?${query}`, w.demo)).body.images.map((i: { name: string }) => i.name);
    expect(await names("size=5")).toEqual(["small"]);
    expect(await names("size=10")).toEqual(["big"]);
    expect(await names("size_min=6&size_max=20")).toEqual(["big"]);
    expect((await w.api("GET", "/v2/images?size=big", w.demo)).status).toBe(400);
  });
});

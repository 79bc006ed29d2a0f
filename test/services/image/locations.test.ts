// Image locations through a JSON patch (show_multiple_locations on): a queued image given a loopback http
// location is active at once; locations are added, their metadata replaced, removed (never the last);
// other URLs are Glance's 400; an uploaded image shows its store's location first.

import { describe, expect, it } from "vitest";
import { imageWorld } from "./world.js";

const loc = (url: string, metadata: Record<string, unknown> = {}) => ({ url, metadata });

describe("image locations", () => {
  it("an uploaded image shows its one store location; a new image none", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    expect(img.locations).toEqual([]);
    expect((await w.upload(w.demo, img.id, "bytes")).status).toBe(204);
    const shown = (await w.api("GET", `/v2/images/${img.id}`, w.demo)).body;
    expect(shown.locations).toEqual([{ url: `file:///var/lib/glance/images/${img.id}`, metadata: { store: "file" } }]);
  });

  it("adding a loopback location makes a queued image active; a second is appended; replace changes metadata only", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const first = await w.patch(w.demo, img.id, [{ op: "add", path: "/locations/-", value: loc("http://127.0.0.1:8080/a.img", { foo: "bar" }) }]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "active", locations: [loc("http://127.0.0.1:8080/a.img", { foo: "bar" })], os_hash_value: null });
    // the older media type, as tempest sends it
    const second = await w.patch(w.demo, img.id, [{ add: "/locations/-", value: loc("http://localhost/b.img", { speed: "88mph" }) }], "application/openstack-images-v2.0-json-patch");
    expect(second.body.locations.map((l: any) => l.url)).toEqual(["http://127.0.0.1:8080/a.img", "http://localhost/b.img"]);
    const locs = second.body.locations;
    locs[0].metadata.date = "2015-10-15";
    expect((await w.patch(w.demo, img.id, [{ op: "replace", path: "/locations", value: locs }])).status).toBe(200);
    expect((await w.patch(w.demo, img.id, [{ op: "replace", path: "/locations", value: [locs[0]] }])).status).toBe(400);
    expect((await w.patch(w.demo, img.id, [{ op: "replace", path: "/locations", value: [locs[0], loc("http://localhost/c.img")] }])).status).toBe(400);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body.locations).toEqual(locs);
  });

  it("removes a location by index but never the last; refuses non-loopback URLs and duplicates", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const bad = await w.patch(w.demo, img.id, [{ op: "add", path: "/locations/-", value: loc("gopher://info.cern.ch") }]);
    expect(bad.status).toBe(400);
    expect((await w.patch(w.demo, img.id, [{ op: "add", path: "/locations/-", value: loc("http://example.com/x.img") }])).status).toBe(400);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body).toMatchObject({ status: "queued", locations: [] });
    await w.patch(w.demo, img.id, [{ op: "add", path: "/locations/-", value: loc("http://127.0.0.1/a") }]);
    expect((await w.patch(w.demo, img.id, [{ op: "add", path: "/locations/-", value: loc("http://127.0.0.1/a") }])).status).toBe(400);
    await w.patch(w.demo, img.id, [{ op: "add", path: "/locations/-", value: loc("http://127.0.0.1/b") }]);
    const removed = await w.patch(w.demo, img.id, [{ op: "remove", path: "/locations/0" }]);
    expect(removed.body.locations).toEqual([loc("http://127.0.0.1/b")]);
    expect((await w.patch(w.demo, img.id, [{ op: "remove", path: "/locations/0" }])).status).toBe(403);
    expect((await w.patch(w.alt, img.id, [{ op: "add", path: "/locations/-", value: loc("http://127.0.0.1/c") }])).status).toBe(404);
  });
});

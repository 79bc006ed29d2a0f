// Images (Glance v2): discovery, create (201 queued, custom properties at the top, Glance's validation),
// show, JSON-patch update, tags, protected delete, deactivate/reactivate. Refusals leave the image as it was.

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../../helpers/emulator.js";
import { glanceError, imageWorld } from "./world.js";

describe("image service: discovery", () => {
  it("answers discovery at /image with 300 and self links to /image/v2/, and names the import methods", async () => {
    const emu = testEmulator();
    const res = await call(emu, "GET", "/image");
    expect(res.status).toBe(300);
    expect(res.body.versions[0]).toMatchObject({ id: "v2.17", status: "CURRENT", links: [{ rel: "self", href: "http://localhost/image/v2/" }] });
    expect(res.headers.get("openstack-image-import-methods")).toBe("glance-direct,web-download,copy-image");
    expect((await call(emu, "GET", "/image/versions")).status).toBe(200);
  });

  it("lists the seed's cirros image, filters by name, shows it, and 404s a name as the SDK expects", async () => {
    const emu = testEmulator();
    const token = await login(emu, "demo");
    const list = await call(emu, "GET", "/image/v2/images", { token });
    const cirros = list.body.images.find((i: { name: string }) => i.name === "cirros");
    expect(cirros).toMatchObject({ status: "active", visibility: "public", disk_format: "qcow2", self: `/v2/images/${cirros.id}`, size: 21430272 });
    expect(cirros.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect((await call(emu, "GET", "/image/v2/images?name=cirros", { token })).body.images.map((i: { id: string }) => i.id)).toEqual([cirros.id]);
    expect((await call(emu, "GET", `/image/v2/images/${cirros.id}`, { token })).body.name).toBe("cirros");
    expect((await call(emu, "GET", "/image/v2/images/cirros", { token })).status).toBe(404);
    expect((await call(emu, "GET", "/image/v2/images")).status).toBe(401);
  });
});

describe("image service: create", () => {
  it("creates a queued, shared image with custom properties at the top level and a given id", async () => {
    const w = await imageWorld();
    const id = "0b6f0b8e-8d43-4d6a-9d1e-5a2b3c4d5e6f";
    const res = await w.api("POST", "/v2/images", w.demo, {
      body: { id, name: "img1", disk_format: "qcow2", container_format: "bare", min_disk: 1, tags: ["a", "a", "b"], hw_disk_bus: "scsi" },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("openstack-image-import-methods")).toBe("glance-direct,web-download,copy-image");
    expect(res.body).toMatchObject({
      id, name: "img1", status: "queued", visibility: "shared", protected: false, os_hidden: false, owner: w.demoProject,
      checksum: null, os_hash_algo: null, os_hash_value: null, size: null, min_disk: 1, min_ram: 0, tags: ["a", "b"],
      hw_disk_bus: "scsi", created_at: "2030-01-01T00:00:00Z", self: `/v2/images/${id}`, file: `/v2/images/${id}/file`, schema: "/v2/schemas/image",
    });
    const again = await w.api("POST", "/v2/images", w.demo, { body: { id, name: "dup" } });
    expect(again.status).toBe(409);
    expect((await w.api("GET", `/v2/images/${id}`, w.demo)).body.name).toBe("img1");
  });

  it("refuses Glance's way: bad formats 400, read-only and reserved attributes 403, public for non-admins 403", async () => {
    const w = await imageWorld();
    const before = (await w.api("GET", "/v2/images", w.admin)).body.images.length;
    const bad = async (body: unknown, status: number, message?: RegExp) => {
      const res = await w.api("POST", "/v2/images", w.demo, { body });
      expect(res.status).toBe(status);
      if (message) expect(glanceError(res)).toMatch(message);
    };
    await bad({ name: "x", disk_format: "floppy" }, 400);
    await bad({ name: "x", container_format: "zip" }, 400);
    await bad({ name: "x", visibility: "everyone" }, 400);
    await bad({ name: "x", min_disk: -1 }, 400);
    await bad({ name: "x", custom: 5 }, 400);
    await bad({ name: "x", status: "active" }, 403, /^Attribute 'status' is read-only\.$/);
    await bad({ name: "x", size: 5 }, 403, /read-only/);
    await bad({ name: "x", checksum: "00" }, 403, /read-only/);
    await bad({ name: "x", deleted: "true" }, 403, /^Attribute 'deleted' is reserved\.$/);
    await bad({ name: "x", os_glance_import_task: "x" }, 403, /reserved/);
    await bad({ name: "x", visibility: "public" }, 403, /publicize_image/);
    await bad({ name: "x", owner: "someone-else" }, 403);
    await bad(["not", "an", "object"], 400);
    expect((await w.api("GET", "/v2/images", w.admin)).body.images.length).toBe(before);
    // an admin may make an image public
    expect((await w.api("POST", "/v2/images", w.admin, { body: { name: "pub", visibility: "public" } })).status).toBe(201);
  });
});

describe("image service: update (JSON patch)", () => {
  it("adds, replaces and removes base attributes and custom properties", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo, { name: "before" });
    w.emu.clock.advance(5000);
    const res = await w.patch(w.demo, img.id, [
      { op: "replace", path: "/name", value: "after" },
      { op: "add", path: "/foo", value: "bar" },
      { op: "add", path: "/min_ram", value: 512 },
      { op: "add", path: "/tags", value: ["x"] },
      { op: "replace", path: "/visibility", value: "private" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "after", foo: "bar", min_ram: 512, tags: ["x"], visibility: "private", updated_at: "2030-01-01T00:00:05Z" });
    const removed = await w.patch(w.demo, img.id, [{ op: "remove", path: "/foo" }]);
    expect(removed.status).toBe(200);
    expect(removed.body.foo).toBeUndefined();
  });

  it("refuses another content type (415), read-only (403), a missing property (409), and changes nothing", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo, { name: "keep", foo: "bar" });
    const check = async (ops: unknown[], status: number, type?: string) => {
      const res = await w.patch(w.demo, img.id, ops, type);
      expect(res.status).toBe(status);
    };
    await check([{ op: "replace", path: "/name", value: "x" }], 415, "application/json");
    await check([{ op: "replace", path: "/status", value: "active" }], 403);
    await check([{ op: "replace", path: "/name", value: "x" }, { op: "replace", path: "/checksum", value: "0" }], 403);
    await check([{ op: "add", path: "/deleted", value: "x" }], 403);
    await check([{ op: "remove", path: "/nothing" }], 409);
    await check([{ op: "replace", path: "/nothing", value: "x" }], 409);
    await check([{ op: "remove", path: "/name" }], 403);
    await check([{ op: "replace", path: "/min_disk", value: "big" }], 400);
    await check([{ op: "add", path: "/a/b", value: "x" }], 400);
    await check([{ op: "move", path: "/name", from: "/foo" }], 400);
    await check([{ op: "replace", path: "/visibility", value: "public" }], 403);
    const shown = (await w.api("GET", `/v2/images/${img.id}`, w.demo)).body;
    expect(shown).toMatchObject({ name: "keep", foo: "bar", visibility: "shared", min_disk: 0 });
    // another project can neither see nor patch it
    expect((await w.patch(w.alt, img.id, [{ op: "replace", path: "/name", value: "x" }])).status).toBe(404);
  });
});

describe("image service: tags, delete, deactivate", () => {
  it("adds and removes tags with 204, 404 for a missing one", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    expect((await w.api("PUT", `/v2/images/${img.id}/tags/t1`, w.demo)).status).toBe(204);
    expect((await w.api("PUT", `/v2/images/${img.id}/tags/t1`, w.demo)).status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body.tags).toEqual(["t1"]);
    expect((await w.api("DELETE", `/v2/images/${img.id}/tags/t1`, w.demo)).status).toBe(204);
    expect((await w.api("DELETE", `/v2/images/${img.id}/tags/t1`, w.demo)).status).toBe(404);
    expect((await w.api("PUT", `/v2/images/${img.id}/tags/${"x".repeat(256)}`, w.demo)).status).toBe(400);
  });

  it("refuses to delete a protected image (403) or another project's (403/404); deletes with 204", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo, { protected: true });
    const refused = await w.api("DELETE", `/v2/images/${img.id}`, w.demo);
    expect(refused.status).toBe(403);
    expect(glanceError(refused)).toBe(`Image ${img.id} is protected and cannot be deleted.`);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).status).toBe(200);
    expect((await w.api("DELETE", `/v2/images/${img.id}`, w.alt)).status).toBe(404);
    const cirros = (await w.api("GET", "/v2/images?name=cirros", w.demo)).body.images[0];
    expect((await w.api("DELETE", `/v2/images/${cirros.id}`, w.demo)).status).toBe(403);
    await w.patch(w.demo, img.id, [{ op: "replace", path: "/protected", value: false }]);
    expect((await w.api("DELETE", `/v2/images/${img.id}`, w.demo)).status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).status).toBe(404);
    expect((await w.api("DELETE", `/v2/images/${img.id}`, w.demo)).status).toBe(404);
  });

  it("deactivates and reactivates (the owner's members or an admin); downloads are 403 for non-admins meanwhile", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo, { visibility: "community" });
    expect((await w.api("POST", `/v2/images/${img.id}/actions/deactivate`, w.admin)).status).toBe(403);
    expect((await w.upload(w.demo, img.id, "hello")).status).toBe(204);
    // another project sees the community image but may not deactivate it
    expect((await w.api("POST", `/v2/images/${img.id}/actions/deactivate`, w.alt)).status).toBe(403);
    expect((await w.api("POST", `/v2/images/${img.id}/actions/deactivate`, w.demo)).status).toBe(204);
    expect((await w.api("POST", `/v2/images/${img.id}/actions/reactivate`, w.alt)).status).toBe(403);
    expect((await w.api("POST", `/v2/images/${img.id}/actions/reactivate`, w.demo)).status).toBe(204);
    expect((await w.api("POST", `/v2/images/${img.id}/actions/deactivate`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body.status).toBe("deactivated");
    const refused = await w.api("GET", `/v2/images/${img.id}/file`, w.demo);
    expect(refused.status).toBe(403);
    expect(glanceError(refused)).toMatch(/deactivated/);
    expect((await w.api("GET", `/v2/images/${img.id}/file`, w.admin)).text).toBe("hello");
    expect((await w.api("POST", `/v2/images/${img.id}/actions/reactivate`, w.admin)).status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}/file`, w.demo)).text).toBe("hello");
  });
});

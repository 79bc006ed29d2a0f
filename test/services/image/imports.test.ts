// The web-download and copy-image import methods: offered in the discovery header and /v2/info/import;
// web-download fetches from a loopback URI (a local server here) and refuses any other with Glance's
// filtering error; a failed fetch leaves the image queued and its task failed; copy-image is the admin's,
// and this cloud's one store already holds every image. An image with bytes names its store.

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { glanceError, imageWorld } from "./world.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/disk.img") res.end("downloaded bytes");
    else if (req.url === "/away") res.writeHead(302, { Location: "http://example.com/x" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("import methods", () => {
  it("offers glance-direct, web-download and copy-image", async () => {
    const w = await imageWorld();
    const info = await w.api("GET", "/v2/info/import", w.demo);
    expect(info.body["import-methods"].value).toEqual(["glance-direct", "web-download", "copy-image"]);
    const created = await w.api("POST", "/v2/images", w.demo, { body: { name: "x" } });
    expect(created.headers.get("openstack-image-import-methods")).toBe("glance-direct,web-download,copy-image");
  });

  it("web-download fetches from loopback: the image becomes active with the bytes, its task succeeds, it names its store", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const res = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "web-download", uri: `${base}/disk.img` } } });
    expect(res.status).toBe(202);
    const shown = (await w.api("GET", `/v2/images/${img.id}`, w.demo)).body;
    expect(shown).toMatchObject({ status: "active", size: 16, stores: "file" });
    expect((await w.api("GET", `/v2/images/${img.id}/file`, w.demo)).text).toBe("downloaded bytes");
    const tasks = (await w.api("GET", `/v2/images/${img.id}/tasks`, w.demo)).body.tasks;
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ status: "success", input: { import_req: { method: { name: "web-download" } } } });
    // an active image is no import target
    const again = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "web-download", uri: `${base}/disk.img` } } });
    expect(again.status).toBe(409);
  });

  it("refuses a URI off loopback with Glance's filtering error, and changes nothing", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    for (const uri of ["http://example.com/disk.img", "ftp://127.0.0.1/x", "http://10.0.0.1/x", "file:///etc/passwd", "not a uri"]) {
      const res = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "web-download", uri } } });
      expect(res.status, uri).toBe(400);
      expect(glanceError(res)).toBe(`URI for web-download does not pass filtering: ${uri}`);
    }
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body.status).toBe("queued");
    expect((await w.api("GET", `/v2/images/${img.id}/tasks`, w.demo)).body.tasks).toEqual([]);
  });

  it("a failed fetch (404, a redirect) leaves the image queued and its task failed with the reason", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    for (const path of ["/missing", "/away"]) {
      expect((await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "web-download", uri: `${base}${path}` } } })).status).toBe(202);
      expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body.status).toBe("queued");
    }
    const tasks = (await w.api("GET", `/v2/images/${img.id}/tasks`, w.demo)).body.tasks;
    expect(tasks.map((t: { status: string }) => t.status)).toEqual(["failure", "failure"]);
    expect(tasks[1].message).toContain("HTTP 404");
  });

  it("copy-image: admin only, of active images; the one store already holds it", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const copy = (token: string, body: Record<string, unknown>) => w.api("POST", `/v2/images/${img.id}/import`, token, { body: { method: { name: "copy-image" }, ...body } });
    expect((await copy(w.admin, { stores: ["file"] })).status).toBe(409);
    await w.upload(w.demo, img.id, "abc");
    expect((await copy(w.demo, { stores: ["file"] })).status).toBe(403);
    const present = await copy(w.admin, { stores: ["file"] });
    expect(present.status).toBe(400);
    expect(glanceError(present)).toBe("Image is already present at store 'file'");
    expect((await copy(w.admin, { stores: ["elsewhere"] })).status).toBe(400);
    expect((await copy(w.admin, { all_stores: true })).status).toBe(202);
  });
});

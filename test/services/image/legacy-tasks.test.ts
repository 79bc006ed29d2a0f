// The legacy import task (`POST /v2/tasks`, type import): admin only; fetches from loopback into a new image
// made from image_properties; any other URI is Glance's 400 and nothing is created.

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageWorld } from "./world.js";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => (req.url === "/disk.img" ? res.end("task bytes") : res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const task = (from: string) => ({ type: "import", input: { import_from: from, import_from_format: "qcow2", image_properties: { name: "legacy", container_format: "bare" } } });

describe("legacy import task", () => {
  it("imports from loopback into a new active image, and the task is listed as type import", async () => {
    const w = await imageWorld();
    const res = await w.api("POST", "/v2/tasks", w.admin, { body: task(`${base}/disk.img`) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: "import", status: "success", input: task(`${base}/disk.img`).input });
    const image = (await w.api("GET", `/v2/images/${res.body.result.image_id}`, w.admin)).body;
    expect(image).toMatchObject({ name: "legacy", status: "active", size: 10, disk_format: "qcow2" });
    const shown = await w.api("GET", `/v2/tasks/${res.body.id}`, w.admin);
    expect(shown.body).toMatchObject({ id: res.body.id, type: "import" });
  });

  it("a failed fetch fails the task; a non-loopback URI is a 400; a member is refused", async () => {
    const w = await imageWorld();
    const failed = await w.api("POST", "/v2/tasks", w.admin, { body: task(`${base}/missing`) });
    expect(failed.body).toMatchObject({ status: "failure", result: null });
    const before = (await w.api("GET", "/v2/images", w.admin)).body.images.length;
    expect((await w.api("POST", "/v2/tasks", w.admin, { body: task("http://example.com/x.img") })).status).toBe(400);
    expect((await w.api("POST", "/v2/tasks", w.admin, { body: { type: "import", input: {} } })).status).toBe(400);
    expect((await w.api("GET", "/v2/images", w.admin)).body.images.length).toBe(before);
    expect((await w.api("POST", "/v2/tasks", w.demo, { body: task(`${base}/disk.img`) })).status).toBe(403);
  });
});

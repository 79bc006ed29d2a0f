// Image data (Glance v2): upload (queued -> active with size, MD5 checksum, SHA-512), 409 once not queued,
// download with Content-MD5 and ranges (206/416), 204 without data, an injected store failure (killed),
// stage + glance-direct import with its task, and the image quotas (413).

import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { glanceError, imageWorld } from "./world.js";

const md5 = (b: Uint8Array | string) => createHash("md5").update(b).digest("hex");
const sha512 = (b: Uint8Array | string) => createHash("sha512").update(b).digest("hex");

describe("image data: upload and download", () => {
  it("uploads bytes: active with size, checksum and sha512; downloads them with Content-MD5", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const bytes = randomBytes(200_000);
    expect((await w.api("GET", `/v2/images/${img.id}/file`, w.demo)).status).toBe(204);
    const put = await w.upload(w.demo, img.id, bytes);
    expect(put.status).toBe(204);
    const shown = (await w.api("GET", `/v2/images/${img.id}`, w.demo)).body;
    expect(shown).toMatchObject({ status: "active", size: bytes.length, checksum: md5(bytes), os_hash_algo: "sha512", os_hash_value: sha512(bytes) });
    const got = await w.emu.app.request(`http://localhost/image/v2/images/${img.id}/file`, { headers: { "X-Auth-Token": w.demo } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-md5")).toBe(md5(bytes));
    expect(got.headers.get("content-length")).toBe(String(bytes.length));
    expect(got.headers.get("content-type")).toBe("application/octet-stream");
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers ranges with 206 and Content-Range, and 416 past the end", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    await w.upload(w.demo, img.id, "0123456789");
    const part = await w.api("GET", `/v2/images/${img.id}/file`, w.demo, { headers: { Range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.text).toBe("2345");
    expect(part.headers.get("content-range")).toBe("bytes 2-5/10");
    const tail = await w.api("GET", `/v2/images/${img.id}/file`, w.demo, { headers: { Range: "bytes=-3" } });
    expect(tail.text).toBe("789");
    const past = await w.api("GET", `/v2/images/${img.id}/file`, w.demo, { headers: { Range: "bytes=20-30" } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */10");
  });

  it("refuses a second upload (409), another content type (415), unset formats (400), a stranger (404)", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    await w.upload(w.demo, img.id, "first");
    const again = await w.upload(w.demo, img.id, "second");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatch(/Image status transition from active to saving is not allowed/);
    expect((await w.api("GET", `/v2/images/${img.id}/file`, w.demo)).text).toBe("first");

    const other = await w.create(w.demo);
    expect((await w.upload(w.demo, other.id, "x", { "Content-Type": "text/plain" })).status).toBe(415);
    const bare = (await w.api("POST", "/v2/images", w.demo, { body: { name: "no-formats" } })).body;
    expect((await w.upload(w.demo, bare.id, "x")).status).toBe(400);
    expect((await w.upload(w.alt, other.id, "x")).status).toBe(404);
    for (const id of [other.id, bare.id]) expect((await w.api("GET", `/v2/images/${id}`, w.demo)).body.status).toBe("queued");
  });

  it("kills the image when a fault rule fails the store (image.image.store); its bytes are not kept", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo, { name: "doomed" });
    const rule = await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "image.image.store", effect: { type: "error", status: 500 }, times: 1 } });
    expect(rule.status).toBe(201);
    const blobs = w.emu.kernel.blobs.stats().count;
    const res = await w.upload(w.demo, img.id, "bytes");
    expect(res.status).toBe(500);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body).toMatchObject({ status: "killed", checksum: null, size: null });
    expect(w.emu.kernel.blobs.stats().count).toBe(blobs);
    expect((await w.upload(w.demo, img.id, "bytes")).status).toBe(409);
  });

  it("frees an image's bytes when it is deleted", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const before = w.emu.kernel.blobs.stats().count;
    await w.upload(w.demo, img.id, "data");
    expect(w.emu.kernel.blobs.stats().count).toBe(before + 1);
    expect((await w.api("DELETE", `/v2/images/${img.id}`, w.demo)).status).toBe(204);
    expect(w.emu.kernel.blobs.stats().count).toBe(before);
  });
});

describe("image data: stage and import", () => {
  it("stages bytes (uploading), imports them with glance-direct (active) and records the task", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const notStaged = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "glance-direct" } } });
    expect(notStaged.status).toBe(409);
    const staged = await w.emu.app.request(`http://localhost/image/v2/images/${img.id}/stage`, {
      method: "PUT",
      headers: { "X-Auth-Token": w.demo, "Content-Type": "application/octet-stream" },
      body: "staged bytes",
    });
    expect(staged.status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body).toMatchObject({ status: "uploading", checksum: null });
    // a staged image is no web-download target; a method Glance knows but this cloud lacks is a 400
    const web = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "web-download", uri: "http://x" } } });
    expect(web.status).toBe(409);
    const remote = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "glance-download" } } });
    expect(remote.status).toBe(400);
    expect(glanceError(remote)).toMatch(/glance-download is not enabled/);
    expect((await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "teleport" } } })).status).toBe(400);
    expect((await w.api("POST", `/v2/images/${img.id}/import`, w.alt, { body: { method: { name: "glance-direct" } } })).status).toBe(404);
    const done = await w.api("POST", `/v2/images/${img.id}/import`, w.demo, { body: { method: { name: "glance-direct" } } });
    expect(done.status).toBe(202);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).body).toMatchObject({
      status: "active", size: 12, checksum: md5("staged bytes"), os_hash_value: sha512("staged bytes"),
    });
    expect((await w.api("GET", `/v2/images/${img.id}/file`, w.demo)).text).toBe("staged bytes");

    const tasks = (await w.api("GET", "/v2/tasks", w.demo)).body;
    expect(tasks.tasks).toEqual([expect.objectContaining({ type: "api_image_import", status: "success", image_id: img.id, owner: w.demoProject })]);
    const task = tasks.tasks[0];
    expect((await w.api("GET", `/v2/tasks/${task.id}`, w.demo)).body.result).toEqual({ image_id: img.id });
    expect((await w.api("GET", `/v2/tasks/${task.id}`, w.alt)).status).toBe(404);
    expect((await w.api("GET", "/v2/tasks", w.alt)).body.tasks).toEqual([]);
    expect((await w.api("GET", `/v2/images/${img.id}/tasks`, w.demo)).body.tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
    expect((await w.api("GET", "/v2/tasks?status=bogus", w.demo)).status).toBe(400);
  });

  it("describes the import methods and the store", async () => {
    const w = await imageWorld();
    expect((await w.api("GET", "/v2/info/import", w.demo)).body["import-methods"].value).toEqual(["glance-direct", "web-download", "copy-image"]);
    expect((await w.api("GET", "/v2/info/stores", w.demo)).body.stores).toEqual([{ id: "file", description: "Local file store", default: true }]);
  });
});

describe("image quotas", () => {
  it("refuses an image past image_count_total and bytes past image_size_total with 413", async () => {
    const w = await imageWorld({ limits: [{ project: "demo", image_count_total: 2, image_size_total: 1 }] });
    const a = await w.create(w.demo);
    await w.create(w.demo);
    const third = await w.api("POST", "/v2/images", w.demo, { body: { name: "third" } });
    expect(third.status).toBe(413);
    expect(glanceError(third)).toBe("Resource image_count_total is over limit of 2 due to current usage 2 and delta 1");
    // other projects have no limits
    await w.create(w.alt);
    const big = await w.upload(w.demo, a.id, randomBytes(1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect((await w.api("GET", `/v2/images/${a.id}`, w.demo)).body.status).toBe("queued");
    expect((await w.upload(w.demo, a.id, randomBytes(1024 * 1024))).status).toBe(204);
    // deleting frees the count
    expect((await w.api("DELETE", `/v2/images/${a.id}`, w.demo)).status).toBe(204);
    expect((await w.api("POST", "/v2/images", w.demo, { body: { name: "third" } })).status).toBe(201);
  });
});

// Images other services make are real catalog entries: a server snapshot (compute's createImage) and a
// volume uploaded to an image (block storage's os-volume_upload_image) list, show size and checksums once
// active, and follow Glance's rules (an owner, tags, deletion).

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { imageWorld } from "./world.js";

describe("catalog entries made by compute and block storage", () => {
  it("a server snapshot is listed in Glance with size and checksums once active", async () => {
    const w = await imageWorld();
    const cirros = (await w.api("GET", "/v2/images?name=cirros", w.demo)).body.images[0];
    const server = await call(w.emu, "POST", "/compute/v2.1/servers", {
      token: w.demo,
      headers: { "OpenStack-API-Version": "compute 2.37" },
      body: { server: { name: "vm", imageRef: cirros.id, flavorRef: "1", networks: "none" } },
    });
    expect(server.status).toBe(202);
    await w.emu.clock.advance(600_000);
    const snap = await call(w.emu, "POST", `/compute/v2.1/servers/${server.body.server.id}/action`, { token: w.demo, body: { createImage: { name: "snap1" } } });
    expect(snap.status).toBe(202);
    await w.emu.clock.advance(600_000);
    const [listed] = (await w.api("GET", "/v2/images?name=snap1", w.demo)).body.images;
    expect(listed).toMatchObject({ status: "active", owner: w.demoProject, size: cirros.size, os_hash_algo: "sha512", image_type: "snapshot" });
    expect(listed.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect((await w.api("PUT", `/v2/images/${listed.id}/tags/snap`, w.demo)).status).toBe(204);
    expect((await w.api("DELETE", `/v2/images/${listed.id}`, w.demo)).status).toBe(204);
  });

  it("a volume uploaded to an image is listed with its size once active", async () => {
    const w = await imageWorld();
    const vol = await call(w.emu, "POST", "/volume/v3/volumes", { token: w.demo, body: { volume: { size: 1, name: "v" } } });
    expect(vol.status).toBe(202);
    await w.emu.clock.advance(600_000);
    const up = await call(w.emu, "POST", `/volume/v3/volumes/${vol.body.volume.id}/action`, {
      token: w.demo,
      body: { "os-volume_upload_image": { image_name: "from-volume", disk_format: "raw", container_format: "bare" } },
    });
    expect(up.status).toBe(202);
    await w.emu.clock.advance(600_000);
    const [listed] = (await w.api("GET", "/v2/images?name=from-volume", w.demo)).body.images;
    expect(listed).toMatchObject({ status: "active", size: 1024 ** 3, disk_format: "raw", owner: w.demoProject });
    expect(listed.checksum).toMatch(/^[0-9a-f]{32}$/);
    // no bytes stored for it: a download answers 204
    expect((await w.api("GET", `/v2/images/${listed.id}/file`, w.demo)).status).toBe(204);
  });

  it("an uploaded image deleted through Nova's image proxy frees its bytes", async () => {
    const w = await imageWorld();
    const img = await w.create(w.demo);
    const before = w.emu.kernel.blobs.stats().count;
    await w.upload(w.demo, img.id, "bytes");
    expect(w.emu.kernel.blobs.stats().count).toBe(before + 1);
    expect((await call(w.emu, "DELETE", `/compute/v2.1/images/${img.id}`, { token: w.demo })).status).toBe(204);
    expect((await w.api("GET", `/v2/images/${img.id}`, w.demo)).status).toBe(404);
    expect(w.emu.kernel.blobs.stats().count).toBe(before);
  });
});

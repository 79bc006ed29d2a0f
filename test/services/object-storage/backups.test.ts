// Volume backups as objects: once a backup is available its Swift-driver objects (data chunks, _metadata,
// _sha256file under volume_<id>/<timestamp>/az_<zone>_backup_<id>) are in its container in the volume's
// project, readable through the Swift API, object_count the number of chunks; deleting the backup deletes
// them. A backup never shows available before its objects are listed, and a refused write fails it.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { STEP_MS, storageApi, type StorageApi } from "../block-storage/snapshots-setup.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

const swiftOf = (t: StorageApi) => (path: string, method = "GET", token = t.demo, headers: Record<string, string> = {}) =>
  call(t.emu, method, `/object-store/v1/AUTH_${t.demoProject}${path}`, { token, headers });

const names = async (t: StorageApi, container = "volumebackups"): Promise<string[]> => {
  const listing = await swiftOf(t)(`/${container}?format=json`);
  return listing.status === 404 ? [] : (listing.body as Array<{ name: string }>).map((o) => o.name);
};

describe("block storage backups", () => {
  it("appear as the Swift driver's objects in the backup's container as soon as it is available, and go with it", async () => {
    const t = await storageApi();
    const swift = swiftOf(t);
    const volume = await t.volume({ size: 1 });
    // t.backup advances the clock and reads the backup: no waiting between seeing it available and listing
    const backup = await t.backup(volume.id, { name: "nightly" });
    expect(backup.status).toBe("available");
    const listed = await names(t);
    const prefix = `volume_${volume.id}/20300101000002/az_nova_backup_${backup.id}`;
    expect(listed[0]).toBe(`${prefix}-00001`);
    expect(listed).toContain(`${prefix}-00021`);
    expect(listed).not.toContain(`${prefix}-00022`);
    expect(listed.slice(-2)).toEqual([`${prefix}_metadata`, `${prefix}_sha256file`]);
    // object_count: the data chunks, as the driver counts them
    expect(backup.object_count).toBe(listed.filter((n) => /-\d{5}$/.test(n)).length);
    expect(backup.object_count).toBe(21);

    const metadata = await swift(`/volumebackups/${prefix}_metadata`);
    expect(metadata.body).toMatchObject({ backup_id: backup.id, volume_id: volume.id, backup_name: "nightly", version: "1.0.0" });
    expect(metadata.body.objects).toHaveLength(21);
    expect(metadata.body.objects[0]).toEqual({ [`${prefix}-00001`]: { offset: 0, length: 52428800, md5: expect.any(String), compression: "zlib" } });
    // the last chunk holds what is left of the GiB
    expect(Object.values(metadata.body.objects[20])[0]).toMatchObject({ offset: 20 * 52428800, length: 1024 ** 3 - 20 * 52428800 });

    // one sha256 per chunk, of the chunk's bytes
    const sha = await swift(`/volumebackups/${prefix}_sha256file`);
    expect(sha.body).toMatchObject({ backup_id: backup.id, version: "1.0.0" });
    expect(sha.body.sha256s).toHaveLength(21);
    const res = await t.emu.app.request(`http://localhost/object-store/v1/AUTH_${t.demoProject}/volumebackups/${prefix}-00001`, { headers: { "X-Auth-Token": t.demo } });
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    expect(sha.body.sha256s[0]).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(metadata.body.objects[0][`${prefix}-00001`].md5).toBe(createHash("md5").update(bytes).digest("hex"));
    expect(t.emu.kernel.blobs.stats().count).toBe(3);

    expect((await t.api("DELETE", `/backups/${backup.id}`)).status).toBe(202);
    t.advance(STEP_MS);
    expect(await names(t)).toEqual([]);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });

  it("go into the named container; two backups keep their own objects and counts", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 2 });
    const a = await t.backup(volume.id, { container: "mine" });
    const b = await t.backup(volume.id);
    expect(a.object_count).toBe(41);
    expect((await names(t, "mine")).filter((n) => n.includes(a.id))).toHaveLength(43);
    expect((await names(t)).filter((n) => n.includes(b.id))).toHaveLength(43);
    expect((await names(t)).some((n) => n.includes(a.id))).toBe(false);
    await t.api("DELETE", `/backups/${a.id}`);
    t.advance(STEP_MS);
    expect(await names(t, "mine")).toEqual([]);
    expect((await names(t)).filter((n) => n.includes(b.id))).toHaveLength(43);
  });

  it("an immediate step waits for the objects: the backup is creating until they are listed, then available", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.backup", mode: "immediate" } });
    const created = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(created.status).toBe(202);
    const id = created.body.backup.id;
    for (let i = 0; i < 20; i++) {
      // objects listed before a read that shows creating: none; after one that shows available: all
      const before = (await names(t)).filter((n) => n.includes(id));
      const shown = await t.show(`backups/${id}`);
      if (shown.status === "available") {
        expect((await names(t)).filter((n) => n.includes(id))).toHaveLength(23);
        expect(shown.object_count).toBe(21);
        return;
      }
      expect(shown).toMatchObject({ status: "creating", object_count: 0 });
      expect(before).toEqual([]);
      await settle();
    }
    throw new Error("the backup never became available");
  });

  it("a container quota refusing the objects fails the backup (error, no objects, no bytes kept)", async () => {
    const t = await storageApi();
    const swift = swiftOf(t);
    expect((await swift("/volumebackups", "PUT", t.demo, { "X-Container-Meta-Quota-Count": "5" })).status).toBe(201);
    const volume = await t.volume();
    const backup = await t.backup(volume.id);
    await settle();
    expect(backup).toMatchObject({ status: "error", object_count: 0 });
    expect(backup.fail_reason).toContain("Upload exceeds quota.");
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    expect(await names(t)).toEqual([]);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });

  it("a backup failed by a transition redirect keeps no bytes", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.backup", mode: "redirect", to: "error" } });
    const backup = await t.backup(volume.id);
    await settle();
    expect(backup.status).toBe("error");
    expect(await names(t)).toEqual([]);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });
});

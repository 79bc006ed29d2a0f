// Volume backups as objects: once a backup is available its Swift-driver objects (data chunks, _metadata,
// _sha256file under volume_<id>/<timestamp>/az_<zone>_backup_<id>) are in its container in the volume's
// project, readable through the Swift API; deleting the backup deletes them.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { STEP_MS, storageApi } from "../block-storage/snapshots-setup.js";

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("block storage backups", () => {
  it("appear as the Swift driver's objects in the backup's container, and go with the backup", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 1 });
    const backup = await t.backup(volume.id, { name: "nightly" });
    await settle();
    const swift = (path: string, method = "GET") => call(t.emu, method, `/object-store/v1/AUTH_${t.demoProject}${path}`, { token: t.demo });
    const listing = await swift("/volumebackups?format=json");
    expect(listing.status).toBe(200);
    const prefix = `volume_${volume.id}/20300101000002/az_nova_backup_${backup.id}`;
    const names = (listing.body as Array<{ name: string; bytes: number }>).map((o) => o.name);
    expect(names[0]).toBe(`${prefix}-00001`);
    expect(names).toContain(`${prefix}-00021`);
    expect(names).not.toContain(`${prefix}-00022`);
    expect(names.slice(-2)).toEqual([`${prefix}_metadata`, `${prefix}_sha256file`]);
    const metadata = await swift(`/volumebackups/${prefix}_metadata`);
    expect(metadata.body).toMatchObject({ backup_id: backup.id, volume_id: volume.id, backup_name: "nightly", version: "1.0.0" });
    expect(metadata.body.objects).toHaveLength(21);
    expect(metadata.body.objects[0]).toEqual({ [`${prefix}-00001`]: { offset: 0, length: 52428800, md5: expect.any(String), compression: "zlib" } });
    const blobs = t.emu.kernel.blobs.stats().count;
    expect(blobs).toBe(3);

    expect((await t.api("DELETE", `/backups/${backup.id}`)).status).toBe(202);
    t.advance(STEP_MS);
    expect((await swift("/volumebackups?format=json")).body).toEqual([]);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });
});

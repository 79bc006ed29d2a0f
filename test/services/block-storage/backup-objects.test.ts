// A big backup's objects through HTTP: written a bounded number per update while the backup is creating
// (other requests are answered meanwhile), all of them listed once it is available; deleted likewise before
// the record goes; a backup past the emulator's bound (4096 GiB: an unlimited quota allows any size) fails
// with a reason, keeping no objects and no bytes.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { STEP_MS, storageApi, type StorageApi } from "./snapshots-setup.js";

const turn = () => new Promise((resolve) => setImmediate(resolve));

async function unlimited(t: StorageApi) {
  const res = await t.api("PUT", `/os-quota-sets/${t.demoProject}`, { token: t.admin, body: { quota_set: { gigabytes: -1, backup_gigabytes: -1 } } });
  expect(res.status, res.text).toBe(200);
}

const objectsOf = async (t: StorageApi, backupId: string): Promise<string[]> => {
  const names: string[] = [];
  for (let marker = ""; ; ) {
    const res = await call(t.emu, "GET", `/object-store/v1/AUTH_${t.demoProject}/volumebackups?format=json&marker=${encodeURIComponent(marker)}`, { token: t.demo });
    if (res.status === 404) return names.filter((n) => n.includes(backupId));
    const page = (res.body as Array<{ name: string }>).map((o) => o.name);
    if (page.length === 0) return names.filter((n) => n.includes(backupId));
    names.push(...page);
    marker = page[page.length - 1]!;
  }
};

/** Lets the event loop turn until the backup leaves `status` (at most `turns` times); its record. */
async function settled(t: StorageApi, id: string, status: string, turns = 2000): Promise<Record<string, any>> {
  for (let i = 0; i < turns; i++) {
    const shown = await t.show(`backups/${id}`);
    if (shown.status !== status) return shown;
    await turn();
  }
  throw new Error(`backup ${id} stayed ${status}`);
}

describe("a big backup's objects", () => {
  it("are written while it is creating, requests answered meanwhile, and are all listed once it is available", async () => {
    const t = await storageApi();
    await unlimited(t);
    const volume = await t.volume({ size: 20 });
    const created = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(created.status).toBe(202);
    const id = created.body.backup.id;
    await turn();
    t.advance(STEP_MS);
    // the step wrote its share: still creating, some chunks in, and the API answers between updates
    const during = await t.show(`backups/${id}`);
    expect(during).toMatchObject({ status: "creating", object_count: 0 });
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("backing-up");
    const partial = await objectsOf(t, id);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(410);
    expect(partial.some((n) => n.endsWith("_metadata"))).toBe(false);

    const done = await settled(t, id, "creating");
    // 20 GiB in 50 MiB chunks, then _metadata and _sha256file
    expect(done).toMatchObject({ status: "available", object_count: 410 });
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    const names = await objectsOf(t, id);
    expect(names).toHaveLength(412);
    expect(names.filter((n) => /-\d{5}$/.test(n))).toHaveLength(410);
    expect(names.slice(-2).map((n) => n.slice(n.lastIndexOf("_")))).toEqual(["_metadata", "_sha256file"]);
    const prefix = names[0]!.slice(0, -"-00001".length);
    const metadata = await call(t.emu, "GET", `/object-store/v1/AUTH_${t.demoProject}/volumebackups/${prefix}_metadata`, { token: t.demo });
    expect(metadata.body.objects).toHaveLength(410);
    expect(Object.keys(metadata.body.objects[409])).toEqual([`${prefix}-00410`]);
    const sha = await call(t.emu, "GET", `/object-store/v1/AUTH_${t.demoProject}/volumebackups/${prefix}_sha256file`, { token: t.demo });
    expect(sha.body.sha256s).toHaveLength(410);

    expect((await t.api("DELETE", `/backups/${id}`)).status).toBe(202);
    t.advance(STEP_MS);
    const gone = async () => (await t.api("GET", `/backups/${id}`, { token: t.admin })).status;
    for (let i = 0; i < 2000 && (await gone()) !== 404; i++) await turn();
    expect(await gone()).toBe(404);
    expect(await objectsOf(t, id)).toEqual([]);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  }, 60_000);

  it("past 4096 GiB the backup fails, saying why; the volume is available again, nothing is kept", async () => {
    const t = await storageApi();
    await unlimited(t);
    const volume = await t.volume({ size: 5000 });
    const created = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(created.status).toBe(202);
    await turn();
    t.advance(STEP_MS);
    const failed = await settled(t, created.body.backup.id, "creating");
    expect(failed).toMatchObject({ status: "error", object_count: 0 });
    expect(failed.fail_reason).toMatch(/5000 GiB .* at most \d+ per backup \(4096 GiB\)/);
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    expect(await objectsOf(t, created.body.backup.id)).toEqual([]);
    expect(t.emu.kernel.blobs.stats().count).toBe(0);
  });
});

// Backups through the HTTP API on a frozen clock: create (202 short body; the volume backing-up, the backup
// creating -> available, the volume back), force for an in-use volume, incremental backups and their
// parents, the record at each microversion, every refusal leaving the state unchanged, delete, restore into
// a new or an existing volume, quotas, admin actions, and failures by transition redirect or fault rule.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { fault, STEP_MS, storageApi } from "./snapshots-setup.js";

describe("create", () => {
  it("answers 202 {id, name, links}; the volume is backing-up until the backup is available", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 2 });
    const res = await t.api("POST", "/backups", {
      body: { backup: { volume_id: volume.id, name: "backup001", description: null, container: null, incremental: false, force: false, snapshot_id: null } },
    });
    expect(res.status, res.text).toBe(202);
    const { id } = res.body.backup;
    expect(res.body.backup).toEqual({
      id,
      name: "backup001",
      links: [
        { rel: "self", href: `http://localhost/volume/v3/backups/${id}` },
        { rel: "bookmark", href: `http://localhost/volume/backups/${id}` },
      ],
    });
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("backing-up");
    expect(await t.show(`backups/${id}`)).toMatchObject({ status: "creating", size: 2, container: "volumebackups", volume_id: volume.id });
    t.advance(STEP_MS);
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    expect(await t.show(`backups/${id}`)).toEqual({
      id,
      status: "available",
      size: 2,
      // the Swift driver's data chunks: 2 GiB in 50 MiB objects
      object_count: 41,
      availability_zone: "nova",
      container: "volumebackups",
      created_at: "2030-01-01T00:00:02.000000",
      updated_at: "2030-01-01T00:00:04.000000",
      name: "backup001",
      description: null,
      fail_reason: null,
      volume_id: volume.id,
      links: expect.any(Array),
      is_incremental: false,
      has_dependent_backups: false,
      snapshot_id: null,
      data_timestamp: "2030-01-01T00:00:02.000000",
    });
  });

  it("adds the project (3.18), metadata (3.43) and user_id (3.56) by microversion", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const res = await t.api("POST", "/backups", { version: "3.43", body: { backup: { volume_id: volume.id, metadata: { k: "v" } } } });
    expect(res.status, res.text).toBe(202);
    t.advance(STEP_MS);
    const keys = async (v: string) => Object.keys(await t.show(`backups/${res.body.backup.id}`, v));
    expect(await keys("3.17")).not.toContain("os-backup-project-attr:project_id");
    expect(await keys("3.42")).not.toContain("metadata");
    expect(await keys("3.55")).not.toContain("user_id");
    expect(await t.show(`backups/${res.body.backup.id}`, "3.56")).toMatchObject({
      "os-backup-project-attr:project_id": t.demoProject,
      metadata: { k: "v" },
      user_id: expect.any(String),
    });
    // metadata counts from 3.43: sent before, it is not kept
    const early = await t.backup(volume.id, { metadata: { k: "v" } });
    expect((await t.show(`backups/${early.id}`, "3.43")).metadata).toEqual({});
  });

  it("takes a named container, and backs up an in-use volume only with force, returning it in-use", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    await t.api("POST", `/volumes/${volume.id}/action`, { token: t.admin, body: { "os-reset_status": { status: "in-use" } } });
    const res = await t.refused(409, "POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(fault(res).message).toBe("Invalid volume: Backing up an in-use volume must use the force flag.");
    const backup = await t.backup(volume.id, { force: true, container: "mine" });
    expect(backup.container).toBe("mine");
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("in-use");
  });

  it("backs up an available snapshot of the volume, which is backing-up meanwhile", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const snap = await t.snapshot(volume.id);
    const res = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id, snapshot_id: snap.id } } });
    expect(res.status, res.text).toBe(202);
    expect((await t.show(`snapshots/${snap.id}`)).status).toBe("backing-up");
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    t.advance(STEP_MS);
    expect((await t.show(`snapshots/${snap.id}`)).status).toBe("available");
    expect(await t.show(`backups/${res.body.backup.id}`)).toMatchObject({ snapshot_id: snap.id, data_timestamp: snap.created_at });
  });

  it("publishes block-storage.backup.created, .restored and .deleted", async () => {
    const t = await storageApi();
    const backup = await t.backup((await t.volume()).id);
    await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: { name: "back" } } });
    t.advance(STEP_MS);
    await t.api("DELETE", `/backups/${backup.id}`);
    t.advance(STEP_MS);
    const events = await t.events("block-storage.backup.*");
    expect(events.map((e) => e.type)).toEqual(["block-storage.backup.created", "block-storage.backup.restored", "block-storage.backup.deleted"]);
  });
});

describe("incremental", () => {
  it("needs an earlier available backup of the volume, else 409 with nothing changed", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const res = await t.refused(409, "POST", "/backups", { body: { backup: { volume_id: volume.id, incremental: true } } });
    expect(fault(res).message).toBe("Invalid backup: No backups available to do an incremental backup.");
    // one still creating is no parent either
    const first = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    t.advance(STEP_MS);
    const full = await t.show(`backups/${first.body.backup.id}`);
    const inc = await t.backup(volume.id, { incremental: true });
    expect(inc).toMatchObject({ is_incremental: true, has_dependent_backups: false });
    expect((await t.show(`backups/${full.id}`)).has_dependent_backups).toBe(true);
    const blocked = await t.refused(409, "DELETE", `/backups/${full.id}`);
    expect(fault(blocked).message).toBe("Invalid backup: Incremental backups exist for this backup.");
    expect((await t.api("DELETE", `/backups/${inc.id}`)).status).toBe(202);
    t.advance(STEP_MS);
    expect((await t.api("DELETE", `/backups/${full.id}`)).status).toBe(202);
  });
});

describe("create refusals leave the state unchanged", () => {
  it("404 for an unknown or another project's volume, 409 for a volume not available, 400 for a bad body", async () => {
    const t = await storageApi();
    await t.refused(404, "POST", "/backups", { body: { backup: { volume_id: "nope" } } });
    const admins = await t.volume({}, { token: t.admin });
    await t.refused(404, "POST", "/backups", { body: { backup: { volume_id: admins.id } } });
    const creating = (await t.api("POST", "/volumes", { body: { volume: { size: 1 } } })).body.volume;
    const res = await t.refused(409, "POST", "/backups", { body: { backup: { volume_id: creating.id } } });
    expect(fault(res).message).toBe('Invalid volume: Volume to be backed up must be available or in-use, but the current status is "creating".');
    t.advance(STEP_MS);
    await t.refused(400, "POST", "/backups", { body: { backup: { volume_id: creating.id, incremental: "perhaps" } } });
    await t.refused(400, "POST", "/backups", { body: { backup: { name: "no volume" } } });
    await t.refused(400, "POST", "/backups", { body: { volume_id: creating.id } });
  });

  it("400 for a snapshot of another volume, 409 for one not available", async () => {
    const t = await storageApi();
    const [a, b] = [await t.volume(), await t.volume()];
    const snap = await t.snapshot(a.id);
    const res = await t.refused(400, "POST", "/backups", { body: { backup: { volume_id: b.id, snapshot_id: snap.id } } });
    expect(fault(res).message).toBe(`Invalid volume: Volume ${b.id} does not match with snapshot.volume_id ${a.id}.`);
    await t.api("POST", `/snapshots/${snap.id}/action`, { token: t.admin, body: { "os-reset_status": { status: "error" } } });
    await t.refused(409, "POST", "/backups", { body: { backup: { volume_id: a.id, snapshot_id: snap.id } } });
  });

  it("413 past the backups or backup_gigabytes quota", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 3 });
    const quota = (body: Record<string, number>) => t.api("PUT", `/os-quota-sets/${t.demoProject}`, { token: t.admin, body: { quota_set: body } });
    expect((await quota({ backup_gigabytes: 2 })).status).toBe(200);
    const size = await t.refused(413, "POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(fault(size)).toMatchObject({ name: "overLimit", message: expect.stringMatching(/Requested backup exceeds allowed Backup gigabytes quota. Requested 3G, quota is 2G and 0G has been consumed/) });
    await quota({ backup_gigabytes: 100, backups: 1 });
    await t.backup(volume.id);
    const count = await t.refused(413, "POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(fault(count).message).toMatch(/Maximum number of backups allowed \(1\) exceeded/);
    const usage = (await t.api("GET", `/os-quota-sets/${t.demoProject}?usage=true`, { token: t.admin })).body.quota_set;
    expect(usage.backups).toMatchObject({ in_use: 1, limit: 1 });
    expect(usage.backup_gigabytes.in_use).toBe(3);
  });
});

describe("list, detail, update", () => {
  it("lists short items and details, filters, pages, and all_tenants only for admins", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const a = await t.backup(volume.id, { name: "a" });
    const b = await t.backup(volume.id, { name: "b" });
    const admins = await t.backup((await t.volume({}, { token: t.admin })).id, {}, { token: t.admin });
    const list = (await t.api("GET", "/backups")).body.backups;
    expect(list.map((x: any) => x.id)).toEqual([b.id, a.id]);
    expect(Object.keys(list[0]).sort()).toEqual(["id", "links", "name"]);
    expect((await t.api("GET", "/backups/detail?name=a")).body.backups.map((x: any) => x.status)).toEqual(["available"]);
    expect((await t.api("GET", `/backups/detail?volume_id=${volume.id}&status=available`)).body.backups).toHaveLength(2);
    const page = (await t.api("GET", "/backups?limit=1")).body;
    expect(page.backups_links[0].href).toContain(`marker=${b.id}`);
    const ids = async (q: string, token: string) => (await t.api("GET", `/backups/detail${q}`, { token })).body.backups.map((x: any) => x.id);
    expect(await ids("?all_tenants=1", t.demo)).toEqual([b.id, a.id]);
    expect(await ids("?all_tenants=1", t.admin)).toEqual([admins.id, b.id, a.id]);
    await t.refused(404, "GET", `/backups/${admins.id}`);
  });

  it("updates name and description from 3.9 (the short body); before 3.9 there is no such call", async () => {
    const t = await storageApi();
    const backup = await t.backup((await t.volume()).id);
    await t.refused(404, "PUT", `/backups/${backup.id}`, { body: { backup: { name: "x" } } });
    const res = await t.api("PUT", `/backups/${backup.id}`, { version: "3.9", body: { backup: { name: "renamed", description: "d" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.backup).toMatchObject({ id: backup.id, name: "renamed" });
    expect((await t.show(`backups/${backup.id}`)).description).toBe("d");
  });
});

describe("delete", () => {
  it("goes deleting then gone, giving the quota back; a backup still creating is 409", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 2 });
    const creating = (await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } })).body.backup;
    const res = await t.refused(409, "DELETE", `/backups/${creating.id}`);
    expect(fault(res).message).toBe("Invalid backup: Backup status must be available or error");
    t.advance(STEP_MS);
    expect((await t.api("DELETE", `/backups/${creating.id}`)).status).toBe(202);
    expect((await t.show(`backups/${creating.id}`)).status).toBe("deleting");
    t.advance(STEP_MS);
    await t.refused(404, "GET", `/backups/${creating.id}`);
    const usage = (await t.api("GET", `/os-quota-sets/${t.demoProject}?usage=true`, { token: t.admin })).body.quota_set;
    expect([usage.backups.in_use, usage.backup_gigabytes.in_use]).toEqual([0, 0]);
  });
});

describe("restore", () => {
  it("into a new volume: restoring-backup, then available, of the backup's size", async () => {
    const t = await storageApi();
    const backup = await t.backup((await t.volume({ size: 2 })).id);
    const res = await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: { volume_id: null, name: null } } });
    expect(res.status, res.text).toBe(202);
    const { volume_id } = res.body.restore;
    expect(res.body).toEqual({ restore: { backup_id: backup.id, volume_id, volume_name: `restore_backup_${backup.id}` } });
    expect(await t.show(`volumes/${volume_id}`)).toMatchObject({ status: "restoring-backup", size: 2, description: "auto-created_from_restore_from_backup" });
    expect((await t.show(`backups/${backup.id}`)).status).toBe("restoring");
    await t.refused(409, "DELETE", `/backups/${backup.id}`);
    t.advance(STEP_MS);
    expect((await t.show(`volumes/${volume_id}`)).status).toBe("available");
    expect((await t.show(`backups/${backup.id}`)).status).toBe("available");
  });

  it("gives the volume's metadata back: to a new volume with its name and description, to an existing one without", async () => {
    const t = await storageApi();
    const source = await t.volume({ name: "data", description: "the data", metadata: { app: "db", tier: "gold" } });
    const backup = await t.backup(source.id);
    const fresh = (await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: {} } })).body.restore;
    t.advance(STEP_MS);
    expect(await t.show(`volumes/${fresh.volume_id}`)).toMatchObject({ status: "available", name: "data", description: "the data", metadata: { app: "db", tier: "gold" } });
    const target = await t.volume({ name: "mine", metadata: { old: "x" } });
    expect((await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: { volume_id: target.id } } })).status).toBe(202);
    t.advance(STEP_MS);
    // the metadata replaced, the name kept (Cinder restores a name only onto a volume it made or an unnamed one)
    expect(await t.show(`volumes/${target.id}`)).toMatchObject({ name: "mine", metadata: { app: "db", tier: "gold" } });
    expect((await t.show(`volumes/${target.id}`)).metadata).not.toHaveProperty("old");
  });

  it("names the new volume; a null restore body is a restore too", async () => {
    const t = await storageApi();
    const backup = await t.backup((await t.volume()).id);
    const named = await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: { name: "vol-01" } } });
    expect(named.body.restore.volume_name).toBe("vol-01");
    t.advance(STEP_MS);
    const plain = await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: null } });
    expect(plain.status, plain.text).toBe(202);
  });

  it("into an existing available volume at least the backup's size; otherwise 409, nothing changed", async () => {
    const t = await storageApi();
    const backup = await t.backup((await t.volume({ size: 2 })).id);
    const small = await t.volume({ size: 1 });
    const tooSmall = await t.refused(409, "POST", `/backups/${backup.id}/restore`, { body: { restore: { volume_id: small.id } } });
    expect(fault(tooSmall).message).toBe("Invalid volume: volume size 1 is too small to restore backup of size 2.");
    const busy = (await t.api("POST", "/volumes", { body: { volume: { size: 5 } } })).body.volume;
    const notReady = await t.refused(409, "POST", `/backups/${backup.id}/restore`, { body: { restore: { volume_id: busy.id } } });
    expect(fault(notReady).message).toBe("Invalid volume: Volume to be restored to must be available");
    t.advance(STEP_MS);
    const res = await t.api("POST", `/backups/${backup.id}/restore`, { body: { restore: { volume_id: busy.id } } });
    expect(res.body.restore).toEqual({ backup_id: backup.id, volume_id: busy.id, volume_name: null });
    expect((await t.show(`volumes/${busy.id}`)).status).toBe("restoring-backup");
    t.advance(STEP_MS);
    expect((await t.show(`volumes/${busy.id}`)).status).toBe("available");
  });

  it("refuses a backup that is not available, and one the caller cannot see", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const creating = (await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } })).body.backup;
    const res = await t.refused(409, "POST", `/backups/${creating.id}/restore`, { body: { restore: {} } });
    expect(fault(res).message).toBe("Invalid backup: Backup status must be available");
    const admins = await t.backup((await t.volume({}, { token: t.admin })).id, {}, { token: t.admin });
    await t.refused(404, "POST", `/backups/${admins.id}/restore`, { body: { restore: {} } });
    await t.refused(400, "POST", `/backups/${admins.id}/restore`, { token: t.admin, body: { restore: { size: 3 } } });
  });
});

describe("admin actions", () => {
  it("os-reset_status to available or error (admin only), os-force_delete whatever the status", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const creating = (await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } })).body.backup;
    const action = `/backups/${creating.id}/action`;
    expect(fault(await t.refused(403, "POST", action, { body: { "os-reset_status": { status: "error" } } })).name).toBe("forbidden");
    await t.refused(400, "POST", action, { token: t.admin, body: { "os-reset_status": { status: "creating" } } });
    expect((await t.api("POST", action, { token: t.admin, body: { "os-reset_status": { status: "error" } } })).status).toBe(202);
    t.advance(STEP_MS);
    expect((await t.show(`backups/${creating.id}`)).status).toBe("error");
    await t.refused(403, "POST", action, { body: { "os-force_delete": {} } });
    expect((await t.api("POST", action, { token: t.admin, body: { "os-force_delete": {} } })).status).toBe(202);
    t.advance(STEP_MS);
    await t.refused(404, "GET", `/backups/${creating.id}`);
  });
});

describe("export and import of a backup record (admin)", () => {
  it("exports an available backup and imports it again after it was deleted; an existing id is 409", async () => {
    const t = await storageApi();
    const backup = await t.backup((await t.volume({ size: 2 })).id, { name: "keep", container: "c1" });
    await t.refused(403, "GET", `/backups/${backup.id}/export_record`);
    const exported = await t.api("GET", `/backups/${backup.id}/export_record`, { token: t.admin });
    expect(exported.status, exported.text).toBe(200);
    const record = exported.body["backup-record"];
    expect(record).toEqual({ backup_service: "cinder.backup.drivers.swift", backup_url: expect.any(String) });
    const body = { "backup-record": record };
    expect(fault(await t.refused(409, "POST", "/backups/import_record", { token: t.admin, body })).message).toBe(
      "Invalid backup: Backup already exists in database.",
    );
    await t.api("DELETE", `/backups/${backup.id}`);
    t.advance(STEP_MS);
    await t.refused(403, "POST", "/backups/import_record", { body });
    const imported = await t.api("POST", "/backups/import_record", { token: t.admin, body });
    expect(imported.status, imported.text).toBe(201);
    expect(imported.body.backup).toMatchObject({ id: backup.id, name: "keep" });
    t.advance(STEP_MS);
    // available once its objects are written again (their bytes are put asynchronously)
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await t.show(`backups/${backup.id}`)).toMatchObject({ status: "available", size: 2, container: "c1", name: "keep", object_count: 41 });
    // in the importing (admin's) project
    const project = (await t.show(`backups/${backup.id}`, "3.18"))["os-backup-project-attr:project_id"];
    const listing = await call(t.emu, "GET", `/object-store/v1/AUTH_${project}/c1?format=json`, { token: t.admin });
    expect((listing.body as Array<{ name: string }>).filter((o) => o.name.includes(backup.id) && /-\d{5}$/.test(o.name))).toHaveLength(41);
  });

  it("refuses a record it cannot read, and exports only an available backup", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const creating = (await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } })).body.backup;
    await t.refused(409, "GET", `/backups/${creating.id}/export_record`, { token: t.admin });
    const bad = (url: string, service = "cinder.backup.drivers.swift") => ({ "backup-record": { backup_service: service, backup_url: url } });
    await t.refused(400, "POST", "/backups/import_record", { token: t.admin, body: bad("not base64 json") });
    await t.refused(400, "POST", "/backups/import_record", { token: t.admin, body: bad(Buffer.from("{}").toString("base64")) });
    await t.refused(400, "POST", "/backups/import_record", { token: t.admin, body: bad(Buffer.from('{"id":"x","size":1}').toString("base64"), "nfs") });
  });

  it("an imported backup finishing does not free a volume another backup holds", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const first = await t.backup(volume.id);
    const record = (await t.api("GET", `/backups/${first.id}/export_record`, { token: t.admin })).body["backup-record"];
    await t.api("DELETE", `/backups/${first.id}`);
    t.advance(STEP_MS);
    await t.api("POST", "/backups/import_record", { token: t.admin, body: { "backup-record": record } });
    t.advance(STEP_MS / 2);
    await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    t.advance(STEP_MS / 2);
    // the import is done, the new backup is not: the volume is still held
    expect((await t.show(`backups/${first.id}`)).status).toBe("available");
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("backing-up");
    t.advance(STEP_MS / 2);
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
  });
});

describe("failures", () => {
  it("a fault rule on block-storage.backup.build fails the backup (error, fail_reason) and frees the volume", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const rule = await call(t.emu, "POST", "/_emulator/faults", {
      body: { operation: "block-storage.backup.build", effect: { type: "error", status: 500, message: "swift is down" }, times: 1 },
    });
    expect(rule.status, rule.text).toBe(201);
    const res = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    t.advance(STEP_MS);
    expect(await t.show(`backups/${res.body.backup.id}`)).toMatchObject({ status: "error", fail_reason: "swift is down" });
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    expect((await t.events("block-storage.backup.failed")).map((e) => e.payload.reason)).toEqual(["swift is down"]);
    // an errored backup may be deleted, and the next backup (the rule spent) succeeds
    expect((await t.api("DELETE", `/backups/${res.body.backup.id}`)).status).toBe(202);
    expect((await t.backup(volume.id)).status).toBe("available");
  });

  it("a transition redirect to error does the same; a redirected restore leaves the volume error_restoring", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const override = (body: Record<string, unknown>) => call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.backup", mode: "redirect", to: "error", ...body } });
    const o = await override({ from: "creating" });
    expect(o.status, o.text).toBe(201);
    const res = await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    t.advance(STEP_MS);
    expect((await t.show(`backups/${res.body.backup.id}`)).status).toBe("error");
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
    await call(t.emu, "DELETE", `/_emulator/transitions/overrides/${o.body.id}`);
    const good = await t.backup(volume.id);
    await override({ from: "restoring" });
    const restore = await t.api("POST", `/backups/${good.id}/restore`, { body: { restore: {} } });
    t.advance(STEP_MS);
    expect((await t.show(`volumes/${restore.body.restore.volume_id}`)).status).toBe("error_restoring");
    expect((await t.show(`backups/${good.id}`)).status).toBe("available");
  });
});

describe("per-project reset and the lifecycle table", () => {
  it("declares the snapshot and backup steps, and a project reset drops its snapshots, backups and their pending steps", async () => {
    const t = await storageApi();
    const defs = (await call(t.emu, "GET", "/_emulator/transitions")).body.definitions.map((d: any) => `${d.type} ${d.from}>${d.to}`);
    expect(defs).toEqual(
      expect.arrayContaining([
        "block-storage.snapshot creating>available",
        "block-storage.snapshot deleting>deleted",
        "block-storage.backup creating>available",
        "block-storage.backup restoring>available",
        "block-storage.backup deleting>deleted",
      ]),
    );
    const volume = await t.volume();
    await t.backup(volume.id);
    const snap = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } })).body.snapshot;
    const pending = async () => (await call(t.emu, "GET", "/_emulator/transitions")).body.pending.map((p: any) => p.resourceId);
    expect(await pending()).toContain(snap.id);
    const reset = await call(t.emu, "POST", `/_emulator/reset?project=${t.demoProject}`);
    expect(reset.status, reset.text).toBeLessThan(300);
    expect(await pending()).not.toContain(snap.id);
    expect((await t.api("GET", "/snapshots")).body.snapshots).toEqual([]);
    expect((await t.api("GET", "/backups")).body.backups).toEqual([]);
  });
});

describe("a reset while a backup is creating", () => {
  it("leaves none of its bytes behind, whether they were in before the reset or arrive after it", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const blobs = () => t.emu.kernel.blobs.stats().count;
    const baseline = blobs();
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    };
    expect((await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } })).status).toBe(202);
    await settle();
    expect(blobs()).toBeGreaterThan(baseline);
    expect((await call(t.emu, "POST", `/_emulator/reset?project=${t.demoProject}`)).status).toBeLessThan(300);
    await settle();
    expect(blobs()).toBe(baseline);
    // the bytes still on their way when the reset comes
    const late = await t.volume();
    expect((await t.api("POST", "/backups", { body: { backup: { volume_id: late.id } } })).status).toBe(202);
    expect((await call(t.emu, "POST", `/_emulator/reset?project=${t.demoProject}`)).status).toBeLessThan(300);
    await settle();
    expect(blobs()).toBe(baseline);
    // the backup went with the reset, without a step of its own: the next one to start lets its bytes go
    const again = await t.volume();
    const next = (await t.api("POST", "/backups", { body: { backup: { volume_id: again.id } } })).body.backup;
    await settle();
    t.advance(STEP_MS);
    expect((await t.show(`backups/${next.id}`)).status).toBe("available");
    expect((await t.api("DELETE", `/backups/${next.id}`)).status).toBe(202);
    t.advance(STEP_MS);
    await settle();
    expect(blobs()).toBe(baseline);
  });
});

describe("the control API reads snapshots and backups", () => {
  it("shows a snapshot's status and pending step, and advances the clock until a backup is available", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const snap = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } })).body.snapshot;
    const shown = await call(t.emu, "GET", `/_emulator/resources/block-storage.snapshot/${snap.id}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({ type: "block-storage.snapshot", id: snap.id, status: "creating", pending: { from: "creating", to: "available" } });
    const backup = (await t.api("POST", "/backups", { body: { backup: { volume_id: volume.id } } })).body.backup;
    const until = await call(t.emu, "POST", "/_emulator/clock/advance-until", { body: { type: "block-storage.backup", id: backup.id, status: "available" } });
    expect(until.status, until.text).toBe(200);
    expect((await t.show(`backups/${backup.id}`)).status).toBe("available");
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
  });
});

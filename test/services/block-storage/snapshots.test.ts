// Snapshots through the HTTP API on a frozen clock: create (202, creating -> available), the record at each
// microversion, force for an in-use volume (and 3.66's rule), every refusal leaving the state unchanged,
// update, delete (deleting -> gone) and the quota it gives back, the admin actions, and a volume made from
// a snapshot.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { fault, STEP_MS, storageApi } from "./snapshots-setup.js";

const MICRO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/;

describe("create", () => {
  it("answers 202 with a creating snapshot of the volume's size, available one step later", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 3 });
    const res = await t.api("POST", "/snapshots", {
      body: { snapshot: { volume_id: volume.id, name: "snap-001", description: "Daily backup", force: false, metadata: { key: "v3" } } },
    });
    expect(res.status, res.text).toBe(202);
    const snap = res.body.snapshot;
    expect(snap).toEqual({
      id: expect.any(String),
      created_at: "2030-01-01T00:00:02.000000",
      updated_at: null,
      name: "snap-001",
      description: "Daily backup",
      volume_id: volume.id,
      status: "creating",
      size: 3,
      metadata: { key: "v3" },
    });
    t.advance(STEP_MS - 1);
    expect((await t.show(`snapshots/${snap.id}`))["os-extended-snapshot-attributes:progress"]).toBe("0%");
    t.advance(1);
    const shown = await t.show(`snapshots/${snap.id}`);
    expect(shown).toMatchObject({
      status: "available",
      "os-extended-snapshot-attributes:progress": "100%",
      "os-extended-snapshot-attributes:project_id": t.demoProject,
    });
    expect(shown.updated_at).toMatch(MICRO);
    // the volume itself is not busy while a snapshot is taken
    expect((await t.show(`volumes/${volume.id}`)).status).toBe("available");
  });

  it("adds group_snapshot_id (3.14), user_id (3.41) and consumes_quota (3.65) by microversion", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume()).id);
    const at = async (v: string) => Object.keys(await t.show(`snapshots/${snap.id}`, v));
    expect(await at("3.0")).not.toContain("group_snapshot_id");
    expect(await at("3.14")).toContain("group_snapshot_id");
    expect(await at("3.14")).not.toContain("user_id");
    expect(await at("3.41")).toContain("user_id");
    expect(await at("3.64")).not.toContain("consumes_quota");
    const latest = await t.show(`snapshots/${snap.id}`, "3.70");
    expect(latest).toMatchObject({ group_snapshot_id: null, consumes_quota: true, user_id: expect.any(String) });
  });

  it("is served under /v3/{project_id} as well, and accepts the legacy display_name", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const res = await call(t.emu, "POST", `/volume/v3/${t.demoProject}/snapshots`, {
      token: t.demo,
      body: { snapshot: { volume_id: volume.id, display_name: "old-style" } },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.body.snapshot.name).toBe("old-style");
    const shown = await call(t.emu, "GET", `/volume/v3/${t.demoProject}/snapshots/${res.body.snapshot.id}`, { token: t.demo });
    expect(shown.body.snapshot.id).toBe(res.body.snapshot.id);
  });

  it("publishes block-storage.snapshot.created and .deleted", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume()).id);
    await t.api("DELETE", `/snapshots/${snap.id}`);
    t.advance(STEP_MS);
    const events = await t.events("block-storage.snapshot.*");
    expect(events.map((e) => e.type)).toEqual(["block-storage.snapshot.created", "block-storage.snapshot.deleted"]);
    expect(events[0]!.payload).toMatchObject({ id: snap.id, volumeId: snap.volume_id, projectId: t.demoProject, size: 1 });
  });
});

describe("an in-use volume", () => {
  async function inUse() {
    const t = await storageApi();
    const volume = await t.volume();
    const reset = await t.api("POST", `/volumes/${volume.id}/action`, { token: t.admin, body: { "os-reset_status": { status: "in-use" } } });
    expect(reset.status, reset.text).toBe(202);
    return { t, volume };
  }

  it("needs force before 3.66: 409 without it, state unchanged", async () => {
    const { t, volume } = await inUse();
    const res = await t.refused(409, "POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } });
    expect(fault(res)).toEqual({
      name: "conflictingRequest",
      code: 409,
      message: `Invalid volume: Volume ${volume.id} status must be available, but current status is: in-use.`,
    });
    await t.refused(409, "POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, force: "False" } } });
    const forced = await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, force: "true" } } });
    expect(forced.status, forced.text).toBe(202);
  });

  it("needs no force from 3.66, where force=false is refused", async () => {
    const { t, volume } = await inUse();
    const ok = await t.api("POST", "/snapshots", { version: "3.66", body: { snapshot: { volume_id: volume.id } } });
    expect(ok.status, ok.text).toBe(202);
    const res = await t.refused(400, "POST", "/snapshots", { version: "3.66", body: { snapshot: { volume_id: volume.id, force: false } } });
    expect(fault(res).message).toMatch(/^Since microversion 3.66 the 'force' flag is invalid/);
    const forced = await t.api("POST", "/snapshots", { version: "3.66", body: { snapshot: { volume_id: volume.id, force: true } } });
    expect(forced.status).toBe(202);
  });
});

describe("create refusals leave the state unchanged", () => {
  it("404 for an unknown volume or another project's", async () => {
    const t = await storageApi();
    const res = await t.refused(404, "POST", "/snapshots", { body: { snapshot: { volume_id: "nope" } } });
    expect(fault(res)).toEqual({ name: "itemNotFound", code: 404, message: "Volume nope could not be found." });
    const admins = await t.volume({}, { token: t.admin });
    await t.refused(404, "POST", "/snapshots", { body: { snapshot: { volume_id: admins.id } } });
    // null passes Cinder's schema and is a volume it cannot find
    const none = await t.refused(404, "POST", "/snapshots", { body: { snapshot: { volume_id: null } } });
    expect(fault(none)).toEqual({ name: "itemNotFound", code: 404, message: "Volume None could not be found." });
  });

  it("409 for a volume still creating or in error, 400 for a bad body", async () => {
    const t = await storageApi();
    const creating = await t.api("POST", "/volumes", { body: { volume: { size: 1 } } });
    const id = creating.body.volume.id;
    const res = await t.refused(409, "POST", "/snapshots", { body: { snapshot: { volume_id: id } } });
    expect(fault(res).message).toBe(`Invalid volume: Volume ${id} status must be available, but current status is: creating.`);
    t.advance(STEP_MS);
    await t.api("POST", `/volumes/${id}/action`, { token: t.admin, body: { "os-reset_status": { status: "error" } } });
    const error = await t.refused(409, "POST", "/snapshots", { body: { snapshot: { volume_id: id } } });
    expect(fault(error).message).toBe("Invalid volume: The snapshot cannot be created when the volume is in error status.");
    await t.refused(400, "POST", "/snapshots", { body: { snapshot: { volume_id: id, colour: "red" } } });
    await t.refused(400, "POST", "/snapshots", { body: { snapshot: { volume_id: id, force: "maybe" } } });
    await t.refused(400, "POST", "/snapshots", { body: { snapshot: { volume_id: id, metadata: { k: "x".repeat(256) } } } });
    await t.refused(400, "POST", "/snapshots", { body: { snapshot: {} } });
  });

  it("413 past the snapshots quota, and the gigabytes a snapshot counts", async () => {
    const t = await storageApi();
    const volume = await t.volume({ size: 2 });
    const set = await t.api("PUT", `/os-quota-sets/${t.demoProject}`, { token: t.admin, body: { quota_set: { snapshots: 1 } } });
    expect(set.status, set.text).toBe(200);
    await t.snapshot(volume.id);
    const res = await t.refused(413, "POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } });
    expect(fault(res)).toMatchObject({ name: "overLimit", code: 413, message: expect.stringMatching(/Maximum number of snapshots allowed \(1\) exceeded/) });
    const usage = await t.api("GET", `/os-quota-sets/${t.demoProject}?usage=true`, { token: t.admin });
    expect(usage.body.quota_set.snapshots).toMatchObject({ in_use: 1, limit: 1 });
    expect(usage.body.quota_set.gigabytes.in_use).toBe(4);
  });
});

describe("list and detail", () => {
  it("lists summaries, details with the extended attributes, filters and pages with snapshots_links", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const a = await t.snapshot(volume.id, { name: "a", metadata: { tier: "gold" } });
    const b = await t.snapshot(volume.id, { name: "b" });
    const list = (await t.api("GET", "/snapshots")).body;
    expect(list.snapshots.map((s: any) => s.id)).toEqual([b.id, a.id]);
    expect(list.snapshots[0]).not.toHaveProperty("os-extended-snapshot-attributes:project_id");
    const detail = (await t.api("GET", "/snapshots/detail")).body;
    expect(detail.snapshots[0]).toHaveProperty("os-extended-snapshot-attributes:progress", "100%");
    expect((await t.api("GET", "/snapshots/detail?name=a")).body.snapshots.map((s: any) => s.id)).toEqual([a.id]);
    expect((await t.api("GET", `/snapshots?volume_id=${volume.id}&status=available`)).body.snapshots).toHaveLength(2);
    expect((await t.api("GET", "/snapshots?status=creating")).body.snapshots).toEqual([]);
    const gold = await t.api("GET", `/snapshots?metadata=${encodeURIComponent("{'tier': 'gold'}")}`, { version: "3.22" });
    expect(gold.body.snapshots.map((s: any) => s.id)).toEqual([a.id]);
    const page = (await t.api("GET", "/snapshots?limit=1")).body;
    expect(page.snapshots.map((s: any) => s.id)).toEqual([b.id]);
    const next = new URL(page.snapshots_links[0].href);
    expect(next.searchParams.get("marker")).toBe(b.id);
    const rest = (await t.api("GET", `/snapshots?limit=1&marker=${b.id}`)).body;
    expect(rest.snapshots.map((s: any) => s.id)).toEqual([a.id]);
    expect((await t.api("GET", "/snapshots?with_count=true", { version: "3.45" })).body.count).toBe(2);
    await t.refused(400, "GET", "/snapshots?limit=x");
  });

  it("sorts by display_name (the column name stands for) as by name, either way", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    for (const name of ["b", "c", "a"]) await t.snapshot(volume.id, { name });
    const sorted = async (query: string) => (await t.api("GET", `/snapshots/detail?${query}`)).body.snapshots.map((s: any) => s.name);
    expect(await sorted("sort_key=display_name&sort_dir=asc")).toEqual(["a", "b", "c"]);
    expect(await sorted("sort_key=display_name&sort_dir=desc")).toEqual(["c", "b", "a"]);
    expect(await sorted("sort=display_name:asc")).toEqual(await sorted("sort=name:asc"));
    await t.refused(400, "GET", "/snapshots?sort_key=invalid");
  });

  it("shows other projects' snapshots to an admin asking all_tenants, never to a member", async () => {
    const t = await storageApi();
    const mine = await t.snapshot((await t.volume()).id);
    const admins = await t.snapshot((await t.volume({}, { token: t.admin })).id, {}, { token: t.admin });
    const ids = async (q: string, token: string) => (await t.api("GET", `/snapshots/detail${q}`, { token })).body.snapshots.map((s: any) => s.id);
    expect(await ids("", t.admin)).toEqual([admins.id]);
    expect(await ids("?all_tenants=1", t.admin)).toEqual([admins.id, mine.id]);
    // cinderclient's name lookups send all_tenants=1 whoever asks: ignored for a member, not refused
    expect(await ids("?all_tenants=1", t.demo)).toEqual([mine.id]);
    await t.refused(404, "GET", `/snapshots/${admins.id}`);
  });
});

describe("update and metadata", () => {
  it("renames and describes (new and legacy keys); an empty body is 400", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume()).id);
    const res = await t.api("PUT", `/snapshots/${snap.id}`, { body: { snapshot: { name: "renamed", display_description: "why" } } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.snapshot).toMatchObject({ name: "renamed", description: "why", updated_at: "2030-01-01T00:00:04.000000" });
    await t.refused(400, "PUT", `/snapshots/${snap.id}`, { body: { snapshot: {} } });
    await t.refused(404, "PUT", "/snapshots/nope", { body: { snapshot: { name: "x" } } });
  });

  it("merges (POST), replaces (PUT), sets and deletes one key", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume()).id, { metadata: { a: "1" } });
    const base = `/snapshots/${snap.id}/metadata`;
    expect((await t.api("POST", base, { body: { metadata: { b: "2" } } })).body).toEqual({ metadata: { a: "1", b: "2" } });
    expect((await t.api("PUT", base, { body: { metadata: { c: "3" } } })).body).toEqual({ metadata: { c: "3" } });
    expect((await t.api("PUT", `${base}/d`, { body: { meta: { d: "4" } } })).body).toEqual({ meta: { d: "4" } });
    expect((await t.api("GET", `${base}/d`)).body).toEqual({ meta: { d: "4" } });
    await t.refused(400, "PUT", `${base}/d`, { body: { meta: { e: "5" } } });
    await t.refused(400, "PUT", `${base}/d`, { body: { meta: { d: "5", e: "5" } } });
    expect((await t.api("DELETE", `${base}/d`)).status).toBe(200);
    const missing = await t.refused(404, "GET", `${base}/d`);
    expect(fault(missing).message).toBe(`Snapshot ${snap.id} has no metadata with key d.`);
    await t.refused(404, "DELETE", `${base}/d`);
    expect((await t.api("GET", base)).body).toEqual({ metadata: { c: "3" } });
  });
});

describe("delete", () => {
  it("goes deleting, then is gone a step later and gives its quota back", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume({ size: 2 })).id);
    expect((await t.api("DELETE", `/snapshots/${snap.id}`)).status).toBe(202);
    expect((await t.show(`snapshots/${snap.id}`)).status).toBe("deleting");
    await t.refused(409, "DELETE", `/snapshots/${snap.id}`);
    t.advance(STEP_MS);
    await t.refused(404, "GET", `/snapshots/${snap.id}`);
    const usage = await t.api("GET", `/os-quota-sets/${t.demoProject}?usage=true`, { token: t.admin });
    expect(usage.body.quota_set.snapshots.in_use).toBe(0);
    expect(usage.body.quota_set.gigabytes.in_use).toBe(2);
  });

  it("refuses a snapshot still creating", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const created = await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } });
    const res = await t.refused(409, "DELETE", `/snapshots/${created.body.snapshot.id}`);
    expect(fault(res).message).toBe("Invalid snapshot: Snapshot status must be available or error and must not be part of a group.");
  });
});

describe("admin actions", () => {
  it("os-reset_status sets any snapshot status (admin only) and nothing follows", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const created = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } })).body.snapshot;
    const action = `/snapshots/${created.id}/action`;
    const denied = await t.refused(403, "POST", action, { body: { "os-reset_status": { status: "error" } } });
    expect(fault(denied).name).toBe("forbidden");
    await t.refused(400, "POST", action, { token: t.admin, body: { "os-reset_status": { status: "broken" } } });
    expect((await t.api("POST", action, { token: t.admin, body: { "os-reset_status": { status: "ERROR" } } })).status).toBe(202);
    t.advance(10 * STEP_MS);
    expect((await t.show(`snapshots/${created.id}`)).status).toBe("error");
    // an errored snapshot may be deleted
    expect((await t.api("DELETE", `/snapshots/${created.id}`)).status).toBe(202);
  });

  it("os-force_delete deletes whatever the status", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const created = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } })).body.snapshot;
    await t.refused(403, "POST", `/snapshots/${created.id}/action`, { body: { "os-force_delete": {} } });
    expect((await t.api("POST", `/snapshots/${created.id}/action`, { token: t.admin, body: { "os-force_delete": null } })).status).toBe(202);
    expect((await t.show(`snapshots/${created.id}`)).status).toBe("deleting");
    t.advance(STEP_MS);
    await t.refused(404, "GET", `/snapshots/${created.id}`);
  });
});

describe("lifecycle control", () => {
  it("a redirect to error leaves the snapshot in error", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const o = await call(t.emu, "POST", "/_emulator/transitions/overrides", {
      body: { type: "block-storage.snapshot", from: "creating", mode: "redirect", to: "error" },
    });
    expect(o.status, o.text).toBe(201);
    const created = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id } } })).body.snapshot;
    t.advance(STEP_MS);
    expect(await t.show(`snapshots/${created.id}`)).toMatchObject({ status: "error", "os-extended-snapshot-attributes:progress": "0%" });
  });

  it("a fault rule on block-storage.snapshot.build fails the snapshots it names", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const rule = await call(t.emu, "POST", "/_emulator/faults", {
      body: { operation: "block-storage.snapshot.build", resourceName: "doomed*", effect: { type: "error", status: 500 } },
    });
    expect(rule.status, rule.text).toBe(201);
    const doomed = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, name: "doomed-1" } } })).body.snapshot;
    const fine = (await t.api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, name: "fine" } } })).body.snapshot;
    t.advance(STEP_MS);
    expect((await t.show(`snapshots/${doomed.id}`)).status).toBe("error");
    expect((await t.show(`snapshots/${fine.id}`)).status).toBe("available");
  });
});

describe("volumes and their snapshots", () => {
  it("a volume made from a snapshot takes its size at least; smaller is 400", async () => {
    const t = await storageApi();
    const snap = await t.snapshot((await t.volume({ size: 2 })).id);
    await t.refused(400, "POST", "/volumes", { body: { volume: { size: 1, snapshot_id: snap.id } } });
    const res = await t.api("POST", "/volumes", { body: { volume: { size: 3, snapshot_id: snap.id } } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.volume).toMatchObject({ snapshot_id: snap.id, size: 3 });
  });

  it("a volume with snapshots is not deleted without cascade", async () => {
    const t = await storageApi();
    const volume = await t.volume();
    const snap = await t.snapshot(volume.id);
    await t.refused(409, "DELETE", `/volumes/${volume.id}`);
    expect((await t.api("DELETE", `/volumes/${volume.id}?cascade=true`)).status).toBe(202);
    t.advance(STEP_MS);
    await t.refused(404, "GET", `/snapshots/${snap.id}`);
  });
});

// Group snapshots (3.14+) through the HTTP API: a snapshot of every member volume (group_snapshot_id on them),
// creating -> available and deleting -> gone on the virtual clock, list/detail/show with paging from 3.29 and
// project_id from 3.58, reset_status (3.19, admin), the quota of the snapshots it makes, and Cinder's refusals
// (a group with group snapshots is not deleted, a member snapshot is not deleted alone).

import { beforeEach, describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { advance, bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world({ profile: "upstream" });
});

const V = "3.29";
const api = (method: string, path: string, options: { token?: string; body?: unknown; version?: string } = {}) =>
  bs(w, method, path, { version: V, ...options });

let typeCount = 0;
/** An available group of the demo project with `volumes` available 1 GB members. */
async function groupWithVolumes(volumes: number): Promise<{ id: string; groupType: string; volumeIds: string[] }> {
  const gt = await api("POST", "/group_types", { token: w.admin, body: { group_type: { name: `gt-${++typeCount}` } } });
  const g = await api("POST", "/groups", { body: { group: { name: "g", group_type: gt.body.group_type.id, volume_types: ["__DEFAULT__"] } } });
  expect(g.status, g.text).toBe(202);
  await advance(w, 2);
  const volumeIds: string[] = [];
  for (let i = 0; i < volumes; i++) {
    const v = await api("POST", "/volumes", { body: { volume: { size: 1 + i, group_id: g.body.group.id } } });
    expect(v.status, v.text).toBe(202);
    volumeIds.push(v.body.volume.id);
  }
  await advance(w, 2);
  return { id: g.body.group.id, groupType: gt.body.group_type.id, volumeIds };
}

async function availableGroupSnapshot(groupId: string, name = "gs"): Promise<string> {
  const res = await api("POST", "/group_snapshots", { body: { group_snapshot: { group_id: groupId, name } } });
  expect(res.status, res.text).toBe(202);
  await advance(w, 2);
  return res.body.group_snapshot.id;
}

const usage = async () => (await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`)).body.quota_set;

describe("group snapshots", () => {
  it("snapshots every member volume, counting only those snapshots in the quota, and becomes available", async () => {
    const g = await groupWithVolumes(2);
    const before = await usage();
    const res = await api("POST", "/group_snapshots", { body: { group_snapshot: { group_id: g.id, name: "gs", description: "d" } } });
    expect(res.status, res.text).toBe(202);
    const id = res.body.group_snapshot.id;
    expect(res.body).toEqual({ group_snapshot: { id, name: "gs", group_type_id: g.groupType } });
    expect((await api("GET", `/group_snapshots/${id}`)).body.group_snapshot.status).toBe("creating");
    const snaps = (await api("GET", "/snapshots/detail")).body.snapshots;
    expect(snaps.map((s: any) => [s.volume_id, s.group_snapshot_id, s.status, s.name]).sort()).toEqual(
      g.volumeIds.map((v) => [v, id, "creating", "gs"]).sort(),
    );
    const after = await usage();
    expect(after.snapshots.in_use).toBe(before.snapshots.in_use + 2);
    expect(after.gigabytes.in_use).toBe(before.gigabytes.in_use + 3);
    expect(after.groups.in_use).toBe(before.groups.in_use);
    await advance(w, 2);
    const shown = (await api("GET", `/group_snapshots/${id}`)).body.group_snapshot;
    expect(shown).toEqual({ id, group_id: g.id, group_type_id: g.groupType, status: "available", created_at: shown.created_at, name: "gs", description: "d" });
    expect((await api("GET", "/snapshots/detail")).body.snapshots.every((s: any) => s.status === "available")).toBe(true);
    // before 3.14 snapshots carry no group_snapshot_id
    expect((await bs(w, "GET", "/snapshots/detail", { version: "3.13" })).body.snapshots[0]).not.toHaveProperty("group_snapshot_id");
    expect((await api("GET", `/group_snapshots/${id}`, { version: "3.58" })).body.group_snapshot.project_id).toBe(w.demoProject);
  });

  it("lists (id and name) and details the caller's, pages and filters from 3.29, and is a 404 before 3.14", async () => {
    const g = await groupWithVolumes(1);
    const first = await availableGroupSnapshot(g.id, "a");
    const second = await availableGroupSnapshot(g.id, "b");
    expect((await api("GET", "/group_snapshots")).body).toEqual({ group_snapshots: [{ id: second, name: "b" }, { id: first, name: "a" }] });
    const detail = (await api("GET", "/group_snapshots/detail?sort=name:asc")).body.group_snapshots;
    expect(detail.map((x: any) => x.id)).toEqual([first, second]);
    expect(detail[0]).not.toHaveProperty("project_id");
    const page = (await api("GET", "/group_snapshots?limit=1")).body;
    expect(page.group_snapshots).toEqual([{ id: second, name: "b" }]);
    expect(page.group_snapshot_links[0].href).toContain(`marker=${second}`);
    expect((await api("GET", `/group_snapshots?marker=${second}`)).body.group_snapshots).toEqual([{ id: first, name: "a" }]);
    expect((await api("GET", "/group_snapshots?status=error")).body.group_snapshots).toEqual([]);
    // before 3.29 the query is not read
    expect((await api("GET", "/group_snapshots?limit=1", { version: "3.28" })).body.group_snapshots).toHaveLength(2);
    // others' are not listed, nor shown
    expect((await api("GET", "/group_snapshots", { token: w.admin })).body.group_snapshots).toEqual([]);
    expect((await api("GET", "/group_snapshots?all_tenants=1", { token: w.admin })).body.group_snapshots).toHaveLength(2);
    expect((await api("GET", "/group_snapshots", { version: "3.13" })).status).toBe(404);
    const missing = await api("GET", "/group_snapshots/6d0ff92a-0007-4780-9ece-acfe5876966a");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ itemNotFound: { code: 404, message: "GroupSnapshot 6d0ff92a-0007-4780-9ece-acfe5876966a could not be found." } });
  });

  it("refuses bad bodies (400) and an unknown group (404), the state unchanged", async () => {
    const g = await groupWithVolumes(1);
    const state = exported(w);
    for (const body of [{}, { group_snapshot: {} }, { group_snapshot: { group_id: "nope" } }, { group_snapshot: { group_id: g.id, extra: 1 } }]) {
      const res = await api("POST", "/group_snapshots", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty("badRequest");
    }
    const unknown = await api("POST", "/group_snapshots", { body: { group_snapshot: { group_id: "6d0ff92a-0007-4780-9ece-acfe5876966a" } } });
    expect(unknown.status).toBe(404);
    expect(exported(w)).toBe(state);
  });

  it("keeps its group and its snapshots from being deleted alone; deleting it frees them and the quota", async () => {
    const g = await groupWithVolumes(2);
    const before = await usage();
    const id = await availableGroupSnapshot(g.id);
    const refused = await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": true } } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ badRequest: { code: 400, message: "Invalid Group: Group has existing snapshots." } });
    const member = (await api("GET", "/snapshots")).body.snapshots[0].id;
    const alone = await api("DELETE", `/snapshots/${member}`);
    expect(alone.status).toBe(400);
    expect(alone.body.badRequest.message).toBe("Invalid snapshot: Snapshot status must be available or error and must not be part of a group.");
    expect((await api("POST", `/snapshots/${member}/action`, { token: w.admin, body: { "os-force_delete": {} } })).status).toBe(400);

    expect((await api("DELETE", `/group_snapshots/${id}`)).status).toBe(202);
    expect((await api("GET", `/group_snapshots/${id}`)).body.group_snapshot.status).toBe("deleting");
    expect((await api("GET", "/snapshots")).body.snapshots.map((s: any) => s.status)).toEqual(["deleting", "deleting"]);
    const again = await api("DELETE", `/group_snapshots/${id}`);
    expect(again.status).toBe(400);
    expect(again.body.badRequest.message).toBe(
      "Invalid GroupSnapshot: GroupSnapshot status must be available or error, and no Group can be currently using it as source for its creation.",
    );
    await advance(w, 2);
    expect((await api("GET", `/group_snapshots/${id}`)).status).toBe(404);
    expect((await api("GET", "/snapshots")).body.snapshots).toEqual([]);
    const after = await usage();
    expect([after.snapshots.in_use, after.gigabytes.in_use]).toEqual([before.snapshots.in_use, before.gigabytes.in_use]);
    expect((await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": true } } })).status).toBe(202);
  });

  it("refuses a group snapshot past the snapshots quota, making nothing", async () => {
    const g = await groupWithVolumes(2);
    expect((await bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { token: w.admin, body: { quota_set: { snapshots: 1 } } })).status).toBe(200);
    const state = exported(w);
    const res = await api("POST", "/group_snapshots", { body: { group_snapshot: { group_id: g.id } } });
    expect(res.status).toBe(413);
    expect(res.body.overLimit.message).toBe("SnapshotLimitExceeded: Maximum number of snapshots allowed (1) exceeded");
    expect(exported(w)).toBe(state);
  });

  it("reset_status (3.19, admin): any GroupSnapshotStatus; others refused", async () => {
    const g = await groupWithVolumes(1);
    const id = await availableGroupSnapshot(g.id);
    const reset = (status: string, token = w.admin, version = V) => api("POST", `/group_snapshots/${id}/action`, { token, version, body: { reset_status: { status } } });
    expect((await reset("error", w.admin, "3.18")).status).toBe(404);
    expect((await reset("error", w.demo)).status).toBe(403);
    const bad = await reset("bogus");
    expect(bad.status).toBe(400);
    expect(bad.body.badRequest.message).toBe(
      "Invalid GroupSnapshot Status: Group snapshot status: bogus is invalid, valid statuses are: ('error', 'available', 'creating', 'deleting', 'deleted', 'updating', 'error_deleting').",
    );
    expect((await reset("ERROR")).status).toBe(202);
    expect((await api("GET", `/group_snapshots/${id}`)).body.group_snapshot.status).toBe("error");
    // an errored one may be deleted
    expect((await api("DELETE", `/group_snapshots/${id}`)).status).toBe(202);
  });
});

describe("group snapshots on the clock", () => {
  it("a redirect to error leaves the group snapshot and its snapshots in error, deletable", async () => {
    const g = await groupWithVolumes(2);
    const o = await call(w.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "block-storage.group_snapshot", mode: "redirect", to: "error" } });
    expect(o.status, o.text).toBe(201);
    const res = await api("POST", "/group_snapshots", { body: { group_snapshot: { group_id: g.id } } });
    await advance(w, 2);
    expect((await api("GET", `/group_snapshots/${res.body.group_snapshot.id}`)).body.group_snapshot.status).toBe("error");
    expect((await api("GET", "/snapshots")).body.snapshots.map((s: any) => s.status)).toEqual(["error", "error"]);
    await call(w.emu, "DELETE", `/_emulator/transitions/overrides/${o.body.id}`);
    expect((await api("DELETE", `/group_snapshots/${res.body.group_snapshot.id}`)).status).toBe(202);
    await advance(w, 2);
    expect((await api("GET", "/snapshots")).body.snapshots).toEqual([]);
  });
});

describe("group snapshots in the spec profile", () => {
  it("answers a group with group snapshots' delete with 409", async () => {
    w = await world({ profile: "spec" });
    const g = await groupWithVolumes(1);
    await availableGroupSnapshot(g.id);
    const refused = await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": true } } });
    expect(refused.status).toBe(409);
    expect(refused.body.conflictingRequest.message).toBe("Invalid Group: Group has existing snapshots.");
  });
});

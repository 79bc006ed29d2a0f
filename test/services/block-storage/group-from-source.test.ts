// Groups created from a source (POST /groups/action create-from-src, 3.14+): from a group snapshot (a volume
// from each of its snapshots) or from a group (a clone of each member), and the volume list's group_id
// filter (3.10+); Cinder's refusals leave the state unchanged.

import { beforeEach, describe, expect, it } from "vitest";
import { advance, bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world({ profile: "upstream" });
});

const V = "3.14";
const api = (method: string, path: string, options: { token?: string; body?: unknown; version?: string } = {}) =>
  bs(w, method, path, { version: V, ...options });

async function groupWithVolumes(volumes: number): Promise<{ id: string; groupType: string; volumeIds: string[] }> {
  const gt = await api("POST", "/group_types", { token: w.admin, body: { group_type: { name: `gt-${Math.random()}` } } });
  const g = await api("POST", "/groups", { body: { group: { name: "g", group_type: gt.body.group_type.id, volume_types: ["__DEFAULT__"] } } });
  await advance(w, 2);
  const volumeIds: string[] = [];
  for (let i = 0; i < volumes; i++) {
    const v = await api("POST", "/volumes", { body: { volume: { size: 2 + i, group_id: g.body.group.id } } });
    expect(v.status, v.text).toBe(202);
    volumeIds.push(v.body.volume.id);
  }
  await advance(w, 2);
  return { id: g.body.group.id, groupType: gt.body.group_type.id, volumeIds };
}

const fromSource = (body: Record<string, unknown>, version = V) => api("POST", "/groups/action", { version, body: { "create-from-src": body } });
const membersOf = async (groupId: string) => (await api("GET", `/volumes/detail?group_id=${groupId}`)).body.volumes;

describe("groups from a source", () => {
  it("makes a group from a group snapshot: one volume per snapshot, of its size and type, in the new group", async () => {
    const g = await groupWithVolumes(2);
    const gs = await api("POST", "/group_snapshots", { body: { group_snapshot: { group_id: g.id } } });
    await advance(w, 2);
    const snaps = (await api("GET", "/snapshots/detail")).body.snapshots;
    const res = await fromSource({ group_snapshot_id: gs.body.group_snapshot.id, name: " copy ", description: "d" });
    expect(res.status, res.text).toBe(202);
    const id = res.body.group.id;
    expect(res.body).toEqual({ group: { id, name: "copy" } });
    const made = (await api("GET", `/groups/${id}`)).body.group;
    expect(made).toMatchObject({ status: "creating", group_type: g.groupType, group_snapshot_id: gs.body.group_snapshot.id, source_group_id: null, description: "d" });
    const members = await membersOf(id);
    expect(members.map((v: any) => [v.snapshot_id, v.size, v.status]).sort()).toEqual(snaps.map((s: any) => [s.id, s.size, "creating"]).sort());
    // the group snapshot is the source of a creating group: not deleted meanwhile
    expect((await api("DELETE", `/group_snapshots/${gs.body.group_snapshot.id}`)).status).toBe(400);
    await advance(w, 2);
    expect((await api("GET", `/groups/${id}`)).body.group.status).toBe("available");
    expect((await membersOf(id)).every((v: any) => v.status === "available" && v.group_id === id)).toBe(true);
    // the source group's volumes are not the new group's
    expect((await membersOf(g.id)).map((v: any) => v.id).sort()).toEqual([...g.volumeIds].sort());
  });

  it("makes a group from a group: a clone of each member", async () => {
    const g = await groupWithVolumes(2);
    const res = await fromSource({ source_group_id: g.id });
    expect(res.status, res.text).toBe(202);
    expect(res.body.group.name).toBeNull();
    // the source of a group being created is not deleted meanwhile
    const refused = await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": true } } });
    expect(refused.body).toEqual({
      badRequest: {
        code: 400,
        message: `Invalid Group: Cannot delete group ${g.id}. Group status must be available or error and must not have dependent group snapshots, and it cannot be the source for an ongoing group or group snapshot creation.`,
      },
    });
    await advance(w, 2);
    const made = (await api("GET", `/groups/${res.body.group.id}`)).body.group;
    expect(made).toMatchObject({ status: "available", source_group_id: g.id, group_snapshot_id: null });
    expect((await membersOf(made.id)).map((v: any) => v.source_volid).sort()).toEqual([...g.volumeIds].sort());
  });

  it("refuses bad bodies, unknown and empty sources and old microversions, the state unchanged", async () => {
    const g = await groupWithVolumes(1);
    const empty = await groupWithVolumes(0);
    const state = exported(w);
    const uuid = "6d0ff92a-0007-4780-9ece-acfe5876966a";
    for (const body of [{}, { source_group_id: g.id, group_snapshot_id: uuid }, { source_group_id: "x" }, { source_group_id: g.id, extra: 1 }]) {
      const res = await fromSource(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toHaveProperty("badRequest");
    }
    expect((await fromSource({ source_group_id: uuid })).body).toEqual({ itemNotFound: { code: 404, message: `Group ${uuid} could not be found.` } });
    expect((await fromSource({ group_snapshot_id: uuid })).status).toBe(404);
    const none = await fromSource({ source_group_id: empty.id });
    expect(none.body).toEqual({ badRequest: { code: 400, message: "Invalid Group: Source Group is empty. No group will be created." } });
    expect((await fromSource({ source_group_id: g.id }, "3.13")).status).toBe(404);
    expect(exported(w)).toBe(state);
  });

  it("filters the volume list by group_id from 3.10 (ignored before)", async () => {
    const g = await groupWithVolumes(1);
    await api("POST", "/volumes", { body: { volume: { size: 1 } } });
    expect((await api("GET", `/volumes?group_id=${g.id}`, { version: "3.10" })).body.volumes.map((v: any) => v.id)).toEqual(g.volumeIds);
    expect((await api("GET", `/volumes/detail?group_id=${g.id}`, { version: "3.10" })).body.volumes).toHaveLength(1);
    expect((await api("GET", `/volumes?group_id=${g.id}`, { version: "3.9" })).body.volumes).toHaveLength(2);
  });
});

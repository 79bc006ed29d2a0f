// Generic volume groups (3.13+) through the HTTP API: create from a group type and volume types, the
// creating -> available step, list/detail/show, volumes created into a group, add/remove members, delete
// (with its volumes on request), reset_status (3.20, admin), and Cinder's refusals.

import { beforeEach, describe, expect, it } from "vitest";
import { advance, availableVolume, bs, world, type World } from "./setup.js";
import { call } from "../../helpers/emulator.js";

let w: World;
beforeEach(async () => {
  w = await world({ profile: "upstream" });
});

const V = "3.20";
const api = (method: string, path: string, options: { token?: string; body?: unknown; version?: string } = {}) =>
  bs(w, method, path, { version: V, ...options });

async function groupType(name = "gt"): Promise<string> {
  const res = await api("POST", "/group_types", { token: w.admin, body: { group_type: { name } } });
  expect(res.status, res.text).toBe(202);
  return res.body.group_type.id;
}

async function defaultTypeId(): Promise<string> {
  return (await bs(w, "GET", "/types/default")).body.volume_type.id;
}

async function availableGroup(body: Record<string, unknown> = {}): Promise<any> {
  const res = await api("POST", "/groups", { body: { group: { name: "g", group_type: await groupType(`gt-${Math.random()}`), volume_types: [await defaultTypeId()], ...body } } });
  expect(res.status, res.text).toBe(202);
  await advance(w, 2);
  return (await api("GET", `/groups/${res.body.group.id}`)).body.group;
}

describe("generic volume groups", () => {
  it("creates a group (202 with id and name), which becomes available and is listed and shown", async () => {
    const gt = await groupType();
    const vt = await defaultTypeId();
    const res = await api("POST", "/groups", { body: { group: { name: "g1", description: "d", group_type: "gt", volume_types: ["__DEFAULT__"] } } });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ group: { id: res.body.group.id, name: "g1" } });
    const id = res.body.group.id;
    expect((await api("GET", `/groups/${id}`)).body.group).toMatchObject({ status: "creating", group_type: gt, volume_types: [vt] });
    await advance(w, 2);
    const shown = (await api("GET", `/groups/${id}`)).body.group;
    expect(shown).toEqual({
      id, name: "g1", description: "d", status: "available", availability_zone: "nova", created_at: shown.created_at,
      group_type: gt, volume_types: [vt], group_snapshot_id: null, source_group_id: null,
    });
    expect((await api("GET", "/groups")).body.groups).toEqual([{ id, name: "g1" }]);
    expect((await api("GET", "/groups/detail?status=available")).body.groups).toEqual([shown]);
    expect((await api("GET", "/groups/detail?name=other")).body.groups).toEqual([]);
    // another project sees nothing of it; an admin sees it with all_tenants
    expect((await api("GET", `/groups/${id}`, { token: w.admin })).status).toBe(200);
    expect((await api("GET", "/groups", { token: w.admin })).body.groups).toEqual([]);
    expect((await api("GET", "/groups?all_tenants=1", { token: w.admin })).body.groups).toEqual([{ id, name: "g1" }]);
  });

  it("is not there before 3.13; refuses unknown group or volume types (404) and a missing volume_types (400)", async () => {
    await groupType();
    expect((await api("GET", "/groups", { version: "3.12" })).status).toBe(404);
    const none = await api("POST", "/groups", { body: { group: { group_type: "nope", volume_types: ["__DEFAULT__"] } } });
    expect(none.status).toBe(404);
    expect(none.body.itemNotFound.message).toBe("Group type nope could not be found.");
    const badType = await api("POST", "/groups", { body: { group: { group_type: "gt", volume_types: ["missing"] } } });
    expect(badType.status).toBe(404);
    expect((await api("POST", "/groups", { body: { group: { group_type: "gt" } } })).status).toBe(400);
    expect((await api("GET", "/groups")).body.groups).toEqual([]);
  });

  it("enforces the groups quota (413 GroupLimitExceeded) and gives it back on delete", async () => {
    const set = await bs(w, "PUT", `/os-quota-sets/${w.demoProject}`, { token: w.admin, body: { quota_set: { groups: 1 } } });
    expect(set.status, set.text).toBe(200);
    const g = await availableGroup();
    const over = await api("POST", "/groups", { body: { group: { group_type: g.group_type, volume_types: g.volume_types } } });
    expect(over.status).toBe(413);
    expect(over.body.overLimit.message).toBe("GroupLimitExceeded: Maximum number of groups allowed (1) exceeded");
    expect((await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": false } } })).status).toBe(202);
    await advance(w, 2);
    expect((await api("GET", `/groups/${g.id}`)).status).toBe(404);
    expect((await api("POST", "/groups", { body: { group: { group_type: g.group_type, volume_types: g.volume_types } } })).status).toBe(202);
  });

  it("creates volumes into a group (group_id from 3.13), refusing a type the group does not support", async () => {
    const g = await availableGroup();
    const vol = await bs(w, "POST", "/volumes", { version: V, body: { volume: { size: 1, group_id: g.id } } });
    expect(vol.status, vol.text).toBe(202);
    expect(vol.body.volume.group_id).toBe(g.id);
    await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "other" } } });
    const wrong = await bs(w, "POST", "/volumes", { version: V, body: { volume: { size: 1, group_id: g.id, volume_type: "other" } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.badRequest.message).toContain("not supported by the group");
    await advance(w, 2);
    expect((await api("GET", `/groups/${g.id}?list_volume=true`, { version: "3.25" })).body.group.volumes).toEqual([vol.body.volume.id]);
    // a member is deleted with its group, not alone
    const alone = await bs(w, "DELETE", `/volumes/${vol.body.volume.id}`);
    expect(alone.status).toBe(400);
    const refused = await api("POST", `/groups/${g.id}/action`, { body: { delete: {} } });
    expect(refused.status).toBe(400);
    expect(refused.body.badRequest.message).toBe(`Invalid Group: Group ${g.id} still contains volumes. The delete-volumes flag is required to delete it.`);
    expect((await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": true } } })).status).toBe(202);
    expect((await bs(w, "GET", `/volumes/${vol.body.volume.id}`)).body.volume.status).toBe("deleting");
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${vol.body.volume.id}`)).status).toBe(404);
    expect((await api("GET", `/groups/${g.id}`)).status).toBe(404);
  });

  it("adds and removes volumes (updating, then the members change) and renames", async () => {
    const g = await availableGroup();
    const v1 = await availableVolume(w);
    const v2 = await availableVolume(w);
    const upd = await api("PUT", `/groups/${g.id}`, { body: { group: { name: "renamed", add_volumes: `${v1.id},${v2.id}` } } });
    expect(upd.status, upd.text).toBe(202);
    expect((await api("GET", `/groups/${g.id}`)).body.group).toMatchObject({ status: "updating", name: "renamed" });
    // busy: another update is refused
    const busy = await api("PUT", `/groups/${g.id}`, { body: { group: { description: "x" } } });
    expect(busy.status).toBe(400);
    expect(busy.body.badRequest.message).toBe("Invalid Group: Group status must be available, but current status is: updating.");
    await advance(w, 2);
    expect((await api("GET", `/groups/${g.id}?list_volume=true`, { version: "3.25" })).body.group.volumes.sort()).toEqual([v1.id, v2.id].sort());
    expect((await bs(w, "GET", `/volumes/${v1.id}`, { version: V })).body.volume.group_id).toBe(g.id);
    expect((await api("PUT", `/groups/${g.id}`, { body: { group: { remove_volumes: v2.id } } })).status).toBe(202);
    await advance(w, 2);
    expect((await bs(w, "GET", `/volumes/${v2.id}`, { version: V })).body.volume.group_id).toBeNull();
    // nothing to change
    const same = await api("PUT", `/groups/${g.id}`, { body: { group: { name: "renamed" } } });
    expect(same.status).toBe(400);
    expect((await api("PUT", `/groups/${g.id}`, { body: { group: {} } })).status).toBe(400);
  });

  it("refuses adding a volume of a type the group does not support, one not available, one not found, or in both lists", async () => {
    const g = await availableGroup();
    await bs(w, "POST", "/types", { token: w.admin, body: { volume_type: { name: "other" } } });
    const other = await availableVolume(w, { volume_type: "other" });
    const otherTypeId = (await bs(w, "GET", `/volumes/${other.id}`, { version: "3.63" })).body.volume.volume_type_id;
    const res = await api("PUT", `/groups/${g.id}`, { body: { group: { add_volumes: other.id } } });
    expect(res.status).toBe(400);
    expect(res.body.badRequest.message).toBe(
      `Invalid volume: Cannot add volume ${other.id} to group ${g.id} because volume type ${otherTypeId} is not supported by the group.`,
    );
    const creating = (await bs(w, "POST", "/volumes", { body: { volume: { size: 1 } } })).body.volume;
    const busy = await api("PUT", `/groups/${g.id}`, { body: { group: { add_volumes: creating.id } } });
    expect(busy.body.badRequest.message).toBe(
      `Invalid volume: Cannot add volume ${creating.id} to group ${g.id} because volume is in an invalid state: creating. Valid states are: ('available', 'in-use').`,
    );
    expect((await api("PUT", `/groups/${g.id}`, { body: { group: { add_volumes: "nope" } } })).status).toBe(400);
    expect((await api("PUT", `/groups/${g.id}`, { body: { group: { add_volumes: "a", remove_volumes: "a" } } })).status).toBe(400);
    expect((await api("GET", `/groups/${g.id}`)).body.group.status).toBe("available");
  });

  it("resets a group's status (3.20, admin only) and refuses deleting a group in a wrong state", async () => {
    const g = await availableGroup();
    expect((await api("POST", `/groups/${g.id}/action`, { body: { reset_status: { status: "error" } } })).status).toBe(403);
    expect((await api("POST", `/groups/${g.id}/action`, { token: w.admin, version: "3.19", body: { reset_status: { status: "error" } } })).status).toBe(404);
    const bad = await api("POST", `/groups/${g.id}/action`, { token: w.admin, body: { reset_status: { status: "weird" } } });
    expect(bad.status).toBe(400);
    expect(bad.body.badRequest.message).toContain("Group status: weird is invalid");
    expect((await api("POST", `/groups/${g.id}/action`, { token: w.admin, body: { reset_status: { status: "updating" } } })).status).toBe(202);
    expect((await api("GET", `/groups/${g.id}`)).body.group.status).toBe("updating");
    const refused = await api("POST", `/groups/${g.id}/action`, { body: { delete: { "delete-volumes": false } } });
    expect(refused.status).toBe(400);
    expect(refused.body.badRequest.message).toBe("Invalid Group: Group status must be available or error, but current status is: updating");
    expect((await api("POST", `/groups/${g.id}/action`, { body: { unknown: {} } })).status).toBe(400);
  });

  it("answers a wrong state with 409 in the default profile", async () => {
    w = await world();
    const g = await availableGroup();
    await api("POST", `/groups/${g.id}/action`, { token: w.admin, body: { reset_status: { status: "creating" } } });
    expect((await api("POST", `/groups/${g.id}/action`, { body: { delete: {} } })).status).toBe(409);
  });
});

describe("generic volume groups and the control API", () => {
  it("a project reset drops the project's groups and gives their quota back", async () => {
    const g = await availableGroup();
    const reset = await call(w.emu, "POST", `/_emulator/reset?project=${w.demoProject}`);
    expect(reset.status).toBeLessThan(300);
    expect((await api("GET", `/groups/${g.id}`)).status).toBe(404);
    const quota = await bs(w, "GET", `/os-quota-sets/${w.demoProject}?usage=true`, { token: w.admin });
    expect(quota.body.quota_set.groups.in_use).toBe(0);
  });
});

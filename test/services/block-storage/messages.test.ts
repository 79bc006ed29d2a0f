// User messages (3.3+) through the HTTP API: a volume or snapshot create that fails on the clock (a fault
// rule, a transition override) leaves the owner a message naming the request that started it; list filters,
// sort and paging (3.5+), show, delete (204), and expiry at guaranteed_until on the virtual clock.

import { beforeEach, describe, expect, it } from "vitest";
import { call, login } from "../../helpers/emulator.js";
import { advance, availableVolume, bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world({ profile: "upstream" });
});

const V = "3.5";
const api = (method: string, path: string, options: { token?: string; body?: unknown; version?: string } = {}) =>
  bs(w, method, path, { version: V, ...options });

/** A volume whose create fails (a fault rule on its creating step); returns it and its create's request id. */
async function failedVolume(name = "doomed"): Promise<{ id: string; requestId: string }> {
  const rule = await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.creating", effect: { type: "error", status: 500 }, times: 1 } });
  expect(rule.status, rule.text).toBe(201);
  const res = await api("POST", "/volumes", { body: { volume: { size: 1, name } } });
  expect(res.status, res.text).toBe(202);
  await advance(w, 2);
  expect((await api("GET", `/volumes/${res.body.volume.id}`)).body.volume.status).toBe("error");
  return { id: res.body.volume.id, requestId: res.headers.get("x-openstack-request-id")! };
}

describe("user messages", () => {
  it("records a failed extend with the extend's request id (EXTEND_VOLUME, DRIVER_FAILED_EXTEND)", async () => {
    const made = await api("POST", "/volumes", { body: { volume: { size: 1, name: "grows" } } });
    await advance(w, 2);
    const id = made.body.volume.id;
    const rule = await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.volume.extending", effect: { type: "error", status: 500 }, times: 1 } });
    expect(rule.status, rule.text).toBe(201);
    const extend = await api("POST", `/volumes/${id}/action`, { body: { "os-extend": { new_size: 2 } } });
    expect(extend.status).toBe(202);
    await advance(w, 2);
    expect((await api("GET", `/volumes/${id}`)).body.volume).toMatchObject({ status: "error_extending", size: 1 });
    const [m] = (await api("GET", "/messages")).body.messages;
    expect(m).toMatchObject({
      event_id: "VOLUME_VOLUME_007_010",
      user_message: "extend volume:Volume Driver failed to extend volume.",
      resource_uuid: id,
      request_id: extend.headers.get("x-openstack-request-id"),
    });
  });

  it("records a failed volume create for its owner, shown with Cinder's fields", async () => {
    expect((await api("GET", "/messages")).body).toEqual({ messages: [] });
    const { id: volumeId, requestId } = await failedVolume();
    const list = (await api("GET", "/messages")).body.messages;
    expect(list).toHaveLength(1);
    const m = list[0];
    expect(m).toEqual({
      id: m.id,
      event_id: "VOLUME_VOLUME_008_012",
      user_message: "create volume from backend storage:Driver failed to create the volume.",
      message_level: "ERROR",
      created_at: m.created_at,
      guaranteed_until: m.guaranteed_until,
      request_id: requestId,
      links: m.links,
      resource_type: "VOLUME",
      resource_uuid: volumeId,
    });
    expect(requestId).toMatch(/^req-/);
    expect(Date.parse(`${m.guaranteed_until}Z`) - Date.parse(`${m.created_at}Z`)).toBe(30 * 24 * 3600 * 1000);
    expect((await api("GET", `/messages/${m.id}`)).body).toEqual({ message: m });
    // another project's caller does not see it; an admin does
    expect((await api("GET", `/messages/${m.id}`, { token: w.admin })).status).toBe(200);
    expect((await api("GET", "/messages", { version: "3.2" })).status).toBe(404);
  });

  it("records a failed snapshot create (VOLUME_SNAPSHOT); a successful one leaves none", async () => {
    const volume = await availableVolume(w);
    await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.snapshot.build", resourceName: "doomed*", effect: { type: "error", status: 500 } } });
    const doomed = await api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, name: "doomed" } } });
    await api("POST", "/snapshots", { body: { snapshot: { volume_id: volume.id, name: "fine" } } });
    await advance(w, 2);
    const list = (await api("GET", "/messages")).body.messages;
    expect(list.map((m: any) => [m.event_id, m.resource_type, m.resource_uuid, m.user_message])).toEqual([
      ["VOLUME_VOLUME_SNAPSHOT_009_013", "VOLUME_SNAPSHOT", doomed.body.snapshot.id, "create snapshot:Snapshot failed to create."],
    ]);
  });

  it("records a failed backup create (VOLUME_BACKUP) with the backup request's id", async () => {
    const volume = await availableVolume(w);
    await call(w.emu, "POST", "/_emulator/faults", { body: { operation: "block-storage.backup.build", effect: { type: "error", status: 500, message: "swift is down" }, times: 1 } });
    const res = await api("POST", "/backups", { body: { backup: { volume_id: volume.id } } });
    expect(res.status, res.text).toBe(202);
    await advance(w, 2);
    const [m, ...rest] = (await api("GET", "/messages")).body.messages;
    expect(rest).toEqual([]);
    expect(m).toMatchObject({
      event_id: "VOLUME_VOLUME_BACKUP_013_020",
      user_message: "create backup:Backup driver failed to create backup.",
      resource_type: "VOLUME_BACKUP",
      resource_uuid: res.body.backup.id,
      request_id: res.headers.get("x-openstack-request-id"),
    });
  });

  it("filters, sorts and pages from 3.5 (not before), deletes (204), and refuses what it cannot find", async () => {
    const a = await failedVolume("a");
    const b = await failedVolume("b");
    const all = (await api("GET", "/messages")).body.messages;
    expect(all.map((m: any) => m.resource_uuid)).toEqual([b.id, a.id]);
    expect((await api("GET", `/messages?resource_uuid=${a.id}`)).body.messages.map((m: any) => m.resource_uuid)).toEqual([a.id]);
    expect((await api("GET", `/messages?request_id=${b.requestId}`)).body.messages).toHaveLength(1);
    expect((await api("GET", "/messages?event_id=VOLUME_VOLUME_001_001")).body.messages).toEqual([]);
    expect((await api("GET", "/messages?sort=created_at:asc")).body.messages.map((m: any) => m.resource_uuid)).toEqual([a.id, b.id]);
    const page = (await api("GET", "/messages?limit=1")).body;
    expect(page.messages).toHaveLength(1);
    expect(page.messages_links[0].href).toContain(`marker=${all[0].id}`);
    expect((await api("GET", "/messages?limit=1", { version: "3.4" })).body.messages).toHaveLength(2);
    expect((await api("GET", "/messages?sort=bogus")).status).toBe(400);

    const state = exported(w);
    const missing = await api("DELETE", "/messages/6d0ff92a-0007-4780-9ece-acfe5876966a");
    expect(missing.body).toEqual({ itemNotFound: { code: 404, message: "Message 6d0ff92a-0007-4780-9ece-acfe5876966a could not be found." } });
    expect(exported(w)).toBe(state);
    const gone = await api("DELETE", `/messages/${all[0].id}`);
    expect(gone.status).toBe(204);
    expect((await api("GET", `/messages/${all[0].id}`)).status).toBe(404);
    expect((await api("GET", "/messages")).body.messages).toHaveLength(1);
  });

  it("is gone once its guaranteed_until passes on the virtual clock", async () => {
    await failedVolume();
    const [m] = (await api("GET", "/messages")).body.messages;
    await advance(w, 30 * 24 * 3600 - 10);
    // tokens expire long before: a fresh login reads on
    w.demo = await login(w.emu, "demo");
    expect((await api("GET", `/messages/${m.id}`)).status).toBe(200);
    await advance(w, 10);
    expect((await api("GET", `/messages/${m.id}`)).status).toBe(404);
    expect((await api("GET", "/messages")).body.messages).toEqual([]);
  });
});

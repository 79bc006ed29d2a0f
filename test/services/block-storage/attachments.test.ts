// The attachments API (3.27+) as new-style Nova drives it: create (reserved), update with the connector
// (attaching, connection_info), complete (3.44: attached, the volume in-use), delete (available again);
// refusals below the microversion, on a busy volume and on another project's attachment.

import { beforeEach, describe, expect, it } from "vitest";
import { availableVolume, bs, exported, world, type World } from "./setup.js";

const SERVER = "12121212-3434-5656-7878-909090909090";
let w: World;
beforeEach(async () => {
  w = await world();
});

const at = (method: string, path: string, body?: unknown, version = "3.44", token?: string) => bs(w, method, path, { body, version, token });
const statusOf = async (id: string) => (await bs(w, "GET", `/volumes/${id}`)).body.volume.status;

describe("attachments", () => {
  it("runs the whole handshake", async () => {
    const v = await availableVolume(w);
    const created = await at("POST", "/attachments", { attachment: { volume_uuid: v.id, instance_uuid: SERVER } });
    expect(created.status).toBe(200);
    const a = created.body.attachment;
    expect(a).toMatchObject({ status: "reserved", instance: SERVER, volume_id: v.id, attach_mode: "rw", connection_info: null, attached_at: null });
    expect(await statusOf(v.id)).toBe("reserved");
    const updated = await at("PUT", `/attachments/${a.id}`, { attachment: { connector: { host: "compute-1", initiator: "iqn.x", mountpoint: "/dev/vdb" } } });
    expect(updated.body.attachment).toMatchObject({ status: "attaching", connection_info: { driver_volume_type: "iscsi", data: { volume_id: v.id } } });
    expect(await statusOf(v.id)).toBe("attaching");
    expect((await at("POST", `/attachments/${a.id}/action`, { "os-complete": null })).status).toBe(204);
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown).toMatchObject({ status: "in-use", attachments: [{ attachment_id: a.id, server_id: SERVER, device: "/dev/vdb" }] });
    expect((await at("GET", "/attachments")).body.attachments).toEqual([{ id: a.id, status: "attached", instance: SERVER, volume_id: v.id }]);
    expect((await at("GET", `/attachments/detail?instance_id=${SERVER}`)).body.attachments[0].attached_at).toBe("2030-01-01T00:00:02.000000");
    const deleted = await at("DELETE", `/attachments/${a.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ attachments: [] });
    expect(await statusOf(v.id)).toBe("available");
  });

  it("creates attaching when the connector comes along", async () => {
    const v = await availableVolume(w);
    const a = (await at("POST", "/attachments", { attachment: { volume_uuid: v.id, instance_uuid: SERVER, connector: { host: "h" } } })).body.attachment;
    expect(a.status).toBe("attaching");
  });

  it("is not there below 3.27, and os-complete not below 3.44", async () => {
    const v = await availableVolume(w);
    const before = exported(w);
    expect((await at("POST", "/attachments", { attachment: { volume_uuid: v.id } }, "3.26")).status).toBe(404);
    expect((await at("GET", "/attachments", undefined, "3.0")).status).toBe(404);
    expect(exported(w)).toBe(before);
    const a = (await at("POST", "/attachments", { attachment: { volume_uuid: v.id } }, "3.27")).body.attachment;
    const reserved = exported(w);
    expect((await at("POST", `/attachments/${a.id}/action`, { "os-complete": null }, "3.43")).status).toBe(404);
    expect(exported(w)).toBe(reserved);
  });

  it("refuses a volume already reserved, and hides another project's attachment", async () => {
    const v = await availableVolume(w);
    const a = (await at("POST", "/attachments", { attachment: { volume_uuid: v.id } })).body.attachment;
    const before = exported(w);
    const again = await at("POST", "/attachments", { attachment: { volume_uuid: v.id } });
    expect(again.status).toBe(409);
    expect(again.body.conflictingRequest.message).toBe("Invalid volume: Volume status must be available to reserve, but the status is reserved.");
    const theirs = await at("GET", `/attachments/${a.id}`, undefined, "3.44", w.admin);
    expect(theirs.status).toBe(200);
    const otherProject = await availableVolume(w, {}, w.admin);
    const adminAttachment = (await at("POST", "/attachments", { attachment: { volume_uuid: otherProject.id } }, "3.44", w.admin)).body.attachment;
    const mid = exported(w);
    expect((await at("GET", `/attachments/${adminAttachment.id}`)).status).toBe(404);
    expect((await at("DELETE", `/attachments/${adminAttachment.id}`)).status).toBe(404);
    expect(exported(w)).toBe(mid);
    expect(before).not.toBe(mid);
  });

  it("a volume with an attachment under way cannot be deleted", async () => {
    const v = await availableVolume(w);
    await at("POST", "/attachments", { attachment: { volume_uuid: v.id } });
    expect((await bs(w, "DELETE", `/volumes/${v.id}`)).status).toBe(409);
  });
});

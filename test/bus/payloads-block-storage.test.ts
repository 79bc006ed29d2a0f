// Block storage's notifications as a bus consumer sees them: Cinder's volume.* and snapshot.* usage
// notifications on `notifications` from volume.<host@backend>, with the usage payload's keys.

import { describe, expect, it } from "vitest";
import { call } from "../helpers/emulator.js";
import { computeApi } from "../helpers/compute.js";
import { captureNotifications } from "../helpers/bus.js";

describe("block storage's notifications", () => {
  it("a volume created, extended, attached, detached, snapshotted and deleted: Cinder's usage notifications in order", async () => {
    const t = await computeApi();
    const bus = captureNotifications(t.emu);
    const vol = (method: string, path: string, body?: unknown) => call(t.emu, method, `/volume/v3${path}`, { token: t.demo, body });
    const created = await vol("POST", "/volumes", { volume: { size: 1, name: "data" } });
    expect(created.status).toBe(202);
    const id = created.body.volume.id;
    t.advance(2000);
    expect((await vol("POST", `/volumes/${id}/action`, { "os-extend": { new_size: 2 } })).status).toBe(202);
    t.advance(5000);
    const server = await t.active();
    const base = `/servers/${server.id}/os-volume_attachments`;
    expect((await t.api("POST", base, { token: t.demo, body: { volumeAttachment: { volumeId: id } } })).status).toBe(200);
    expect((await t.api("DELETE", `${base}/${id}`, { token: t.demo })).status).toBe(202);
    const snap = await vol("POST", "/snapshots", { snapshot: { volume_id: id, name: "snap" } });
    expect(snap.status).toBe(202);
    t.advance(5000);
    expect((await vol("DELETE", `/snapshots/${snap.body.snapshot.id}`)).status).toBe(202);
    t.advance(5000);
    expect((await vol("DELETE", `/volumes/${id}`)).status).toBe(202);
    t.advance(5000);

    const notes = bus.filter((n) => n.eventType.startsWith("volume.") || n.eventType.startsWith("snapshot."));
    expect(notes.map((n) => n.eventType)).toEqual([
      "volume.create.start", "volume.create.end", "volume.resize.start", "volume.resize.end", "volume.attach.end", "volume.detach.end",
      "snapshot.create.start", "snapshot.delete.end", "volume.delete.start", "volume.delete.end",
    ]);
    expect(notes.every((n) => n.topic === "notifications" && n.priority === "INFO" && /^volume\.[^#]+@[^#]+$/.test(n.publisherId))).toBe(true);
    const [start, end, , resized, attached] = notes.map((n) => n.payload as Record<string, any>);
    expect(start).toMatchObject({ volume_id: id, tenant_id: t.demoProject, user_id: t.demoUser, display_name: "data", size: 1, status: "creating", availability_zone: "nova" });
    expect(end).toMatchObject({ volume_id: id, status: "available", created_at: "2030-01-01T00:00:00+00:00", volume_attachment: [] });
    expect(end.host).toMatch(/@.+#/);
    expect(typeof end.volume_type).toBe("string");
    expect(resized).toMatchObject({ size: 2 });
    expect(attached).toMatchObject({ status: "in-use", volume_attachment: [expect.objectContaining({ instance_uuid: server.id, mountpoint: "/dev/vdb" })] });
    expect(notes[6].payload).toMatchObject({ snapshot_id: snap.body.snapshot.id, volume_id: id, tenant_id: t.demoProject, display_name: "snap", volume_size: 2, status: "creating" });
    expect(notes[7].payload).toMatchObject({ snapshot_id: snap.body.snapshot.id, status: "deleted" });
    expect(notes[8].payload).toMatchObject({ status: "deleting" });
    expect(notes[9].payload).toMatchObject({ volume_id: id, tenant_id: t.demoProject, user_id: t.demoUser, status: "deleted", size: 2, display_name: "data", host: end.host });
    expect(notes[9].publisherId).toBe(`volume.${end.host.split("#")[0]}`);
    expect(bus.failures).toEqual([]);
  });
});

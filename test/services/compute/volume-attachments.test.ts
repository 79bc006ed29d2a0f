// Nova's os-volume_attachments through HTTP: attach (the volume in-use in block storage, the server listing
// it), list and show per microversion, detach, the detach a server's deletion does, and each refusal
// leaving the whole state as it was.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, computeApi, defaultWorld, fault, type ComputeApi } from "../../helpers/compute.js";

async function volume(t: ComputeApi, body: Record<string, unknown> = {}, token = t.demo): Promise<string> {
  const res = await call(t.emu, "POST", "/volume/v3/volumes", { token, body: { volume: { size: 1, ...body } } });
  expect(res.status, res.text).toBe(202);
  t.advance(2000);
  return res.body.volume.id;
}

const showVolume = async (t: ComputeApi, id: string) => (await call(t.emu, "GET", `/volume/v3/volumes/${id}`, { token: t.admin })).body.volume;
const state = (t: ComputeApi) => JSON.stringify(t.emu.kernel.store.state);

async function refused(t: ComputeApi, status: number, method: string, path: string, options: Parameters<ComputeApi["api"]>[2] = {}) {
  const before = state(t);
  const res = await t.api(method, path, { token: t.demo, ...options });
  expect(res.status, res.text).toBe(status);
  expect(state(t)).toBe(before);
  return fault(res);
}

describe("os-volume_attachments", () => {
  it("attaches a volume at the next free device, lists, shows and detaches it", async () => {
    const t = await computeApi();
    const server = await t.active();
    const [v1, v2] = [await volume(t), await volume(t)];
    const base = `/servers/${server.id}/os-volume_attachments`;

    const first = await t.api("POST", base, { token: t.demo, body: { volumeAttachment: { volumeId: v1 } } });
    expect(first.status, first.text).toBe(200);
    expect(first.body.volumeAttachment).toEqual({ id: v1, volumeId: v1, serverId: server.id, device: "/dev/vdb" });
    const second = await t.api("POST", base, { token: t.demo, version: "2.79", body: { volumeAttachment: { volumeId: v2, tag: "data", delete_on_termination: true } } });
    expect(second.body.volumeAttachment).toEqual({ id: v2, volumeId: v2, serverId: server.id, device: "/dev/vdc", tag: "data", delete_on_termination: true });

    const vol = await showVolume(t, v1);
    expect(vol.status).toBe("in-use");
    expect(vol.attachments).toEqual([expect.objectContaining({ server_id: server.id, volume_id: v1, device: "/dev/vdb", host_name: server["OS-EXT-SRV-ATTR:host"] })]);
    expect((await t.show(server.id, { version: "2.3" }))["os-extended-volumes:volumes_attached"]).toEqual([{ id: v1, delete_on_termination: false }, { id: v2, delete_on_termination: true }]);

    const list = await t.api("GET", base, { token: t.demo, version: "2.70" });
    expect(list.body.volumeAttachments).toEqual([
      { id: v1, volumeId: v1, serverId: server.id, device: "/dev/vdb", tag: null },
      { id: v2, volumeId: v2, serverId: server.id, device: "/dev/vdc", tag: "data" },
    ]);
    expect((await t.api("GET", `${base}/${v2}`, { token: t.demo })).body.volumeAttachment).toEqual({ id: v2, volumeId: v2, serverId: server.id, device: "/dev/vdc" });

    const detached = await t.api("DELETE", `${base}/${v1}`, { token: t.demo });
    expect(detached.status, detached.text).toBe(202);
    expect(await showVolume(t, v1)).toMatchObject({ status: "available", attachments: [] });
    expect((await t.api("GET", base, { token: t.demo })).body.volumeAttachments.map((a: any) => a.id)).toEqual([v2]);
    expect(fault(await t.api("GET", `${base}/${v1}`, { token: t.demo }))).toMatchObject({ name: "itemNotFound", code: 404 });
    // the freed device is handed out again
    expect((await t.api("POST", base, { token: t.demo, body: { volumeAttachment: { volumeId: v1 } } })).body.volumeAttachment.device).toBe("/dev/vdb");
  });

  it("refuses unknown, in-use and other projects' volumes, a version's unknown keys, and a building server", async () => {
    const t = await computeApi();
    const server = await t.active();
    const other = await t.active();
    const base = `/servers/${server.id}/os-volume_attachments`;
    const v = await volume(t);
    const missing = "6f1a3c55-2d0e-4f57-9a43-0e0c1b6d7f21";

    expect(await refused(t, 404, "POST", base, { body: { volumeAttachment: { volumeId: missing } } })).toMatchObject({ message: `Volume ${missing} could not be found.` });
    const adminVolume = await volume(t, {}, t.admin);
    await refused(t, 404, "POST", base, { body: { volumeAttachment: { volumeId: adminVolume } } });
    await refused(t, 400, "POST", base, { body: { volumeAttachment: { volumeId: v, tag: "x" } } });
    await refused(t, 400, "POST", base, { version: "2.78", body: { volumeAttachment: { volumeId: v, delete_on_termination: true } } });
    await refused(t, 400, "POST", base, { body: { volumeAttachment: {} } });
    await refused(t, 404, "DELETE", `${base}/${v}`);

    expect((await t.api("POST", base, { token: t.demo, body: { volumeAttachment: { volumeId: v } } })).status).toBe(200);
    expect(await refused(t, 400, "POST", `/servers/${other.id}/os-volume_attachments`, { body: { volumeAttachment: { volumeId: v } } })).toMatchObject({ name: "badRequest" });
    await refused(t, 400, "POST", base, { body: { volumeAttachment: { volumeId: v } } });

    const creating = (await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1 } } })).body.volume.id;
    expect(await refused(t, 400, "POST", base, { body: { volumeAttachment: { volumeId: creating } } })).toMatchObject({
      message: `Invalid volume: volume ${creating} status must be available`,
    });

    const building = await t.create();
    const ready = await volume(t);
    expect(await refused(t, 409, "POST", `/servers/${building.id}/os-volume_attachments`, { body: { volumeAttachment: { volumeId: ready } } })).toMatchObject({
      name: "conflictingRequest",
      message: `Cannot 'attach_volume' instance ${building.id} while it is in vm_state building`,
    });
  });

  it("refuses a volume in another availability zone than the server's", async () => {
    const world = defaultWorld();
    world.compute.hosts.push({ name: "edge-1", zone: "edge", host_ip: "192.168.100.60", vcpus: 4, memory_mb: 8192, local_gb: 100 });
    const t = await computeApi(world);
    const edge = await t.active({ availability_zone: "edge" });
    const v = await volume(t);
    expect(await refused(t, 400, "POST", `/servers/${edge.id}/os-volume_attachments`, { body: { volumeAttachment: { volumeId: v } } })).toMatchObject({ name: "badRequest" });
  });

  it("lets go of the volumes when the server is deleted", async () => {
    const t = await computeApi();
    const server = await t.active();
    const v = await volume(t);
    await t.api("POST", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, body: { volumeAttachment: { volumeId: v } } });
    expect((await t.api("DELETE", `/servers/${server.id}`, { token: t.demo })).status).toBe(204);
    t.advance(ACTION_MS);
    expect(await showVolume(t, v)).toMatchObject({ status: "available", attachments: [] });
  });
});

// PUT /servers/{id}/os-volume_attachments/{volume_id} through HTTP (Nova's swap volume, and from 2.85 the
// member's delete_on_termination update), and the attachments a server keeps when it moves: after an evacuation
// and a confirmed resize the volume stays in-use on the same server, its host_name the server's new host.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, computeApi, fault, type ComputeApi } from "../../helpers/compute.js";

const VOLUME_MS = 2000;
const MISSING = "6f1a3c55-2d0e-4f57-9a43-0e0c1b6d7f21";

async function volume(t: ComputeApi, size = 1, token = t.demo): Promise<string> {
  const res = await call(t.emu, "POST", "/volume/v3/volumes", { token, body: { volume: { size } } });
  expect(res.status, res.text).toBe(202);
  t.advance(VOLUME_MS);
  return res.body.volume.id;
}

const showVolume = async (t: ComputeApi, id: string) => (await call(t.emu, "GET", `/volume/v3/volumes/${id}`, { token: t.admin })).body.volume;
const state = (t: ComputeApi) => JSON.stringify(t.emu.kernel.store.state);

/** An ACTIVE server of demo's with `volumeId` attached at /dev/vdb. */
async function withVolume(t: ComputeApi, volumeId: string): Promise<Record<string, any>> {
  const server = await t.active();
  const res = await t.api("POST", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, body: { volumeAttachment: { volumeId } } });
  expect(res.status, res.text).toBe(200);
  return server;
}

type UpdateOptions = { token?: string; version?: string };

const update = (t: ComputeApi, serverId: string, volumeId: string, body: Record<string, unknown>, options: UpdateOptions = {}) =>
  t.api("PUT", `/servers/${serverId}/os-volume_attachments/${volumeId}`, { token: t.admin, ...options, body: { volumeAttachment: body } });

async function refusedUpdate(t: ComputeApi, status: number, serverId: string, volumeId: string, body: Record<string, unknown>, options: UpdateOptions = {}) {
  const before = state(t);
  const res = await update(t, serverId, volumeId, body, options);
  expect(res.status, res.text).toBe(status);
  expect(state(t)).toBe(before);
  return fault(res);
}

describe("swap volume", () => {
  it("moves the attachment to the new volume at the same device: old available, new in-use; 202 with no body", async () => {
    const t = await computeApi();
    const [old, fresh] = [await volume(t), await volume(t, 2)];
    const server = await withVolume(t, old);
    const res = await update(t, server.id, old, { volumeId: fresh });
    expect(res.status, res.text).toBe(202);
    expect(res.text).toBe("");
    expect(await showVolume(t, old)).toMatchObject({ status: "available", attachments: [] });
    expect(await showVolume(t, fresh)).toMatchObject({
      status: "in-use",
      attachments: [expect.objectContaining({ server_id: server.id, device: "/dev/vdb", host_name: server["OS-EXT-SRV-ATTR:host"] })],
    });
    const listed = await t.api("GET", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, version: "2.79" });
    expect(listed.body.volumeAttachments).toEqual([{ id: fresh, volumeId: fresh, serverId: server.id, device: "/dev/vdb", tag: null, delete_on_termination: false }]);
    expect((await t.api("GET", `/servers/${server.id}/os-volume_attachments/${old}`, { token: t.demo })).status).toBe(404);
  });

  it("before 2.85 the body names the new volume only, and every update is an admin's swap", async () => {
    const t = await computeApi();
    const [old, fresh] = [await volume(t), await volume(t)];
    const server = await withVolume(t, old);
    await refusedUpdate(t, 400, server.id, old, { volumeId: fresh, delete_on_termination: true }, { version: "2.79" });
    await refusedUpdate(t, 400, server.id, old, { volumeId: fresh, device: "/dev/vdb" });
    // naming the attached volume itself is a swap to a volume that is not detached
    await refusedUpdate(t, 403, server.id, old, { volumeId: old }, { token: t.demo, version: "2.79" });
    expect((await refusedUpdate(t, 400, server.id, old, { volumeId: old })).message).toBe("Invalid volume: New volume must be detached in order to swap.");
    // a swap keeps the mapping's delete_on_termination
    await t.api("DELETE", `/servers/${server.id}/os-volume_attachments/${old}`, { token: t.demo });
    await t.api("POST", `/servers/${server.id}/os-volume_attachments`, { token: t.demo, version: "2.79", body: { volumeAttachment: { volumeId: old, delete_on_termination: true } } });
    expect((await update(t, server.id, old, { volumeId: fresh }, { version: "2.79" })).status).toBe(202);
    expect((await t.show(server.id, { version: "2.3" }))["os-extended-volumes:volumes_attached"]).toEqual([{ id: fresh, delete_on_termination: true }]);
  });

  it("from 2.85 a member updates delete_on_termination by naming the attached volume itself", async () => {
    const t = await computeApi();
    const old = await volume(t);
    const server = await withVolume(t, old);
    expect((await update(t, server.id, old, { volumeId: old, delete_on_termination: true }, { token: t.demo, version: "2.85" })).status).toBe(202);
    expect((await t.show(server.id, { version: "2.3" }))["os-extended-volumes:volumes_attached"]).toEqual([{ id: old, delete_on_termination: true }]);
    const shown = await t.api("GET", `/servers/${server.id}/os-volume_attachments/${old}`, { token: t.demo, version: "2.85" });
    expect(shown.body.volumeAttachment.delete_on_termination).toBe(true);
    // a swap stays an admin's
    await refusedUpdate(t, 403, server.id, old, { volumeId: await volume(t) }, { token: t.demo, version: "2.85" });
  });

  it("refuses members (403), a volume not attached (404), unknown or unusable new volumes (400) and a stopped server (409)", async () => {
    const t = await computeApi();
    const [old, fresh, busy, small] = [await volume(t, 2), await volume(t, 2), await volume(t, 2), await volume(t, 1)];
    const server = await withVolume(t, old);
    await withVolume(t, busy);
    const foreign = await volume(t, 2, t.admin);

    expect((await refusedUpdate(t, 403, server.id, old, { volumeId: fresh }, { token: t.demo })).name).toBe("forbidden");
    expect(await refusedUpdate(t, 404, server.id, fresh, { volumeId: old })).toMatchObject({
      name: "itemNotFound",
      message: "The volume was either invalid or not attached to the instance.",
    });
    expect((await refusedUpdate(t, 404, server.id, MISSING, { volumeId: fresh })).message).toBe(`Volume ${MISSING} could not be found.`);
    expect(await refusedUpdate(t, 400, server.id, old, { volumeId: MISSING })).toMatchObject({ name: "badRequest", message: `Volume ${MISSING} could not be found.` });
    expect((await refusedUpdate(t, 400, server.id, old, { volumeId: busy })).message).toBe("Invalid volume: New volume must be detached in order to swap.");
    expect((await refusedUpdate(t, 400, server.id, old, { volumeId: small })).message).toBe("Invalid volume: New volume must be the same size or larger.");
    await refusedUpdate(t, 400, server.id, old, { volumeId: "not-a-uuid" });
    await refusedUpdate(t, 400, server.id, old, {});
    // an admin may swap in another project's volume, as Nova lets the admin
    expect((await update(t, server.id, old, { volumeId: foreign })).status).toBe(202);
    expect((await update(t, server.id, foreign, { volumeId: old })).status).toBe(202);

    expect((await t.api("POST", `/servers/${server.id}/action`, { token: t.demo, body: { "os-stop": null } })).status).toBe(202);
    t.advance(ACTION_MS);
    expect((await refusedUpdate(t, 409, server.id, old, { volumeId: fresh })).name).toBe("conflictingRequest");
  });
});

describe("attachments follow a server that moves", () => {
  const hostOf = async (t: ComputeApi, id: string) => (await t.show(id))["OS-EXT-SRV-ATTR:host"] as string;

  it("after an evacuation the volume is in-use on the same server, host_name the new host", async () => {
    const t = await computeApi();
    const v = await volume(t);
    const server = await withVolume(t, v);
    const source = await hostOf(t, server.id);
    expect((await call(t.emu, "POST", `/_emulator/compute/hosts/${source}/fail`)).status).toBe(200);
    const res = await t.api("POST", `/servers/${server.id}/action`, { token: t.admin, body: { evacuate: {} } });
    expect(res.status, res.text).toBe(200);
    t.advance(ACTION_MS);
    const dest = await hostOf(t, server.id);
    expect(dest).not.toBe(source);
    expect(await showVolume(t, v)).toMatchObject({ status: "in-use", attachments: [expect.objectContaining({ server_id: server.id, device: "/dev/vdb", host_name: dest })] });
    expect((await t.show(server.id, { version: "2.3" }))["os-extended-volumes:volumes_attached"]).toEqual([{ id: v, delete_on_termination: false }]);
  });

  it("after a confirmed resize to another host, and a boot volume through it all", async () => {
    const t = await computeApi();
    const boot = (await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1, imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11" } } })).body.volume.id;
    t.advance(VOLUME_MS);
    const { id } = await t.create({ imageRef: "", block_device_mapping_v2: [{ boot_index: 0, source_type: "volume", destination_type: "volume", uuid: boot }] });
    t.advance(BUILD_MS);
    const source = await hostOf(t, id);
    expect((await t.api("POST", `/servers/${id}/action`, { token: t.demo, body: { resize: { flavorRef: "2" } } })).status).toBe(202);
    t.advance(3 * ACTION_MS);
    expect((await t.show(id)).status).toBe("VERIFY_RESIZE");
    expect((await t.api("POST", `/servers/${id}/action`, { token: t.demo, body: { confirmResize: null } })).status).toBe(204);
    const dest = await hostOf(t, id);
    expect(dest).not.toBe(source);
    expect(await showVolume(t, boot)).toMatchObject({ status: "in-use", attachments: [expect.objectContaining({ server_id: id, device: "/dev/vda", host_name: dest })] });
  });
});

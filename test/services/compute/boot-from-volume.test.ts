// Boot from volume through HTTP (Nova's block_device_mapping_v2 on POST /servers): a given volume becomes
// the server's root disk (in-use, attached at /dev/vda), image/snapshot/blank mappings make volumes in block
// storage, every unusable mapping is a 400 that leaves the whole state as it was, and a server's deletion
// (or failed build) lets its volumes go, deleting those mapped with delete_on_termination.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { BUILD_MS, CIRROS, computeApi, defaultWorld, fault, type ComputeApi } from "../../helpers/compute.js";

const VOLUME_MS = 2000;
const MISSING = "6f1a3c55-2d0e-4f57-9a43-0e0c1b6d7f21";

async function volume(t: ComputeApi, body: Record<string, unknown> = { imageRef: CIRROS }, token = t.demo): Promise<string> {
  const res = await call(t.emu, "POST", "/volume/v3/volumes", { token, body: { volume: { size: 1, ...body } } });
  expect(res.status, res.text).toBe(202);
  t.advance(VOLUME_MS);
  return res.body.volume.id;
}

const showVolume = async (t: ComputeApi, id: string) => call(t.emu, "GET", `/volume/v3/volumes/${id}`, { token: t.admin });
const volumesOf = async (t: ComputeApi) => (await call(t.emu, "GET", "/volume/v3/volumes/detail", { token: t.demo })).body.volumes as any[];
const usage = async (t: ComputeApi) =>
  (await call(t.emu, "GET", `/volume/v3/os-quota-sets/${t.demoProject}?usage=true`, { token: t.admin })).body.quota_set;
const state = (t: ComputeApi) => JSON.stringify(t.emu.kernel.store.state);

const bdm = (d: Record<string, unknown>) => ({ destination_type: "volume", ...d });
const rootVolume = (uuid: string, extra: Record<string, unknown> = {}) => bdm({ boot_index: 0, source_type: "volume", uuid, ...extra });

/** POST /servers as demo that must be refused with this status, the whole state (every service) unchanged. */
async function refusedCreate(t: ComputeApi, status: number, server: Record<string, unknown>, token = t.demo) {
  const before = state(t);
  const res = await t.api("POST", "/servers", {
    token,
    body: { server: { name: "bfv", flavorRef: "1", networks: [{ uuid: t.privateNet }], ...server } },
  });
  expect(res.status, res.text).toBe(status);
  expect(state(t)).toBe(before);
  return fault(res);
}

describe("boot from volume", () => {
  it("boots from a given volume without imageRef: in-use at /dev/vda, a data volume at /dev/vdb, image shown as ''", async () => {
    const t = await computeApi();
    const [boot, data] = [await volume(t), await volume(t, {})];
    const { id } = await t.create({
      imageRef: "",
      block_device_mapping_v2: [rootVolume(boot, { delete_on_termination: true }), bdm({ source_type: "volume", uuid: data })],
    });
    t.advance(BUILD_MS);
    const server = await t.show(id, { version: "2.3" });
    expect(server.status).toBe("ACTIVE");
    expect(server.image).toBe("");
    expect(server["os-extended-volumes:volumes_attached"]).toEqual([
      { id: boot, delete_on_termination: true },
      { id: data, delete_on_termination: false },
    ]);
    const host = server["OS-EXT-SRV-ATTR:host"];
    const root = (await showVolume(t, boot)).body.volume;
    expect(root.status).toBe("in-use");
    expect(root.attachments).toEqual([expect.objectContaining({ server_id: id, volume_id: boot, device: "/dev/vda", host_name: host })]);
    expect((await showVolume(t, data)).body.volume).toMatchObject({ status: "in-use", attachments: [expect.objectContaining({ server_id: id, device: "/dev/vdb" })] });
    const listed = await t.api("GET", `/servers/${id}/os-volume_attachments`, { token: t.demo });
    expect(listed.body.volumeAttachments).toEqual([
      { id: boot, volumeId: boot, serverId: id, device: "/dev/vda" },
      { id: data, volumeId: data, serverId: id, device: "/dev/vdb" },
    ]);
    // the root disk is not detachable; block storage refuses to delete an attached volume (409, the spec's state conflict)
    expect((await t.api("DELETE", `/servers/${id}/os-volume_attachments/${boot}`, { token: t.demo })).status).toBe(400);
    expect((await call(t.emu, "DELETE", `/volume/v3/volumes/${boot}`, { token: t.demo })).status).toBe(409);
  });

  it("creates volumes from an image, a snapshot and blank, attached in order; the server's deletion deletes those marked delete_on_termination", async () => {
    const t = await computeApi();
    const source = await volume(t, {});
    const snap = await call(t.emu, "POST", "/volume/v3/snapshots", { token: t.demo, body: { snapshot: { volume_id: source } } });
    expect(snap.status, snap.text).toBe(202);
    t.advance(VOLUME_MS);
    const before = await usage(t);

    const { id } = await t.create({
      imageRef: undefined,
      block_device_mapping_v2: [
        bdm({ boot_index: 0, source_type: "image", uuid: CIRROS, volume_size: 2, delete_on_termination: true }),
        bdm({ boot_index: "1", source_type: "snapshot", uuid: snap.body.snapshot.id }),
        bdm({ source_type: "blank", volume_size: "3", delete_on_termination: "true" }),
      ],
    });
    t.advance(BUILD_MS);
    const server = await t.show(id, { version: "2.3" });
    expect(server.status).toBe("ACTIVE");
    expect(server.image).toBe("");
    const attached = server["os-extended-volumes:volumes_attached"] as Array<{ id: string; delete_on_termination: boolean }>;
    expect(attached.map((a) => a.delete_on_termination)).toEqual([true, false, true]);
    const made = await Promise.all(attached.map(async (a) => (await showVolume(t, a.id)).body.volume));
    expect(made.map((v) => [v.size, v.status, v.bootable, v.name, v.attachments[0].device, v.attachments[0].server_id])).toEqual([
      [2, "in-use", "true", "", "/dev/vda", id],
      [1, "in-use", "false", "", "/dev/vdb", id],
      [3, "in-use", "false", "", "/dev/vdc", id],
    ]);
    expect(made[0].volume_image_metadata).toMatchObject({ image_id: CIRROS });
    expect(made[1].snapshot_id).toBe(snap.body.snapshot.id);
    const during = await usage(t);
    expect(during.volumes.in_use).toBe(before.volumes.in_use + 3);
    expect(during.gigabytes.in_use).toBe(before.gigabytes.in_use + 6);

    expect((await t.api("DELETE", `/servers/${id}`, { token: t.demo })).status).toBe(204);
    t.advance(BUILD_MS);
    t.advance(VOLUME_MS);
    expect((await showVolume(t, attached[0].id)).status).toBe(404);
    expect((await showVolume(t, attached[2].id)).status).toBe(404);
    expect((await showVolume(t, attached[1].id)).body.volume).toMatchObject({ status: "available", attachments: [] });
    const after = await usage(t);
    expect(after.volumes.in_use).toBe(before.volumes.in_use + 1);
    expect(after.gigabytes.in_use).toBe(before.gigabytes.in_use + 1);
    const events = (await call(t.emu, "GET", "/_emulator/events?type=block-storage.volume.deleted")).body.events;
    expect(events.map((e: any) => e.payload.id).sort()).toEqual([attached[0].id, attached[2].id].sort());
  });

  it("a server's deletion leaves a given volume available unless it was mapped with delete_on_termination", async () => {
    const t = await computeApi();
    const [keep, drop] = [await volume(t), await volume(t, {})];
    const { id } = await t.create({
      block_device_mapping_v2: [rootVolume(keep), bdm({ source_type: "volume", uuid: drop, delete_on_termination: true })],
    });
    t.advance(BUILD_MS);
    await t.api("DELETE", `/servers/${id}`, { token: t.demo });
    // the volume's deletion starts when the server's ends
    while ((await t.api("GET", `/servers/${id}`)).status === 200) t.advance(100);
    expect((await showVolume(t, keep)).body.volume).toMatchObject({ status: "available", attachments: [] });
    expect((await showVolume(t, drop)).body.volume.status).toBe("deleting");
    t.advance(VOLUME_MS);
    expect((await showVolume(t, drop)).status).toBe(404);
  });

  it("refuses unknown, foreign and unusable volumes, snapshots and images, and sizes it needs, leaving everything as it was", async () => {
    const t = await computeApi();
    const busy = await volume(t);
    await t.create({ block_device_mapping_v2: [rootVolume(busy)] });
    const free = await volume(t);
    const plain = await volume(t, {});
    const broken = await volume(t);
    expect((await call(t.emu, "POST", `/volume/v3/volumes/${broken}/action`, { token: t.admin, body: { "os-reset_status": { status: "error" } } })).status).toBe(202);
    const foreign = await volume(t, { imageRef: CIRROS }, t.admin);

    expect(await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(MISSING)] })).toMatchObject({
      name: "badRequest",
      message: `Block Device Mapping is Invalid: failed to get volume ${MISSING}.`,
    });
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(foreign)] })).message).toBe(
      `Block Device Mapping is Invalid: failed to get volume ${foreign}.`,
    );
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(busy)] })).message).toMatch(/^Invalid volume: .*already attached/);
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(broken)] })).message).toMatch(/^Invalid volume: .*status must be available/);
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(plain)] })).message).toBe(`Block Device ${plain} is not bootable.`);
    // an unusable second mapping undoes nothing because nothing was done: no server, port or volume
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(free), bdm({ source_type: "volume", uuid: busy })] })).message).toMatch(/^Invalid volume/);
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(free), bdm({ source_type: "blank" })] })).message).toBe(
      "Block Device Mapping is Invalid: Blank volumes (source: 'blank', dest: 'volume') need to have non-zero size",
    );
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [bdm({ boot_index: 0, source_type: "image", uuid: CIRROS })] })).message).toBe(
      "Block Device Mapping is Invalid: Images with destination_type 'volume' need to have a non-zero size specified",
    );
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [bdm({ boot_index: 0, source_type: "image", uuid: MISSING, volume_size: 1 })] })).message).toBe(
      `Block Device Mapping is Invalid: failed to get image ${MISSING}.`,
    );
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [bdm({ boot_index: 0, source_type: "snapshot", uuid: MISSING })] })).message).toBe(
      `Block Device Mapping is Invalid: failed to get snapshot ${MISSING}.`,
    );
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(free), rootVolume(free)] })).message).toMatch(/Boot sequence/);
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(free)], min_count: 2 })).message).toMatch(/^Invalid volume: .*more than one instance/);
    await refusedCreate(t, 400, { block_device_mapping_v2: [rootVolume(free, { boot_index: "first" })] });
    expect((await refusedCreate(t, 400, { imageRef: CIRROS, block_device_mapping_v2: [{ source_type: "volume", destination_type: "local", uuid: free }] })).message).toBe(
      "Block Device Mapping is Invalid: Mapping volume to local is not supported.",
    );
    await refusedCreate(t, 400, { block_device_mapping_v2: [bdm({ boot_index: 0, source_type: "blank", volume_size: "big" })] });
    // no imageRef and no root mapping
    expect((await refusedCreate(t, 400, { block_device_mapping_v2: [bdm({ source_type: "volume", uuid: free })] })).message).toBe("Missing imageRef attribute");
    // the volume is still usable afterwards
    const ok = await t.create({ block_device_mapping_v2: [rootVolume(free)] });
    expect((await showVolume(t, free)).body.volume.attachments[0].server_id).toBe(ok.id);
  });

  it("refuses a volume in another zone than the one asked for; with no zone asked the server goes where the volume is", async () => {
    const world = defaultWorld();
    world.compute.hosts[2].zone = "az2";
    const t = await computeApi(world);
    const v = await volume(t);
    expect((await refusedCreate(t, 400, { availability_zone: "az2", block_device_mapping_v2: [rootVolume(v)] })).message).toMatch(
      /^Invalid volume: Instance and volume .* not in the same availability_zone/,
    );
    const servers = [];
    for (let i = 0; i < 3; i++) servers.push((await t.create({ block_device_mapping_v2: [rootVolume(i === 0 ? v : await volume(t))] })).id);
    t.advance(BUILD_MS);
    for (const id of servers) expect((await t.show(id))["OS-EXT-AZ:availability_zone"]).toBe("nova");
  });

  it("a build that fails lets the volumes go: attachments deleted, created ones with delete_on_termination deleted", async () => {
    const t = await computeApi();
    const rule = await call(t.emu, "POST", "/_emulator/faults", {
      body: { operation: "compute.server.build", resourceName: "doomed*", effect: { type: "error", status: 500, message: "no hypervisor" } },
    });
    expect(rule.status).toBe(201);
    const given = await volume(t);
    const { id } = await t.create({
      name: "doomed",
      block_device_mapping_v2: [rootVolume(given), bdm({ source_type: "blank", volume_size: 1, delete_on_termination: true })],
    });
    const created = (await t.show(id))["os-extended-volumes:volumes_attached"][1].id;
    expect((await showVolume(t, created)).body.volume.status).toBe("in-use");
    t.advance(BUILD_MS);
    const server = await t.show(id);
    expect(server.status).toBe("ERROR");
    expect(server["os-extended-volumes:volumes_attached"]).toEqual([]);
    expect((await showVolume(t, given)).body.volume).toMatchObject({ status: "available", attachments: [] });
    t.advance(VOLUME_MS);
    expect((await showVolume(t, created)).status).toBe(404);
  });
});

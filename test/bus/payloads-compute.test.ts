// Compute's notifications as a bus consumer sees them (no broker: the events mapped as the bridge maps
// them): the legacy compute.instance.* on `notifications`, the versioned instance.* on
// `versioned_notifications`, host and instance errors, in order, with Nova's payload keys.

import { describe, expect, it } from "vitest";
import { call } from "../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, CIRROS, defaultWorld } from "../helpers/compute.js";
import { actionApi } from "../services/compute/server-actions-setup.js";
import { about as aboutAny, captureNotifications, data, type Captured } from "../helpers/bus.js";

/** compute's own notifications about the server (a port's name the server too) */
const about = (bus: Captured[], id: string, topic?: Captured["topic"]) => aboutAny(bus, id, topic).filter((n) => /^(compute|instance)\./.test(n.eventType));

async function setup(seed?: Record<string, unknown>) {
  const t = await actionApi(seed);
  const bus = captureNotifications(t.emu);
  return { t, bus };
}

const types = (list: Array<{ eventType: string }>) => list.map((n) => n.eventType);

describe("compute's legacy notifications", () => {
  it("a server created then deleted: create.start, create.end, delete.start, delete.end from compute.<host>", async () => {
    const { t, bus } = await setup();
    const server = await t.active({ name: "web 1" });
    const host = server["OS-EXT-SRV-ATTR:host"];
    await t.api("DELETE", `/servers/${server.id}`, { token: t.demo });
    t.advance(ACTION_MS);

    const legacy = about(bus, server.id);
    expect(types(legacy)).toEqual(["compute.instance.create.start", "compute.instance.create.end", "compute.instance.delete.start", "compute.instance.delete.end"]);
    expect(legacy.every((n) => n.publisherId === `compute.${host}` && n.priority === "INFO")).toBe(true);
    const [start, end, delStart, delEnd] = legacy.map((n) => n.payload as Record<string, any>);
    expect(start).toMatchObject({ instance_id: server.id, tenant_id: t.demoProject, user_id: t.demoUser, state: "building", launched_at: "" });
    expect(end).toMatchObject({
      instance_id: server.id,
      tenant_id: t.demoProject,
      user_id: t.demoUser,
      display_name: "web 1",
      hostname: "web-1",
      state: "active",
      state_description: "",
      message: "Success",
      instance_type: "m1.tiny",
      instance_flavor_id: "1",
      memory_mb: 512,
      vcpus: 1,
      root_gb: 1,
      host,
      node: host,
      availability_zone: "nova",
      created_at: "2030-01-01 00:00:00+00:00",
      launched_at: "2030-01-01T00:00:05.000000",
      image_meta: { base_image_ref: server.image.id },
    });
    expect(end.fixed_ips).toEqual([expect.objectContaining({ type: "fixed", label: "private", version: 4, address: server.addresses.private[0].addr })]);
    expect(delStart).toMatchObject({ instance_id: server.id, state: "active", state_description: "deleting", terminated_at: "" });
    expect(delEnd).toMatchObject({ instance_id: server.id, tenant_id: t.demoProject, user_id: t.demoUser, state: "deleted", instance_type: "m1.tiny", memory_mb: 512, host });
    expect(delEnd.terminated_at).toBe("2030-01-01T00:00:07.000000");
    expect(bus.failures).toEqual([]);
  });

  it("stop, start and reboot: power_off, power_on and reboot start/end, each payload in its state", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    await t.ok(server.id, { "os-start": null });
    t.advance(ACTION_MS);
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    t.advance(ACTION_MS);
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    // a hard reboot of a stopped server is a reboot, not a power_on
    await t.ok(server.id, { reboot: { type: "HARD" } });
    t.advance(ACTION_MS);

    const legacy = about(bus, server.id).slice(2);
    expect(types(legacy).map((s) => s.replace("compute.instance.", ""))).toEqual([
      "power_off.start", "power_off.end", "power_on.start", "power_on.end", "reboot.start", "reboot.end",
      "power_off.start", "power_off.end", "reboot.start", "reboot.end",
    ]);
    expect(legacy[1].payload).toMatchObject({ state: "stopped", state_description: "" });
    expect(legacy[3].payload).toMatchObject({ state: "active" });
    expect(legacy[4].payload).toMatchObject({ state: "active", state_description: "rebooting" });
  });

  it("pause, unpause, suspend, resume, rescue, unrescue, rebuild, shelve and unshelve: each its start and end", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    const actions: unknown[] = [
      { pause: null }, { unpause: null }, { suspend: null }, { resume: null }, { rescue: {} }, { unrescue: null },
      { rebuild: { imageRef: CIRROS } }, { shelve: null }, { unshelve: null },
    ];
    for (const body of actions) {
      await t.ok(server.id, body, "rescue" in (body as object) ? 200 : 202);
      t.advance(ACTION_MS * 5);
    }
    const names = types(about(bus, server.id).slice(2)).map((s) => s.replace("compute.instance.", ""));
    const pairs = ["pause", "unpause", "suspend", "resume", "rescue", "unrescue", "rebuild", "shelve", "unshelve"].flatMap((n) => [`${n}.start`, `${n}.end`]);
    expect(names).toEqual(pairs);
  });

  it("a build that finds no host: create.error (ERROR) from compute.controller, with the fault's message and code", async () => {
    const world = defaultWorld();
    world.compute.hosts = [];
    const { t, bus } = await setup(world);
    const { id } = await t.create();
    t.advance(BUILD_MS);
    const legacy = about(bus, id);
    expect(types(legacy)).toEqual(["compute.instance.create.start", "compute.instance.create.error"]);
    expect(legacy[1]).toMatchObject({ priority: "ERROR", publisherId: "compute.controller" });
    expect(legacy[1].payload).toMatchObject({ instance_id: id, state: "error", code: 500, message: "No valid host was found. ", host: null });
    const v = about(bus, id, "versioned_notifications");
    expect(types(v)).toEqual(["instance.create.start", "instance.create.error"]);
    expect(v[1].priority).toBe("ERROR");
    expect(data(v[1]).fault).toMatchObject({ "nova_object.name": "ExceptionPayload", "nova_object.data": { exception: "NoValidHost" } });
  });

  it("resize then confirm: resize.prep, resize, resize.finish and resize.confirm, start and end", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    await t.ok(server.id, { resize: { flavorRef: "2" } });
    t.advance(ACTION_MS * 5);
    expect((await t.show(server.id)).status).toBe("VERIFY_RESIZE");
    await t.ok(server.id, { confirmResize: null }, 204);
    t.advance(ACTION_MS);
    const legacy = about(bus, server.id).slice(2);
    expect(types(legacy).map((s) => s.replace("compute.instance.", ""))).toEqual([
      "resize.prep.start", "resize.prep.end", "resize.start", "resize.end", "resize.finish.start", "resize.finish.end", "resize.confirm.start", "resize.confirm.end",
    ]);
    expect(legacy.at(-1)!.payload).toMatchObject({ instance_type: "m1.small", memory_mb: 2048, state: "active" });
  });

  it("a host failure: compute.host.error and compute.instance.error (ERROR, compute.<host>); the evacuation after it", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    const host = server["OS-EXT-SRV-ATTR:host"];
    expect((await call(t.emu, "POST", `/_emulator/compute/hosts/${host}/fail`)).status).toBe(200);

    const errors = bus.filter((n) => n.priority === "ERROR");
    expect(errors.map((n) => [n.eventType, n.publisherId])).toEqual([
      ["compute.host.error", `compute.${host}`],
      ["compute.instance.error", `compute.${host}`],
    ]);
    expect(errors[0].payload).toEqual({ host, binary: "nova-compute", state: "down", instances: [server.id], failed_at: expect.any(String) });
    expect(errors[1].payload).toMatchObject({ instance_id: server.id, tenant_id: t.demoProject, host, cause: "host_failure", state: "active" });

    await t.ok(server.id, { evacuate: { onSharedStorage: false } }, 200, { token: t.admin });
    t.advance(ACTION_MS);
    const dest = (await t.show(server.id))["OS-EXT-SRV-ATTR:host"];
    const evacuate = bus.filter((n) => n.from === "compute.server.evacuated");
    expect(evacuate.map((n) => [n.topic, n.eventType, n.publisherId])).toEqual([
      ["notifications", "compute.instance.evacuate", `compute.${dest}`],
      ["versioned_notifications", "instance.evacuate", "nova-api:controller"],
    ]);
    expect(data(evacuate[1])).toMatchObject({ uuid: server.id, host: dest, action_initiator_user: t.adminUser });
  });

  it("a server sent to ERROR on a healthy host: reboot.start, then compute.instance.error (ERROR) with the fault", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    const control = (path: string, body: unknown) => call(t.emu, "POST", `/_emulator${path}`, { body });
    expect((await control("/transitions/overrides", { type: "compute.server", resourceId: server.id, from: "rebooting", mode: "manual" })).status).toBe(201);
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    expect((await control("/transitions/step", { type: "compute.server", resourceId: server.id, to: "error" })).status).toBe(200);

    const legacy = about(bus, server.id).slice(2);
    expect(legacy.map((n) => [n.eventType, n.priority])).toEqual([
      ["compute.instance.reboot.start", "INFO"],
      ["compute.instance.error", "ERROR"],
    ]);
    expect(legacy[1].publisherId).toBe(`compute.${server["OS-EXT-SRV-ATTR:host"]}`);
    expect(legacy[1].payload).toMatchObject({ instance_id: server.id, state: "error", cause: "server_error", code: 500, message: `Instance ${server.id} went to ERROR while rebooting.` });
  });

  it("a volume attached and detached: compute.instance.volume.attach and volume.detach with the volume id", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    const res = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1 } } });
    const volumeId = res.body.volume.id;
    t.advance(2000);
    const base = `/servers/${server.id}/os-volume_attachments`;
    expect((await t.api("POST", base, { token: t.demo, body: { volumeAttachment: { volumeId } } })).status).toBe(200);
    expect((await t.api("DELETE", `${base}/${volumeId}`, { token: t.demo })).status).toBe(202);
    const legacy = bus.filter((n) => n.eventType.startsWith("compute.instance.volume"));
    expect(legacy.map((n) => n.eventType)).toEqual(["compute.instance.volume.attach", "compute.instance.volume.detach"]);
    expect(legacy[0].payload).toMatchObject({ instance_id: server.id, volume_id: volumeId });
    const v = bus.filter((n) => n.eventType.startsWith("instance.volume"));
    expect(v.map((n) => [n.eventType, n.payload["nova_object.name"], data(n).volume_id])).toEqual([
      ["instance.volume_attach.end", "InstanceActionVolumePayload", volumeId],
      ["instance.volume_detach.end", "InstanceActionVolumePayload", volumeId],
    ]);
  });
});

describe("compute's versioned notifications", () => {
  it("instance.create, power_off, power_on, reboot and delete, from nova-compute:<host>, in nova_object envelopes", async () => {
    const { t, bus } = await setup();
    const server = await t.active();
    const host = server["OS-EXT-SRV-ATTR:host"];
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    await t.ok(server.id, { "os-start": null });
    t.advance(ACTION_MS);
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    t.advance(ACTION_MS);
    await t.api("DELETE", `/servers/${server.id}`, { token: t.demo });
    t.advance(ACTION_MS);

    const v = about(bus, server.id, "versioned_notifications");
    expect(types(v)).toEqual([
      "instance.create.start", "instance.create.end", "instance.power_off.start", "instance.power_off.end", "instance.power_on.start",
      "instance.power_on.end", "instance.reboot.start", "instance.reboot.end", "instance.delete.start", "instance.delete.end",
    ]);
    expect(v.every((n) => n.publisherId === `nova-compute:${host}`)).toBe(true);
    expect(v[1].payload).toMatchObject({ "nova_object.name": "InstanceCreatePayload", "nova_object.namespace": "nova", "nova_object.version": "1.13" });
    expect(data(v[1])).toMatchObject({
      uuid: server.id,
      tenant_id: t.demoProject,
      user_id: t.demoUser,
      state: "active",
      power_state: "running",
      task_state: null,
      host,
      flavor: { "nova_object.name": "FlavorPayload", "nova_object.data": { flavorid: "1", name: "m1.tiny", memory_mb: 512, vcpus: 1 } },
      launched_at: "2030-01-01T00:00:05Z",
      instance_name: expect.stringMatching(/^instance-[0-9a-f]{8}$/),
    });
    expect(data(v[1]).ip_addresses[0]["nova_object.data"]).toMatchObject({ label: "private", version: 4 });
    expect(v[3].payload["nova_object.name"]).toBe("InstanceActionPayload");
    expect(data(v[3])).toMatchObject({ state: "stopped", power_state: "shutdown", fault: null });
    expect(data(v[5])).toMatchObject({ state: "active", power_state: "running" });
    expect(data(v[8])).toMatchObject({ task_state: "deleting", state: "active" });
    expect(data(v[9])).toMatchObject({ state: "deleted", deleted_at: "2030-01-01T00:00:13Z", terminated_at: "2030-01-01T00:00:13Z" });
  });
});

describe("what compute does not announce", () => {
  it("a server booted from a volume: no volume.attach for its boot volume (the build attaches it)", async () => {
    const { t, bus } = await setup();
    const res = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1, imageRef: CIRROS } } });
    t.advance(2000);
    const { id } = await t.create({ imageRef: "", block_device_mapping_v2: [{ uuid: res.body.volume.id, source_type: "volume", destination_type: "volume", boot_index: 0 }] });
    t.advance(BUILD_MS);
    expect((await t.show(id)).status).toBe("ACTIVE");
    expect(types(about(bus, id))).toEqual(["compute.instance.create.start", "compute.instance.create.end"]);
    expect(bus.filter((n) => n.eventType === "volume.attach.end")).toHaveLength(1);
  });
});

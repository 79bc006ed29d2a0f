// The server lifecycle on the virtual clock: BUILD -> ACTIVE after the build time, deleting -> gone; the
// scheduler (no valid host, affinity and anti-affinity, a failed host); transition overrides and fault
// rules that make builds stick or fail; the events; pending steps surviving a snapshot import.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, computeApi, defaultWorld } from "../../helpers/compute.js";

describe("build", () => {
  it("stays BUILD until the build time has passed, then is ACTIVE with launched_at", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    t.advance(BUILD_MS - 1);
    expect((await t.show(id)).status).toBe("BUILD");
    t.advance(1);
    const server = await t.show(id);
    expect(server).toMatchObject({ status: "ACTIVE", "OS-EXT-STS:vm_state": "active", "OS-EXT-STS:power_state": 1, "OS-SRV-USG:launched_at": "2030-01-01T00:00:05.000000" });
    expect(server.hostId).toMatch(/^[0-9a-f]{56}$/);
  });

  it("publishes created, state_changed (BUILD -> ACTIVE) and deleted events", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    t.advance(BUILD_MS);
    await t.api("DELETE", `/servers/${id}`, { token: t.demo });
    t.advance(ACTION_MS);
    const events = (await call(t.emu, "GET", "/_emulator/events?type=compute.server.*")).body.events.filter((e: any) => e.payload.id === id);
    expect(events.map((e: any) => e.type)).toEqual(["compute.server.created", "compute.server.state_changed", "compute.server.state_changed", "compute.server.deleted"]);
    expect(events[1].payload).toMatchObject({ from: "BUILD", to: "ACTIVE" });
    expect(events[2].payload).toMatchObject({ from: "ACTIVE", to: "DELETED" });
  });

  it("fails with 'No valid host was found' when no host has room, and the quota stays used until delete", async () => {
    const world = defaultWorld();
    world.compute.hosts = [{ name: "small-1", zone: "nova", host_ip: "192.168.100.50", vcpus: 1, memory_mb: 1024, local_gb: 10 }];
    const t = await computeApi(world);
    const fits = await t.create({ name: "fits" });
    const { id } = await t.create({ name: "too-many" });
    expect(await t.show(id)).toMatchObject({ status: "BUILD", "OS-EXT-STS:task_state": "scheduling", "OS-EXT-AZ:availability_zone": "" });
    t.advance(BUILD_MS);
    expect((await t.show(fits.id)).status).toBe("ACTIVE");
    const failed = await t.show(id);
    expect(failed).toMatchObject({ status: "ERROR", "OS-EXT-STS:vm_state": "error", "OS-EXT-STS:task_state": null, addresses: {} });
    expect(failed.fault).toEqual({ code: 500, message: "No valid host was found. ", created: "2030-01-01T00:00:05Z" });
    // the build's ports were cleaned up
    expect(await t.ports(id)).toEqual([]);
    const usage = await t.api("GET", `/os-quota-sets/${t.demoProject}/detail`, { token: t.demo });
    expect(usage.body.quota_set.instances.in_use).toBe(2);
    await t.api("DELETE", `/servers/${id}`, { token: t.demo });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/os-quota-sets/${t.demoProject}/detail`, { token: t.demo })).body.quota_set.instances.in_use).toBe(1);
  });

  it("places a server on a host in the requested zone, or on the host an admin forces", async () => {
    const world = defaultWorld();
    world.compute.hosts.push({ name: "edge-1", zone: "edge", host_ip: "192.168.100.60", vcpus: 4, memory_mb: 8192, local_gb: 100 });
    const t = await computeApi(world);
    const edge = await t.active({ availability_zone: "edge" });
    expect(edge).toMatchObject({ "OS-EXT-AZ:availability_zone": "edge", "OS-EXT-SRV-ATTR:host": "edge-1" });
    const forced = await t.active({ availability_zone: "nova:compute-3" }, { token: t.admin });
    expect(forced["OS-EXT-SRV-ATTR:host"]).toBe("compute-3");
    await t.refused(403, "POST", "/servers", { token: t.demo, body: { server: { name: "x", flavorRef: "1", imageRef: edge.image.id, networks: "none", availability_zone: "nova:compute-3" } } });
  });

  it("fails a build whose host went down meanwhile, and shows host_status DOWN to admins", async () => {
    const t = await computeApi();
    const running = await t.active();
    const host = running["OS-EXT-SRV-ATTR:host"];
    expect((await t.show(running.id, { version: "2.16" })).host_status).toBe("UP");
    expect(await t.show(running.id, { token: t.demo, version: "2.16" })).not.toHaveProperty("host_status");
    const building = await t.create({}, { token: t.admin, version: "2.1" });
    const placed = (await t.show(building.id))["OS-EXT-SRV-ATTR:host"];
    expect((await call(t.emu, "POST", `/_emulator/compute/hosts/${placed}/fail`)).status).toBe(200);
    t.advance(BUILD_MS);
    const failed = await t.show(building.id);
    expect(failed.status).toBe("ERROR");
    expect(failed.fault.details).toBe(`Compute host ${placed} is down.`);
    await call(t.emu, "POST", `/_emulator/compute/hosts/${host}/fail`);
    expect((await t.show(running.id, { version: "2.16" })).host_status).toBe("DOWN");
  });
});

describe("server groups", () => {
  const group = async (t: Awaited<ReturnType<typeof computeApi>>, policy: string) => {
    const res = await t.api("POST", "/os-server-groups", { token: t.demo, body: { server_group: { name: policy, policies: [policy] } } });
    expect(res.status).toBe(200);
    return res.body.server_group.id as string;
  };

  it("anti-affinity spreads members over hosts; a fourth member on three hosts finds no valid host", async () => {
    const t = await computeApi();
    const gid = await group(t, "anti-affinity");
    const hosts = [];
    for (let i = 0; i < 3; i++) hosts.push((await t.active({ name: `aa-${i}` }, { hints: { group: gid } }))["OS-EXT-SRV-ATTR:host"]);
    expect(new Set(hosts).size).toBe(3);
    const fourth = await t.active({ name: "aa-3" }, { hints: { group: gid } });
    expect(fourth.status).toBe("ERROR");
    expect(fourth.fault.message).toBe("No valid host was found. ");
    const members = (await t.api("GET", `/os-server-groups/${gid}`, { token: t.demo })).body.server_group.members;
    expect(members).toHaveLength(4);
    expect((await t.show(fourth.id, { version: "2.71" })).server_groups).toEqual([gid]);
    await t.api("DELETE", `/servers/${fourth.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/os-server-groups/${gid}`, { token: t.demo })).body.server_group.members).toHaveLength(3);
  });

  it("affinity keeps members together", async () => {
    const t = await computeApi();
    const gid = await group(t, "affinity");
    await t.create({ name: "together", max_count: 3 }, { hints: { group: gid } });
    t.advance(BUILD_MS);
    const all = (await t.api("GET", `/servers/detail?all_tenants=1&name=^together`)).body.servers;
    expect(all).toHaveLength(3);
    expect(new Set(all.map((v: any) => v["OS-EXT-SRV-ATTR:host"])).size).toBe(1);
    expect(all.map((v: any) => v.status)).toEqual(["ACTIVE", "ACTIVE", "ACTIVE"]);
  });
});

describe("transition overrides and fault rules", () => {
  it("`stick` keeps a server in BUILD; removing the override lets it finish", async () => {
    const t = await computeApi();
    const override = await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", mode: "stick" } });
    expect(override.status).toBe(201);
    const { id } = await t.create();
    t.advance(60 * BUILD_MS);
    expect((await t.show(id)).status).toBe("BUILD");
    await call(t.emu, "DELETE", `/_emulator/transitions/overrides/${override.body.id}`);
    expect((await t.show(id)).status).toBe("ACTIVE");
  });

  it("`redirect` to error sends a build to ERROR with a fault and releases its ports and host", async () => {
    const t = await computeApi();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", from: "building", mode: "redirect", to: "error" } });
    const { id } = await t.create();
    t.advance(BUILD_MS);
    const server = await t.show(id);
    expect(server).toMatchObject({ status: "ERROR", "OS-EXT-STS:task_state": null, "OS-EXT-SRV-ATTR:host": null, addresses: {} });
    expect(server.fault).toMatchObject({ code: 500, message: expect.stringMatching(/^Exceeded maximum number of retries/) });
    expect(await t.ports(id)).toEqual([]);
  });

  it("`immediate` builds at once; `manual` waits for a step through the control API", async () => {
    const t = await computeApi();
    const imm = await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", from: "building", mode: "immediate" } });
    const fast = await t.create();
    expect((await t.show(fast.id)).status).toBe("ACTIVE");
    await call(t.emu, "DELETE", `/_emulator/transitions/overrides/${imm.body.id}`);
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", from: "building", mode: "manual" } });
    const slow = await t.create();
    t.advance(10 * BUILD_MS);
    expect((await t.show(slow.id)).status).toBe("BUILD");
    const step = await call(t.emu, "POST", "/_emulator/transitions/step", { body: { type: "compute.server", resourceId: slow.id } });
    expect(step.status).toBe(200);
    expect((await t.show(slow.id)).status).toBe("ACTIVE");
  });

  it("a fault rule on compute.server.build fails matching builds with the rule's status and message", async () => {
    const t = await computeApi();
    const rule = await call(t.emu, "POST", "/_emulator/faults", {
      body: { operation: "compute.server.build", resourceName: "doomed*", effect: { type: "error", status: 503, message: "hypervisor exploded" } },
    });
    expect(rule.status).toBe(201);
    const doomed = await t.create({ name: "doomed-1" });
    const fine = await t.create({ name: "fine" });
    t.advance(BUILD_MS);
    const failed = await t.show(doomed.id);
    expect(failed.status).toBe("ERROR");
    expect(failed.fault).toMatchObject({ code: 503, details: "hypervisor exploded" });
    expect((await t.show(fine.id)).status).toBe("ACTIVE");
    // the rule keeps failing builds whose names match, and only those
    expect((await t.active({ name: "doomed-2" }, { token: t.admin })).status).toBe("ERROR");
    expect((await t.active({ name: "plain" })).status).toBe("ACTIVE");
  });

  it("a fault rule that names a method or a path, or no operation, never fires on the build step", async () => {
    const t = await computeApi();
    const { id } = await t.create({ name: "doomed-1" });
    for (const rule of [
      { service: "compute", method: "POST", operation: "compute.server.build" },
      { path: "/v2.1/servers", operation: "compute.server.*" },
      { service: "compute", resourceName: "doomed*" },
    ]) {
      const res = await call(t.emu, "POST", "/_emulator/faults", { body: { ...rule, effect: { type: "error", status: 503 } } });
      expect(res.status, res.text).toBe(201);
    }
    t.advance(BUILD_MS);
    expect((await t.show(id)).status).toBe("ACTIVE");
    expect((await call(t.emu, "GET", "/_emulator/faults/fired")).body.fired).toEqual([]);
  });
});

describe("delete", () => {
  it("deletes a server that is still building: it never goes ACTIVE and ends in 404", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    t.advance(BUILD_MS / 2);
    expect((await t.api("DELETE", `/servers/${id}`, { token: t.demo })).status).toBe(204);
    expect(await t.show(id)).toMatchObject({ status: "BUILD", "OS-EXT-STS:task_state": "deleting" });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${id}`)).status).toBe(404);
    const events = (await call(t.emu, "GET", "/_emulator/events?type=compute.server.state_changed")).body.events;
    expect(events.filter((e: any) => e.payload.id === id && e.payload.to === "ACTIVE")).toEqual([]);
  });

  it("keeps pending steps through a snapshot export and import", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const snapshot = await call(t.emu, "GET", "/_emulator/state");
    t.advance(BUILD_MS);
    expect((await t.show(id)).status).toBe("ACTIVE");
    expect((await call(t.emu, "PUT", "/_emulator/state", { body: snapshot.body })).status).toBe(200);
    expect((await t.show(id)).status).toBe("BUILD");
    t.advance(BUILD_MS);
    expect((await t.show(id)).status).toBe("ACTIVE");
  });
});

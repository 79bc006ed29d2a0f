// Admin actions and the rest: os-resetState, os-getConsoleOutput, and evacuate off a failed host (what the
// instance-HA service will call): REBUILD, then ACTIVE (or SHUTOFF) elsewhere; ERROR when no host can take it.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, defaultWorld, failedBuild, fault, states, type ActionApi } from "./server-actions-setup.js";

const fail = (t: ActionApi, host: string) => call(t.emu, "POST", `/_emulator/compute/hosts/${host}/fail`);
const hostOf = async (t: ActionApi, id: string) => (await t.show(id))["OS-EXT-SRV-ATTR:host"] as string;

describe("os-resetState", () => {
  it("is admin only (403 for the owner); sets vm_state, clears the task and drops the pending step", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { "os-resetState": { state: "error" } }, 403)).name).toBe("forbidden");
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    await t.ok(server.id, { "os-resetState": { state: "error" } }, 202, { token: t.admin });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ERROR", vm: "error", task: null });
    expect(await t.pending(server.id)).toEqual([]);
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("ERROR");
    await t.ok(server.id, { "os-resetState": { state: "active" } }, 202, { token: t.admin });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: null });
  });

  it("a state other than active or error is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { "os-resetState": { state: "stopped" } }, 400, { token: t.admin });
    await t.refuse(server.id, { "os-resetState": {} }, 400, { token: t.admin });
  });

  it("a reset mid-resize gives the destination's claim back", async () => {
    const t = await actionApi();
    const server = await t.active();
    const before = await t.hosts();
    await t.ok(server.id, { resize: { flavorRef: "3" } });
    await t.ok(server.id, { "os-resetState": { state: "active" } }, 202, { token: t.admin });
    expect(await t.hosts()).toEqual(before);
    expect((await t.show(server.id)).flavor.id).toBe("1");
  });
});

describe("os-getConsoleOutput", () => {
  it("returns 200 {output} with a login prompt; length gives the last lines", async () => {
    const t = await actionApi();
    const server = await t.active({ name: "web-1" });
    const all = await t.ok(server.id, { "os-getConsoleOutput": {} }, 200);
    expect(all.body.output).toContain("web-1 login:");
    const two = await t.ok(server.id, { "os-getConsoleOutput": { length: "2" } }, 200);
    expect(two.body.output.split("\n")).toHaveLength(2);
    expect((await t.ok(server.id, { "os-getConsoleOutput": { length: -1 } }, 200)).body.output).toBe(all.body.output);
    await t.refuse(server.id, { "os-getConsoleOutput": { length: "ten" } }, 400);
  });

  it("is 409 while the server has no host yet", async () => {
    const { t, id } = await failedBuild();
    expect(fault(await t.refuse(id, { "os-getConsoleOutput": {} }, 409)).message).toBe(`Instance ${id} is not ready`);
  });
});

describe("evacuate", () => {
  it("rebuilds a server of a failed host elsewhere: REBUILD, then ACTIVE on another host; 200 {adminPass} at 2.1", async () => {
    const t = await actionApi();
    const server = await t.active();
    const source = await hostOf(t, server.id);
    expect((await fail(t, source)).status).toBe(200);
    const res = await t.ok(server.id, { evacuate: { onSharedStorage: false } }, 200, { token: t.admin });
    expect(res.body).toEqual({ adminPass: expect.stringMatching(/^\w{12}$/) });
    expect(states(await t.show(server.id))).toMatchObject({ status: "REBUILD", vm: "active", task: "rebuilding" });
    t.advance(ACTION_MS);
    const after = await t.show(server.id);
    expect(states(after)).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    expect(after["OS-EXT-SRV-ATTR:host"]).not.toBe(source);
    expect(after["OS-EXT-SRV-ATTR:hypervisor_hostname"]).not.toBe(source);
    // the claim moved with it; its ports are bound on the new host
    const hosts = await t.hosts();
    expect(hosts.find((h) => h.name === source)!.serverIds).not.toContain(server.id);
    expect(hosts.find((h) => h.name === after["OS-EXT-SRV-ATTR:host"])!.serverIds).toContain(server.id);
    expect(hosts.find((h) => h.name === source)!.vcpusUsed).toBe(0);
    expect((await t.ports(server.id)).map((p) => p["binding:host_id"])).toEqual([after["OS-EXT-SRV-ATTR:host"]]);
    const events = (await call(t.emu, "GET", "/_emulator/events?type=compute.server.evacuated")).body.events;
    expect(events.at(-1).payload).toMatchObject({ id: server.id, from: source, to: after["OS-EXT-SRV-ATTR:host"] });
  });

  it("from 2.14 answers 200 with no body; a stopped server stays SHUTOFF; a locked one is evacuated by the admin", async () => {
    const t = await actionApi();
    const server = await t.stopped();
    const source = await hostOf(t, server.id);
    await t.ok(server.id, { lock: null }, 202, { token: t.admin });
    await fail(t, source);
    const res = await t.ok(server.id, { evacuate: {} }, 200, { token: t.admin, version: "2.14" });
    expect(res.text).toBe("");
    expect(states(await t.show(server.id))).toMatchObject({ status: "REBUILD", vm: "stopped", task: "rebuilding" });
    t.advance(ACTION_MS);
    const after = await t.show(server.id);
    expect(states(after)).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });
    expect(after["OS-EXT-SRV-ATTR:host"]).not.toBe(source);
  });

  it("goes to the requested host; that host unknown is 404, the same host 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    const source = await hostOf(t, server.id);
    const target = (await t.hosts()).map((h) => h.name).find((n) => n !== source)!;
    await fail(t, source);
    await t.refuse(server.id, { evacuate: { host: "nowhere" } }, 404, { token: t.admin, version: "2.14" });
    expect(fault(await t.refuse(server.id, { evacuate: { host: source } }, 400, { token: t.admin, version: "2.14" })).message).toBe(
      "The target host can't be the same one.",
    );
    await t.ok(server.id, { evacuate: { host: target } }, 200, { token: t.admin, version: "2.14" });
    t.advance(ACTION_MS);
    expect(await hostOf(t, server.id)).toBe(target);
  });

  it("is refused while the host is up (400), for non-admins (403), and with keys of other versions (400)", async () => {
    const t = await actionApi();
    const server = await t.active();
    const source = await hostOf(t, server.id);
    expect(fault(await t.refuse(server.id, { evacuate: {} }, 400, { token: t.admin })).message).toBe(
      `Compute service of ${source} is still in use.`,
    );
    await fail(t, source);
    expect(fault(await t.refuse(server.id, { evacuate: {} }, 403)).name).toBe("forbidden");
    await t.refuse(server.id, { evacuate: { onSharedStorage: true } }, 400, { token: t.admin, version: "2.14" });
    await t.refuse(server.id, { evacuate: { force: true } }, 400, { token: t.admin, version: "2.14" });
    await t.refuse(server.id, { evacuate: { onSharedStorage: true, adminPass: "x" } }, 400, { token: t.admin });
  });

  it("with no other host that can take it the server ends in ERROR with No valid host", async () => {
    const world = defaultWorld();
    world.compute.hosts = [
      { name: "compute-1", zone: "nova", host_ip: "192.168.100.11", vcpus: 16, memory_mb: 32768, local_gb: 500 },
      { name: "compute-2", zone: "nova", host_ip: "192.168.100.12", vcpus: 16, memory_mb: 32768, local_gb: 500 },
    ];
    const t = await actionApi(world);
    const server = await t.active();
    const source = await hostOf(t, server.id);
    const other = source === "compute-1" ? "compute-2" : "compute-1";
    await fail(t, other);
    await fail(t, source);
    await t.ok(server.id, { evacuate: {} }, 200, { token: t.admin, version: "2.14" });
    t.advance(ACTION_MS);
    const after = await t.show(server.id);
    expect(states(after)).toMatchObject({ status: "ERROR", vm: "error", task: null });
    expect(after.fault.message).toMatch(/^No valid host was found/);
    expect(after["OS-EXT-SRV-ATTR:host"]).toBe(source);
  });

  it("a server in a task, or never launched, is 409", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { reboot: { type: "HARD" } });
    await fail(t, await hostOf(t, server.id));
    expect(fault(await t.refuse(server.id, { evacuate: {} }, 409, { token: t.admin, version: "2.14" })).message).toBe(
      `Cannot 'evacuate' instance ${server.id} while it is in task_state rebooting_hard`,
    );
  });
});

describe("a failed compute host", () => {
  it("holds its servers' actions: a stop waits in powering-off until the host is back", async () => {
    const t = await actionApi();
    const server = await t.active();
    const host = await hostOf(t, server.id);
    await fail(t, host);
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS * 5);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "powering-off" });
    expect((await call(t.emu, "POST", `/_emulator/compute/hosts/${host}/recover`)).status).toBe(200);
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });
  });

  it("refuses a resize of its servers (409 Service is unavailable)", async () => {
    const t = await actionApi();
    const server = await t.active();
    await fail(t, await hostOf(t, server.id));
    expect(fault(await t.refuse(server.id, { resize: { flavorRef: "2" } }, 409)).message).toBe("Service is unavailable at this time.");
  });

  it("lets the HA flow run: reset a stuck server to error, evacuate it, and it comes up ACTIVE elsewhere", async () => {
    const t = await actionApi();
    const server = await t.active();
    const host = await hostOf(t, server.id);
    await fail(t, host);
    await t.ok(server.id, { reboot: { type: "HARD" } });
    await t.ok(server.id, { lock: null }, 202, { token: t.admin });
    await t.ok(server.id, { "os-resetState": { state: "error" } }, 202, { token: t.admin, version: "2.53" });
    await t.ok(server.id, { evacuate: {} }, 200, { token: t.admin, version: "2.53" });
    t.advance(ACTION_MS);
    const after = await t.show(server.id);
    expect(states(after)).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    expect(after["OS-EXT-SRV-ATTR:hypervisor_hostname"]).not.toBe(host);
  });
});


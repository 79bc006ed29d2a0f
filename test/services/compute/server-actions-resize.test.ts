// resize, confirmResize and revertResize: RESIZE through resize_prep/migrating/finish, VERIFY_RESIZE with the
// new flavor (and the old one kept), host claims and quota usage following the flavor, and the refusals
// (same or unknown flavor 400, quota 413, no valid host 400, wrong state 409), each leaving the state alone.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, defaultWorld, fault, states, type ActionApi } from "./server-actions-setup.js";

/** Sums of what the hosts have claimed. */
async function claimed(t: ActionApi) {
  const hosts = await t.hosts();
  return {
    vcpus: hosts.reduce((n, h) => n + h.vcpusUsed, 0),
    ram: hosts.reduce((n, h) => n + h.memoryMbUsed, 0),
    vms: hosts.reduce((n, h) => n + h.runningVms, 0),
  };
}

async function inUse(t: ActionApi) {
  const q = (await t.api("GET", `/os-quota-sets/${t.demoProject}/detail`)).body.quota_set;
  return { cores: q.cores.in_use, ram: q.ram.in_use };
}

/** Resizes and walks the clock to VERIFY_RESIZE, checking each phase on the way. */
/** A stopped server shows RESIZE too (vm_state stopped with a resize_* task). */
async function resizeToVerify(t: ActionApi, id: string, flavorRef: string) {
  await t.ok(id, { resize: { flavorRef } });
  for (const task of ["resize_prep", "resize_migrating", "resize_finish"]) {
    expect(states(await t.show(id))).toMatchObject({ status: "RESIZE", task });
    t.advance(ACTION_MS);
  }
  const verify = await t.show(id);
  expect(states(verify)).toMatchObject({ status: "VERIFY_RESIZE", vm: "resized", task: null });
  return verify;
}

describe("resize", () => {
  it("goes RESIZE -> VERIFY_RESIZE with the new flavor; confirm (204) makes it ACTIVE and frees the old claim", async () => {
    const t = await actionApi();
    const server = await t.active();
    const base = await claimed(t);
    expect(await inUse(t)).toEqual({ cores: 1, ram: 512 });

    const verify = await resizeToVerify(t, server.id, "3");
    expect(verify.flavor.id).toBe("3");
    expect(verify["OS-EXT-STS:power_state"]).toBe(1);
    const v247 = await t.show(server.id, { version: "2.47" });
    expect(v247.flavor).toMatchObject({ original_name: "m1.medium", vcpus: 2, ram: 4096, disk: 40 });
    // both flavors are claimed until the resize is confirmed; usage follows the server's flavor
    expect(await claimed(t)).toEqual({ vcpus: base.vcpus + 2, ram: base.ram + 4096, vms: base.vms + 1 });
    expect(await inUse(t)).toEqual({ cores: 2, ram: 4096 });

    const res = await t.ok(server.id, { confirmResize: null }, 204);
    expect(res.text).toBe("");
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    expect((await t.show(server.id)).flavor.id).toBe("3");
    expect(await claimed(t)).toEqual({ vcpus: base.vcpus - 1 + 2, ram: base.ram - 512 + 4096, vms: base.vms });
    expect(await inUse(t)).toEqual({ cores: 2, ram: 4096 });
  });

  it("revertResize shows REVERT_RESIZE, then ACTIVE on the old flavor, claims and usage as before", async () => {
    const t = await actionApi();
    const server = await t.active();
    const base = await claimed(t);
    const host = (await t.show(server.id))["OS-EXT-SRV-ATTR:host"];
    await resizeToVerify(t, server.id, "2");
    await t.ok(server.id, { revertResize: null });
    expect(states(await t.show(server.id))).toMatchObject({ status: "REVERT_RESIZE", vm: "resized", task: "resize_reverting" });
    t.advance(ACTION_MS);
    const after = await t.show(server.id);
    expect(states(after)).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    expect(after.flavor.id).toBe("1");
    expect(after["OS-EXT-SRV-ATTR:host"]).toBe(host);
    expect(await claimed(t)).toEqual(base);
    expect(await inUse(t)).toEqual({ cores: 1, ram: 512 });
  });

  it("a stopped server resizes to VERIFY_RESIZE powered off, and confirms or reverts back to SHUTOFF", async () => {
    const t = await actionApi();
    const a = await t.stopped();
    const verify = await resizeToVerify(t, a.id, "2");
    expect(verify["OS-EXT-STS:power_state"]).toBe(4);
    await t.ok(a.id, { confirmResize: null }, 204);
    expect(states(await t.show(a.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });

    const b = await t.stopped();
    await resizeToVerify(t, b.id, "2");
    await t.ok(b.id, { revertResize: null });
    t.advance(ACTION_MS);
    expect(states(await t.show(b.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });
    expect((await t.show(b.id)).flavor.id).toBe("1");
  });

  it("the same flavor, an unknown flavor or no flavorRef is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { resize: { flavorRef: "1" } }, 400)).message).toBe("When resizing, instances must change flavor!");
    expect(fault(await t.refuse(server.id, { resize: { flavorRef: "99" } }, 400)).message).toBe("Flavor 99 could not be found.");
    await t.refuse(server.id, { resize: {} }, 400);
    await t.refuse(server.id, { resize: { flavorRef: "2", color: "red" } }, 400);
  });

  it("a flavorRef may be a URL ending in the flavor id", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { resize: { flavorRef: "http://localhost/compute/v2.1/flavors/2" } });
  });

  it("a smaller disk is 400", async () => {
    const t = await actionApi();
    const server = await t.active({ flavorRef: "3" });
    const res = await t.refuse(server.id, { resize: { flavorRef: "2" } }, 400);
    expect(fault(res).message).toContain("Unable to resize disk down");
  });

  it("more cores or RAM than the quota allows is 413 entityTooLarge", async () => {
    const t = await actionApi();
    const server = await t.active();
    const q = await t.api("PUT", `/os-quota-sets/${t.demoProject}`, { body: { quota_set: { cores: 2 } } });
    expect(q.status, q.text).toBe(200);
    const res = await t.refuse(server.id, { resize: { flavorRef: "4" } }, 413);
    expect(fault(res)).toEqual({ name: "entityTooLarge", code: 413, message: "Quota exceeded for cores: Requested 3, but already used 1 of 2 cores" });
    // within the quota it goes ahead
    await t.ok(server.id, { resize: { flavorRef: "3" } });
  });

  it("no host with room for the new flavor is 400 No valid host was found", async () => {
    const world = defaultWorld();
    world.compute.hosts = [{ name: "compute-1", zone: "nova", host_ip: "192.168.100.11", vcpus: 4, memory_mb: 8192, local_gb: 100 }];
    const t = await actionApi(world);
    const server = await t.active();
    const res = await t.refuse(server.id, { resize: { flavorRef: "5" } }, 400);
    expect(fault(res).message).toMatch(/^No valid host was found\./);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: null });
  });

  it("resize in a wrong state, confirm and revert without a resize are 409", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { confirmResize: null }, 409)).message).toBe(
      `Cannot 'confirmResize' instance ${server.id} while it is in vm_state active`,
    );
    expect(fault(await t.refuse(server.id, { revertResize: null }, 409)).message).toBe(
      `Cannot 'revertResize' instance ${server.id} while it is in vm_state active`,
    );
    await t.ok(server.id, { pause: null });
    t.advance(ACTION_MS);
    expect(fault(await t.refuse(server.id, { resize: { flavorRef: "2" } }, 409)).message).toBe(
      `Cannot 'resize' instance ${server.id} while it is in vm_state paused`,
    );
  });

  it("a second resize while in VERIFY_RESIZE is 409; confirm while reverting is 409", async () => {
    const t = await actionApi();
    const server = await t.active();
    await resizeToVerify(t, server.id, "2");
    expect(fault(await t.refuse(server.id, { resize: { flavorRef: "3" } }, 409)).message).toBe(
      `Cannot 'resize' instance ${server.id} while it is in vm_state resized`,
    );
    await t.ok(server.id, { revertResize: null });
    expect(fault(await t.refuse(server.id, { confirmResize: null }, 409)).message).toBe(
      `Cannot 'confirmResize' instance ${server.id} while it is in task_state resize_reverting`,
    );
  });

  it("deleting a server in VERIFY_RESIZE gives both hosts' claims back", async () => {
    const t = await actionApi();
    const base = await claimed(t);
    const server = await t.active();
    await resizeToVerify(t, server.id, "3");
    expect((await t.api("DELETE", `/servers/${server.id}`, { token: t.demo })).status).toBe(204);
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${server.id}`)).status).toBe(404);
    expect(await claimed(t)).toEqual(base);
    expect(await inUse(t)).toEqual({ cores: 0, ram: 0 });
  });
});

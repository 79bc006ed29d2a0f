// shelve, shelveOffload, unshelve: SHELVED then SHELVED_OFFLOADED at once (shelved_offload_time 0, Nova's
// default), the host given back and the `<name>-shelved` snapshot taken; unshelve schedules the server again
// (2.77 availability_zone) and drops the snapshot; the admin policy of shelveOffload; Nova's 409s.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, fault, states } from "./server-actions-setup.js";
import { customCompute } from "./custom-compute.js";

async function imagesNamed(t: Awaited<ReturnType<typeof actionApi>>, name: string) {
  return (await call(t.emu, "GET", `/image/v2/images?name=${name}`, { token: t.admin })).body.images as Array<Record<string, any>>;
}

describe("shelve", () => {
  it("SHELVED (task shelving_offloading), then SHELVED_OFFLOADED with no host; a snapshot named <name>-shelved", async () => {
    const t = await actionApi();
    const server = await t.active({ name: "web" });
    const host = server["OS-EXT-SRV-ATTR:host"];
    await t.ok(server.id, { shelve: null });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "shelving" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toMatchObject({ status: "SHELVED", vm: "shelved", task: "shelving_offloading" });
    t.advance(ACTION_MS);
    const shelved = await t.show(server.id);
    expect(states(shelved)).toEqual({ status: "SHELVED_OFFLOADED", vm: "shelved_offloaded", task: null, power: 4 });
    expect(shelved["OS-EXT-SRV-ATTR:host"]).toBeNull();
    expect(host).toBeTruthy();
    // the host's claim is given back: nothing is used anywhere
    expect((await t.hosts()).reduce((n, h) => n + h.vcpusUsed, 0)).toBe(0);
    expect(await imagesNamed(t, "web-shelved")).toHaveLength(1);
    // the port stays the server's, unbound
    expect((await t.ports(server.id))[0]).toMatchObject({ device_id: server.id, "binding:host_id": "", status: "DOWN" });
  });

  it("unshelve schedules it again, ACTIVE on a host, and deletes the shelve snapshot", async () => {
    const t = await actionApi();
    const server = await t.active({ name: "web" });
    await t.ok(server.id, { shelve: null });
    t.advance(2 * ACTION_MS);
    await t.ok(server.id, { unshelve: null });
    expect(states(await t.show(server.id))).toMatchObject({ status: "SHELVED_OFFLOADED", task: "unshelving" });
    t.advance(ACTION_MS);
    const back = await t.show(server.id);
    expect(states(back)).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    expect(back["OS-EXT-SRV-ATTR:host"]).toBeTruthy();
    expect((await t.ports(server.id))[0]).toMatchObject({ "binding:host_id": back["OS-EXT-SRV-ATTR:host"], status: "ACTIVE" });
    expect(await imagesNamed(t, "web-shelved")).toHaveLength(0);
  });

  it("unshelve with availability_zone: only from 2.77; an unknown zone is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { shelve: null });
    t.advance(2 * ACTION_MS);
    expect(fault(await t.refuse(server.id, { unshelve: { availability_zone: "nova" } }, 400, { version: "2.76" })).message).toContain("'availability_zone' was unexpected");
    expect(fault(await t.refuse(server.id, { unshelve: { availability_zone: "nowhere" } }, 400, { version: "2.77" })).message).toBe("The requested availability zone is not available");
    await t.ok(server.id, { unshelve: { availability_zone: "nova" } }, 202, { version: "2.77" });
    t.advance(ACTION_MS);
    expect((await t.show(server.id))["OS-EXT-AZ:availability_zone"]).toBe("nova");
  });

  it("refuses a second shelve (409), unshelve of an ACTIVE server (409), and shelveOffload by a non-admin (403)", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { unshelve: null }, 409)).message).toBe(`Cannot 'unshelve' instance ${server.id} while it is in vm_state active`);
    await t.refuse(server.id, { shelveOffload: null }, 403);
    await t.ok(server.id, { shelve: null });
    t.advance(2 * ACTION_MS);
    expect(fault(await t.refuse(server.id, { shelve: null }, 409)).message).toBe(`Cannot 'shelve' instance ${server.id} while it is in vm_state shelved_offloaded`);
    expect(fault(await t.refuse(server.id, { shelveOffload: null }, 409, { token: t.admin })).message).toBe(`Cannot 'shelveOffload' instance ${server.id} while it is in vm_state shelved_offloaded`);
  });
});

describe("shelved_offload_time", () => {
  it("> 0: the server rests SHELVED, keeping its host, and is offloaded once the time has passed", async () => {
    const t = await customCompute({ shelvedOffloadMs: 30_000 });
    const server = await t.active();
    await t.ok(server.id, { shelve: null });
    t.advance(ACTION_MS);
    const shelved = await t.show(server.id);
    expect(states(shelved)).toEqual({ status: "SHELVED", vm: "shelved", task: null, power: 4 });
    expect(shelved["OS-EXT-SRV-ATTR:host"]).toBeTruthy();
    t.advance(30_000 + ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "SHELVED_OFFLOADED", vm: "shelved_offloaded", task: null, power: 4 });
  });

  it("negative: never offloaded; shelveOffload (admin) does it", async () => {
    const t = await customCompute({ shelvedOffloadMs: -1 });
    const server = await t.active();
    await t.ok(server.id, { shelve: null });
    t.advance(10 * ACTION_MS + 600_000);
    expect((await t.show(server.id)).status).toBe("SHELVED");
    expect((await t.api("POST", `/servers/${server.id}/action`, { body: { shelveOffload: null } })).status).toBe(202);
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("SHELVED_OFFLOADED");
  });
});

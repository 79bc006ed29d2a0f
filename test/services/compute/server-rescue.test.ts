// rescue, unrescue: RESCUE with a password (given or generated), back to ACTIVE; a volume-backed server is
// refused before 2.87; Nova's 409s.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, CIRROS, fault, states } from "./server-actions-setup.js";

describe("rescue", () => {
  it("answers 200 with the adminPass, shows RESCUE, then unrescue brings it back ACTIVE", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { rescue: { adminPass: "rescue-me" } }, 200);
    expect(res.body).toEqual({ adminPass: "rescue-me" });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "rescuing" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "RESCUE", vm: "rescued", task: null, power: 1 });
    await t.ok(server.id, { unrescue: null });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });

  it("generates a password when none is given (rescue: null)", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { rescue: null }, 200);
    expect(res.body.adminPass).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it("refuses unrescue of an ACTIVE server, rescue of a rescued one, and an unknown rescue image", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { unrescue: null }, 409)).message).toBe(`Cannot 'unrescue' instance ${server.id} while it is in vm_state active`);
    await t.refuse(server.id, { rescue: { rescue_image_ref: "nope" } }, 400);
    await t.refuse(server.id, { rescue: { bogus: 1 } }, 400);
    await t.ok(server.id, { rescue: null }, 200);
    t.advance(ACTION_MS);
    expect(fault(await t.refuse(server.id, { rescue: null }, 409)).message).toBe(`Cannot 'rescue' instance ${server.id} while it is in vm_state rescued`);
  });
});

describe("rescue of a volume-backed server", () => {
  it("is refused before 2.87 (400) and rescued from it (stable rescue); createBackup refused; shelve offloads at once", async () => {
    const t = await actionApi();
    const vol = await call(t.emu, "POST", "/volume/v3/volumes", { token: t.demo, body: { volume: { size: 1, imageRef: CIRROS } } });
    t.advance(ACTION_MS);
    const server = await t.active({ imageRef: "", block_device_mapping_v2: [{ boot_index: 0, source_type: "volume", destination_type: "volume", uuid: vol.body.volume.id }] });
    expect(server.status).toBe("ACTIVE");
    const res = await t.refuse(server.id, { rescue: null }, 400, { version: "2.79" });
    expect(fault(res).message).toBe(`Instance ${server.id} cannot be rescued: Cannot rescue a volume-backed instance`);
    expect((await t.ok(server.id, { rescue: null }, 200, { version: "2.87" })).body.adminPass).toEqual(expect.any(String));
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("RESCUE");
    await t.ok(server.id, { unrescue: {} });
    t.advance(ACTION_MS);
    expect(fault(await t.refuse(server.id, { createBackup: { name: "b", backup_type: "daily", rotation: 1 } }, 400)).message).toBe("Backup is not supported for volume-backed instances.");
    // a volume-backed server is offloaded at once, whatever shelved_offload_time says
    await t.ok(server.id, { shelve: null });
    t.advance(2 * ACTION_MS);
    expect((await t.show(server.id)).status).toBe("SHELVED_OFFLOADED");
  });
});

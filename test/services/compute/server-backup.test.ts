// createBackup: a backup image (image_type backup, backup_type) uploaded while the server shows task
// image_backup; once active, the server's oldest backups of that type beyond `rotation` are deleted.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, fault, states } from "./server-actions-setup.js";

describe("createBackup", () => {
  it("keeps the newest `rotation` backups of the type, deleting older ones once the new one is active", async () => {
    const t = await actionApi();
    const server = await t.active();
    const backup = (name: string, type = "daily") => t.ok(server.id, { createBackup: { name, backup_type: type, rotation: 2 } }, 202, { version: "2.45" });
    const ids: string[] = [];
    for (const name of ["b1", "b2", "b3"]) {
      ids.push((await backup(name)).body.image_id);
      expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "image_backup" });
      t.advance(2 * ACTION_MS);
    }
    await backup("w1", "weekly");
    t.advance(2 * ACTION_MS);
    const images = (await call(t.emu, "GET", "/image/v2/images", { token: t.demo })).body.images as Array<Record<string, any>>;
    const backups = images.filter((i) => i.image_type === "backup");
    expect(backups.map((i) => i.name).sort()).toEqual(["b2", "b3", "w1"]);
    expect(backups.find((i) => i.name === "b3")).toMatchObject({ status: "active", image_type: "backup", backup_type: "daily", instance_uuid: server.id });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: null });
  });

  it("answers with a Location before 2.45; refuses a bad rotation (400) and a server in the wrong state (409)", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { createBackup: { name: "b", backup_type: "daily", rotation: 1 } });
    expect(res.headers.get("location")).toMatch(/\/image\/v2\/images\/[0-9a-f-]{36}$/);
    await t.refuse(server.id, { createBackup: { name: "b", backup_type: "daily", rotation: -1 } }, 400);
    await t.refuse(server.id, { createBackup: { name: "b", backup_type: "daily" } }, 400);
    const r = await t.refuse(server.id, { createBackup: { name: "b", backup_type: "daily", rotation: 1 } }, 409);
    expect(fault(r).message).toBe(`Cannot 'createBackup' instance ${server.id} while it is in task_state image_backup`);
  });
});

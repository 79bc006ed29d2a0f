// The contract compute will call for volume attachments, driven as compute's own operations would drive it
// (one store update): attach makes the volume in-use with the server listed, detach makes it available,
// another project's volume is absent, and a refused attach changes nothing.

import { beforeEach, describe, expect, it } from "vitest";
import { runOperation } from "../../../src/kernel/operation.js";
import { attachToServer, detachFromServer, findVolume } from "../../../src/services/block-storage/for-compute.js";
import { availableVolume, bs, exported, world, type World } from "./setup.js";

let w: World;
beforeEach(async () => {
  w = await world();
});

const SERVER = "99999999-8888-7777-6666-555555555555";
const caller = (w: World) => ({ projectId: w.demoProject, userId: "u", isAdmin: false });

describe("block-storage/for-compute", () => {
  it("attaches and detaches a volume inside the caller's operation", async () => {
    const v = await availableVolume(w);
    expect(findVolume(w.emu.kernel.store.state, caller(w), v.id)).toMatchObject({ status: "available", serverIds: [] });
    runOperation(w.emu.kernel, caller(w), (ctx) => attachToServer(ctx, v.id, SERVER, "/dev/vdb", "compute-1"));
    const shown = (await bs(w, "GET", `/volumes/${v.id}`)).body.volume;
    expect(shown).toMatchObject({ status: "in-use", attachments: [{ server_id: SERVER, device: "/dev/vdb" }] });
    expect(findVolume(w.emu.kernel.store.state, caller(w), v.id)?.serverIds).toEqual([SERVER]);
    runOperation(w.emu.kernel, caller(w), (ctx) => detachFromServer(ctx, v.id, SERVER));
    expect((await bs(w, "GET", `/volumes/${v.id}`)).body.volume).toMatchObject({ status: "available", attachments: [] });
  });

  it("treats another project's volume as absent and refuses an attached volume, changing nothing", async () => {
    const theirs = await availableVolume(w, {}, w.admin);
    expect(findVolume(w.emu.kernel.store.state, caller(w), theirs.id)).toBeUndefined();
    const v = await availableVolume(w);
    runOperation(w.emu.kernel, caller(w), (ctx) => attachToServer(ctx, v.id, SERVER, "/dev/vdb", null));
    const before = exported(w);
    expect(() => runOperation(w.emu.kernel, caller(w), (ctx) => attachToServer(ctx, v.id, "other", "/dev/vdc", null))).toThrow(/Invalid volume/);
    expect(exported(w)).toBe(before);
  });
});

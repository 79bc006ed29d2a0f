// createImage: the response per microversion (Location below 2.45, {"image_id"} from 2.45), the snapshot in
// the image catalog (queued, saving, active; owner, server, metadata, minDisk) while the server's task_state
// goes image_snapshot -> image_pending_upload -> image_uploading -> none; its refusals.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, CIRROS, fault, states } from "./server-actions-setup.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("createImage", () => {
  it("at 2.1: 202, empty body, Location of the image; the image goes SAVING -> ACTIVE while the task runs", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { createImage: { name: "snap-1", metadata: { purpose: "backup" } } });
    expect(res.text).toBe("");
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^http:\/\/localhost\/image\/v2\/images\/[0-9a-f-]{36}$/);
    const imageId = location.slice(location.lastIndexOf("/") + 1);

    const image = async () => (await t.api("GET", `/images/${imageId}`, { token: t.demo })).body.image;
    let img = await image();
    expect(img).toMatchObject({ id: imageId, name: "snap-1", status: "SAVING", minDisk: 1, server: { id: server.id } });
    expect(img.metadata).toMatchObject({ purpose: "backup", image_type: "snapshot", instance_uuid: server.id, base_image_ref: CIRROS });

    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "image_snapshot" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "image_pending_upload" });
    expect((await image()).status).toBe("SAVING");
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "image_uploading" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    img = await image();
    expect(img.status).toBe("ACTIVE");
    expect(img["OS-EXT-IMG-SIZE:size"]).toBeGreaterThan(0);
    // the snapshot is the project's own: listed for demo, usable to boot from
    const listed = (await t.api("GET", "/images/detail?type=snapshot", { token: t.demo })).body.images;
    expect(listed.map((i: any) => i.id)).toContain(imageId);
    await t.create({ imageRef: imageId });
  });

  it("from 2.45: 202 with {image_id} and no Location", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { createImage: { name: "snap-2" } }, 202, { version: "2.45" });
    expect(res.body).toEqual({ image_id: expect.stringMatching(UUID) });
    expect(res.headers.get("location")).toBe(null);
    // the proxy is gone from 2.36; at 2.1 the image is there
    expect((await t.api("GET", `/images/${res.body.image_id}`, { token: t.demo })).body.image.name).toBe("snap-2");
  });

  it("a stopped server is snapshotted and stays SHUTOFF", async () => {
    const t = await actionApi();
    const server = await t.stopped();
    const res = await t.ok(server.id, { createImage: { name: "cold" } }, 202, { version: "2.45" });
    expect(states(await t.show(server.id))).toMatchObject({ status: "SHUTOFF", task: "image_snapshot" });
    t.advance(ACTION_MS * 3);
    expect(states(await t.show(server.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });
    expect((await t.api("GET", `/images/${res.body.image_id}`)).body.image.status).toBe("ACTIVE");
  });

  it("a locked server may still be snapshotted by its owner (Nova checks no lock there)", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { lock: null });
    await t.ok(server.id, { createImage: { name: "locked-snap" } });
  });

  it("no name, a blank name or an unknown key is 400; building or mid-task is 409", async () => {
    const t = await actionApi();
    const server = await t.active();
    for (const body of [{ createImage: {} }, { createImage: { name: "" } }, { createImage: { name: " x" } }, { createImage: { name: "x", tags: [] } }]) {
      expect(fault(await t.refuse(server.id, body, 400)).name).toBe("badRequest");
    }
    const building = await t.create();
    expect(fault(await t.refuse(building.id, { createImage: { name: "x" } }, 409)).message).toBe(
      `Cannot 'createImage' instance ${building.id} while it is in vm_state building`,
    );
    await t.ok(server.id, { createImage: { name: "first" } });
    expect(fault(await t.refuse(server.id, { createImage: { name: "second" } }, 409)).message).toBe(
      `Cannot 'createImage' instance ${server.id} while it is in task_state image_snapshot`,
    );
  });

  it("an image-upload phase can be held with a stick override", async () => {
    const t = await actionApi();
    const server = await t.active();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", from: "image_uploading", mode: "stick" } });
    await t.ok(server.id, { createImage: { name: "slow" } });
    t.advance(ACTION_MS * 10);
    expect(states(await t.show(server.id))).toMatchObject({ task: "image_uploading" });
  });
});

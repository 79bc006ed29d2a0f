// rebuild, changePassword and trigger_crash_dump: REBUILD then back to rest (a stopped server stays
// stopped), the record changes the request makes, the microversion gates of its fields, and Nova's refusals.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, defaultWorld, fault, states } from "./server-actions-setup.js";

const UBUNTU = "7d3c0a1e-0000-4000-8000-00000000cafe";

function worldWithUbuntu() {
  const world = defaultWorld();
  world.image.images.push(
    { id: UBUNTU, name: "ubuntu", project: "admin", visibility: "public", status: "active", disk_format: "qcow2", container_format: "bare", min_disk: 1, min_ram: 0, size: 1024 },
    { id: "7d3c0a1e-0000-4000-8000-00000000beef", name: "huge", project: "admin", visibility: "public", status: "active", disk_format: "qcow2", container_format: "bare", min_disk: 10, min_ram: 0, size: 1024 },
  );
  return world;
}

describe("rebuild", () => {
  it("answers 202 with the server and an adminPass, shows REBUILD, then ACTIVE on the new image", async () => {
    const t = await actionApi(worldWithUbuntu());
    const server = await t.active({ metadata: { a: "1" } });
    const res = await t.ok(server.id, { rebuild: { imageRef: UBUNTU, name: "renamed", metadata: { b: "2" }, adminPass: "s3cret" } }, 202, { version: "2.75" });
    expect(res.body.server).toMatchObject({ id: server.id, name: "renamed", status: "REBUILD", adminPass: "s3cret", metadata: { b: "2" }, image: { id: UBUNTU } });
    expect(res.body.server["OS-EXT-STS:task_state"]).toBe("rebuilding");
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });

  it("generates a password, and before 2.75 answers without the extended attributes", async () => {
    const t = await actionApi(worldWithUbuntu());
    const server = await t.active();
    const res = await t.ok(server.id, { rebuild: { imageRef: UBUNTU } });
    expect(res.body.server.adminPass).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(res.body.server["OS-EXT-STS:vm_state"]).toBeUndefined();
  });

  it("a stopped server is rebuilt and stays SHUTOFF", async () => {
    const t = await actionApi(worldWithUbuntu());
    const server = await t.stopped();
    await t.ok(server.id, { rebuild: { imageRef: UBUNTU } });
    expect((await t.show(server.id)).status).toBe("REBUILD");
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });
  });

  it("refuses an unknown image, a too-small flavor, a paused server and fields of other microversions, leaving the server as it was", async () => {
    const t = await actionApi(worldWithUbuntu());
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { rebuild: { imageRef: "nope" } }, 400)).message).toBe("Cannot find image for rebuild");
    expect(fault(await t.refuse(server.id, { rebuild: { imageRef: "7d3c0a1e-0000-4000-8000-00000000beef" } }, 400)).message).toMatch(/^Flavor's disk is smaller than the minimum size/);
    expect(fault(await t.refuse(server.id, { rebuild: { imageRef: UBUNTU, key_name: "k" } }, 400, { version: "2.53" })).message).toContain("'key_name' was unexpected");
    expect(fault(await t.refuse(server.id, { rebuild: { imageRef: UBUNTU, user_data: "eA==" } }, 400, { version: "2.56" })).message).toContain("'user_data' was unexpected");
    expect(fault(await t.refuse(server.id, { rebuild: { imageRef: UBUNTU, personality: [] } }, 400, { version: "2.57" })).message).toContain("'personality' was unexpected");
    expect(fault(await t.refuse(server.id, { rebuild: { imageRef: UBUNTU, key_name: "missing" } }, 400, { version: "2.54" })).message).toBe("Invalid key_name provided.");
    expect(fault(await t.refuse(server.id, { rebuild: {} }, 400)).name).toBe("badRequest");
    await t.ok(server.id, { pause: null });
    t.advance(ACTION_MS);
    const res = await t.refuse(server.id, { rebuild: { imageRef: UBUNTU } }, 409);
    expect(fault(res).message).toBe(`Cannot 'rebuild' instance ${server.id} while it is in vm_state paused`);
  });

  it("key_name null (2.54) removes the key, user_data (2.57) replaces the user data", async () => {
    const t = await actionApi(worldWithUbuntu());
    const server = await t.active();
    await t.ok(server.id, { rebuild: { imageRef: UBUNTU, key_name: null, user_data: "aGVsbG8=" } }, 202, { version: "2.57" });
    const shown = await t.show(server.id, { version: "2.57" });
    expect(shown.key_name).toBeNull();
    expect(shown["OS-EXT-SRV-ATTR:user_data"]).toBe("aGVsbG8=");
  });
});

describe("changePassword", () => {
  it("shows PASSWORD, then ACTIVE; a stopped server is 409; no adminPass is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { changePassword: { adminPass: "new" } });
    expect(states(await t.show(server.id))).toMatchObject({ status: "PASSWORD", task: "updating_password" });
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("ACTIVE");
    await t.refuse(server.id, { changePassword: {} }, 400);
    const stopped = await t.stopped();
    const res = await t.refuse(stopped.id, { changePassword: { adminPass: "x" } }, 409);
    expect(fault(res).message).toBe(`Cannot 'changePassword' instance ${stopped.id} while it is in vm_state stopped`);
  });
});

describe("trigger_crash_dump", () => {
  it("is 404 before 2.17; 202 on an ACTIVE server with no state change; 409 on a stopped one", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { trigger_crash_dump: null }, 404, { version: "2.16" });
    await t.ok(server.id, { trigger_crash_dump: null }, 202, { version: "2.17" });
    expect((await t.show(server.id)).status).toBe("ACTIVE");
    const stopped = await t.stopped();
    const res = await t.refuse(stopped.id, { trigger_crash_dump: null }, 409, { version: "2.17" });
    expect(fault(res).message).toBe(`Cannot 'trigger_crash_dump' instance ${stopped.id} while it is in vm_state stopped`);
  });
});

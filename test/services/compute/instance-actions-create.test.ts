// A server's create entry in os-instance-actions, which the server keeps in its own record until anything
// else happens to it (server-instance-actions.ts): it reads the same as a written log at every point — open
// while building, closed at launched_at on its host, closed in Error (on the host it was placed on) when the
// build fails, first in the list once other actions follow, kept after the server is deleted and through a
// state export and import.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, BUILD_MS, actionApi, type ActionApi } from "./server-actions-setup.js";

async function createEntry(t: ActionApi, id: string) {
  const list = await t.api("GET", `/servers/${id}/os-instance-actions`, { token: t.admin, version: "2.58" });
  expect(list.status, list.text).toBe(200);
  const create = list.body.instanceActions.at(-1);
  expect(create.action).toBe("create");
  const detail = await t.api("GET", `/servers/${id}/os-instance-actions/${create.request_id}`, { token: t.admin, version: "2.62" });
  expect(detail.status, detail.text).toBe(200);
  return { all: list.body.instanceActions, create: detail.body.instanceAction };
}

describe("a server's create action", () => {
  it("is open while the server builds and ends at launched_at on its host, under the create request's id", async () => {
    const t = await actionApi();
    const made = await t.api("POST", "/servers", { token: t.demo, body: { server: { name: "one", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "none" } }, version: "2.37" });
    expect(made.status, made.text).toBe(202);
    const id = made.body.server.id;
    const building = (await createEntry(t, id)).create;
    expect(building).toMatchObject({ request_id: made.headers.get("x-openstack-request-id"), message: null, updated_at: "2030-01-01T00:00:00.000000" });
    expect(building.events).toEqual([expect.objectContaining({ event: "compute__do_build_and_run_instance", start_time: "2030-01-01T00:00:00.000000", finish_time: null, result: null })]);
    t.advance(BUILD_MS);
    const server = await t.show(id);
    const done = (await createEntry(t, id)).create;
    expect(done.updated_at).toBe(server["OS-SRV-USG:launched_at"]);
    expect(done.events).toEqual([expect.objectContaining({ finish_time: server["OS-SRV-USG:launched_at"], result: "Success", host: server["OS-EXT-SRV-ATTR:host"] })]);
  });

  it("ends in Error on the host it was placed on when the build fails there", async () => {
    const t = await actionApi();
    const { id } = await t.create({ name: "doomed" });
    const host = (await t.api("GET", `/servers/${id}`, { token: t.admin })).body.server["OS-EXT-SRV-ATTR:host"];
    expect(host).toMatch(/^compute-/);
    expect((await call(t.emu, "POST", `/_emulator/compute/hosts/${host}/fail`)).status).toBe(200);
    t.advance(BUILD_MS);
    expect((await t.show(id)).status).toBe("ERROR");
    const { create } = await createEntry(t, id);
    expect(create.message).toBe("Error");
    expect(create.events).toEqual([expect.objectContaining({ finish_time: "2030-01-01T00:00:05.000000", result: "Error", host })]);
  });

  it("stays first, unchanged, when other actions follow, after the server is deleted and through an export and import", async () => {
    const t = await actionApi();
    const server = await t.active();
    const before = (await createEntry(t, server.id)).create;
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    expect((await createEntry(t, server.id)).create).toEqual(before);
    expect((await t.api("DELETE", `/servers/${server.id}`, { token: t.demo })).status).toBe(204);
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${server.id}`, { token: t.demo })).status).toBe(404);
    const after = await createEntry(t, server.id);
    expect(after.all.map((a: any) => a.action)).toEqual(["delete", "stop", "create"]);
    expect(after.create).toEqual(before);

    const other = await t.active({ name: "kept" });
    const kept = (await createEntry(t, other.id)).create;
    const state = await call(t.emu, "GET", "/_emulator/state");
    expect(state.status).toBe(200);
    expect((await call(t.emu, "POST", "/_emulator/reset")).status).toBeLessThan(300);
    expect((await call(t.emu, "PUT", "/_emulator/state", { body: state.body })).status).toBeLessThan(300);
    expect((await createEntry(t, other.id)).create).toEqual(kept);
  });
});

// A service plugs in through its module alone: the toy service (test/helpers/toy-service/, the skeleton a new
// service copies) added to the list of definitions is mounted, listed with its resources, stepped on the
// clock, reset, snapshotted, and its control route mounted and documented, with no change to control/,
// the kernel or the other services.

import { describe, expect, it } from "vitest";
import { call, login, testEmulator } from "../helpers/emulator.js";
import { toy, WIDGET, BUILD_MS } from "../helpers/toy-service/index.js";
import { createServices, SERVICES } from "../../src/services.js";
import { resolveOptions } from "../../src/config.js";

const withToy = () => testEmulator({ services: createServices([...SERVICES, toy], resolveOptions({})) });

async function widget(emu: ReturnType<typeof withToy>, token: string, name = "w1") {
  const res = await call(emu, "POST", "/toy/widgets", { token, body: { widget: { name } } });
  expect(res.status, res.text).toBe(201);
  return res.body.widget;
}

describe("a service added to the list of definitions", () => {
  it("serves its routes, and the control API lists its kinds, reads their status and advances them", async () => {
    const emu = withToy();
    const token = await login(emu, "demo");
    const w = await widget(emu, token);
    expect(w.status).toBe("BUILD");

    const kinds = (await call(emu, "GET", "/_emulator/resources")).body.kinds;
    expect(kinds).toContainEqual({ type: WIDGET, service: "toy", count: 1, filters: ["project", "status"] });
    const listed = (await call(emu, "GET", `/_emulator/resources/${WIDGET}?status=build`)).body.resources;
    expect(listed).toEqual([{ id: w.id, name: "w1", status: "BUILD", projectId: w.project_id }]);

    const status = await call(emu, "GET", `/_emulator/resources/${WIDGET}/${w.id}`);
    expect(status.body).toMatchObject({ type: WIDGET, id: w.id, status: "BUILD", pending: { from: "BUILD", to: "ACTIVE" } });
    const advanced = await call(emu, "POST", "/_emulator/clock/advance-until", { body: { type: WIDGET, id: w.id, status: "ACTIVE" } });
    expect(advanced.body).toMatchObject({ status: "ACTIVE", advancedMs: BUILD_MS });
  });

  it("mounts and documents its control routes, validating their bodies in the control API's shape", async () => {
    const emu = withToy();
    const token = await login(emu, "demo");
    const w = await widget(emu, token);
    const bad = await call(emu, "POST", `/_emulator/toy/widgets/${w.id}/break`, { body: { reason: 7 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/reason/);
    expect((await call(emu, "GET", `/toy/widgets/${w.id}`, { token })).body.widget.status).toBe("BUILD");
    const broken = await call(emu, "POST", `/_emulator/toy/widgets/${w.id}/break`, { body: { reason: "chaos" } });
    expect(broken.body).toEqual({ id: w.id, status: "ERROR" });
    expect((await call(emu, "GET", `/toy/widgets/${w.id}`, { token })).body.widget.status).toBe("ERROR");
    expect((await call(emu, "POST", "/_emulator/toy/widgets/nope/break")).status).toBe(404);

    const doc = (await call(emu, "GET", "/_emulator/openapi.json")).body;
    const op = doc.paths["/_emulator/toy/widgets/{id}/break"].post;
    expect(op).toMatchObject({ tags: ["toy"], summary: "Break a widget", parameters: [{ name: "id", in: "path" }] });
    expect(op.requestBody.required).toBe(false);
    expect((await call(emu, "GET", "/_emulator/health")).body.services.toy).toEqual({ ready: true });
  });

  it("is reset and snapshotted with the rest of the world", async () => {
    const emu = withToy();
    const token = await login(emu, "demo");
    const before = (await call(emu, "GET", "/_emulator/state")).body;
    expect(Object.keys(before.state)).toContain("toy");
    await widget(emu, token);
    await call(emu, "POST", "/_emulator/reset");
    expect((await call(emu, "GET", "/_emulator/resources")).body.kinds).toContainEqual(expect.objectContaining({ type: WIDGET, count: 0 }));
    const token2 = await login(emu, "demo");
    const kept = await widget(emu, token2, "kept");
    const snapshot = (await call(emu, "GET", "/_emulator/state")).body;
    await call(emu, "POST", "/_emulator/reset");
    expect((await call(emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);
    expect((await call(emu, "GET", `/_emulator/resources/${WIDGET}`)).body.resources.map((r: any) => r.id)).toEqual([kept.id]);
  });
});

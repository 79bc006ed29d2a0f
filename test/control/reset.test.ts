import { beforeEach, describe, expect, it } from "vitest";
import { call, login } from "../helpers/emulator.js";
import { createWidget, toyEmulator, WIDGET } from "../helpers/toy-service/index.js";
import { derivedId } from "../../src/services/identity/seed.js";

const DEMO = derivedId("project", "default", "demo");
const ADMIN = derivedId("project", "default", "admin");
const world = {
  extends: "default",
  toy: { widgets: [{ id: "seeded-demo", name: "kept", project: DEMO }, { id: "seeded-admin", name: "kept", project: ADMIN }] },
};
const emu = toyEmulator();
const widgetIds = async (token: string) => (await call(emu, "GET", "/toy/widgets", { token })).body.widgets.map((w: { id: string }) => w.id);

beforeEach(async () => {
  expect((await call(emu, "POST", "/_emulator/seed", { body: world })).status).toBe(200);
});

describe("POST /_emulator/reset", () => {
  it("returns everything to the seed world and drops runtime faults, overrides and journals", async () => {
    const token = await login(emu);
    await createWidget(emu, token);
    await call(emu, "DELETE", "/toy/widgets/seeded-admin", { token });
    await call(emu, "POST", "/_emulator/faults", { body: { service: "toy", method: "DELETE", effect: { type: "error", status: 500 } } });
    await call(emu, "POST", "/_emulator/transitions/overrides", { body: { type: WIDGET, mode: "stick" } });
    await call(emu, "PUT", "/_emulator/rate-limit", { body: { requests: 1000, windowSeconds: 60 } });

    const res = await call(emu, "POST", "/_emulator/reset");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reset: "all" });

    // tokens issued since seeding are gone with the rest of the state
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(401);
    const fresh = await login(emu);
    expect(await widgetIds(fresh)).toEqual(["seeded-demo", "seeded-admin"]);
    expect((await call(emu, "GET", "/_emulator/faults")).body.faults).toEqual([]);
    expect((await call(emu, "GET", "/_emulator/transitions")).body.overrides).toEqual([]);
    expect((await call(emu, "GET", "/_emulator/events")).body.events.map((e: { type: string }) => e.type)).toEqual(["identity.token.issued"]);
    // the budget is configuration, kept across resets
    expect((await call(emu, "GET", "/_emulator/rate-limit")).body).toEqual({ requests: 1000, windowSeconds: 60 });
  });

  it("hands out the same ids after a reset as right after seeding, with a fixed random seed", async () => {
    const token = await login(emu);
    const first = await createWidget(emu, token);
    await call(emu, "POST", "/_emulator/reset");
    const again = await createWidget(emu, await login(emu));
    expect(again.id).toBe(first.id);
  });

  it("?project= puts only that project back and keeps every other change", async () => {
    const admin = await login(emu);
    const demo = await login(emu, "demo");
    const adminWidget = await createWidget(emu, admin, "admin's");
    const demoWidget = await createWidget(emu, demo, "demo's");
    expect(demoWidget.project_id).toBe(DEMO);
    await call(emu, "DELETE", "/toy/widgets/seeded-demo", { token: demo });

    const res = await call(emu, "POST", `/_emulator/reset?project=${DEMO}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ reset: { project: DEMO } });

    expect(await widgetIds(demo)).toEqual(["seeded-admin", adminWidget.id, "seeded-demo"]);
    // both sessions survive: tokens are not project resources
    expect((await call(emu, "GET", `/toy/widgets/${adminWidget.id}`, { token: admin })).status).toBe(200);
  });

  it("takes the project in the body too", async () => {
    const demo = await login(emu, "demo");
    const w = await createWidget(emu, demo);
    expect((await call(emu, "POST", "/_emulator/reset", { body: { project: DEMO } })).status).toBe(200);
    expect((await call(emu, "GET", `/toy/widgets/${w.id}`, { token: demo })).status).toBe(404);
  });

  it("rejects a body it does not understand", async () => {
    const res = await call(emu, "POST", "/_emulator/reset", { body: { projekt: DEMO } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/projekt/);
  });
});

describe("emulator.reset() from code", () => {
  it("does what POST /_emulator/reset does", async () => {
    const token = await login(emu);
    await createWidget(emu, token);
    emu.reset();
    expect((await call(emu, "GET", "/toy/widgets", { token })).status).toBe(401);
  });
});

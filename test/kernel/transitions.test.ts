import { beforeEach, describe, expect, it } from "vitest";
import { call, login } from "../helpers/emulator.js";
import { BUILD_MS, createWidget, toyEmulator, WIDGET } from "../helpers/toy-service/index.js";

const emu = toyEmulator();
let token: string;

beforeEach(async () => {
  emu.reset();
  token = await login(emu);
});

const status = async (id: string) => (await call(emu, "GET", `/toy/widgets/${id}`, { token })).body.widget.status;
const advance = async (by: string | number) => expect((await call(emu, "POST", "/_emulator/clock/advance", { body: { by } })).status).toBe(200);
const override = async (body: object) => {
  const res = await call(emu, "POST", "/_emulator/transitions/overrides", { body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
};

describe("declared lifecycles", () => {
  it("moves BUILD -> ACTIVE when the clock passes the declared 5 s, stamped at the due time", async () => {
    const t0 = emu.clock.now();
    const w = await createWidget(emu, token);
    expect(w.status).toBe("BUILD");
    await advance(BUILD_MS - 1);
    expect(await status(w.id)).toBe("BUILD");
    await advance("1m");
    const shown = (await call(emu, "GET", `/toy/widgets/${w.id}`, { token })).body.widget;
    expect(shown.status).toBe("ACTIVE");
    expect(shown.updated).toBe(new Date(t0 + BUILD_MS).toISOString());
    const events = (await call(emu, "GET", "/_emulator/events?type=toy.widget.status_changed")).body.events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ payload: { id: w.id, from: "BUILD", to: "ACTIVE" } });
  });

  it("lists definitions and pending steps with their due time", async () => {
    const t0 = emu.clock.now();
    const w = await createWidget(emu, token);
    const res = await call(emu, "GET", "/_emulator/transitions");
    expect(res.body.definitions).toContainEqual({ type: WIDGET, from: "BUILD", to: "ACTIVE", afterMs: BUILD_MS });
    expect(res.body.pending).toEqual([
      { type: WIDGET, resourceId: w.id, from: "BUILD", to: "ACTIVE", enteredAt: t0, dueAt: t0 + BUILD_MS, mode: "scheduled" },
    ]);
    await advance("5s");
    expect((await call(emu, "GET", "/_emulator/transitions")).body.pending).toEqual([]);
  });

  it("forgets the step of a deleted resource", async () => {
    const w = await createWidget(emu, token);
    expect((await call(emu, "DELETE", `/toy/widgets/${w.id}`, { token })).status).toBe(204);
    expect(emu.transitions.pending()).toEqual([]);
    await advance("1m");
    expect(emu.events.log.list({ filter: (e) => e.type === "toy.widget.status_changed" })).toEqual([]);
  });
});

describe("overrides for a whole type", () => {
  it("immediate: the create response already shows the next state", async () => {
    await override({ type: WIDGET, mode: "immediate" });
    const w = await createWidget(emu, token);
    expect(w.status).toBe("ACTIVE");
  });

  it("delay: takes the given time instead", async () => {
    await override({ type: WIDGET, mode: "delay", after: "60s" });
    const w = await createWidget(emu, token);
    await advance("59s");
    expect(await status(w.id)).toBe("BUILD");
    await advance(1_000);
    expect(await status(w.id)).toBe("ACTIVE");
  });

  it("manual: moves only when stepped", async () => {
    await override({ type: WIDGET, mode: "manual" });
    const w = await createWidget(emu, token);
    await advance("50m");
    expect(await status(w.id)).toBe("BUILD");
    expect(emu.transitions.pending()).toMatchObject([{ resourceId: w.id, mode: "manual", dueAt: null }]);
    const stepped = await call(emu, "POST", "/_emulator/transitions/step", { body: { type: WIDGET, resourceId: w.id } });
    expect(stepped.status).toBe(200);
    expect(stepped.body.stepped).toMatchObject({ from: "BUILD", to: "ACTIVE" });
    expect(await status(w.id)).toBe("ACTIVE");
    const again = await call(emu, "POST", "/_emulator/transitions/step", { body: { type: WIDGET, resourceId: w.id } });
    expect(again.status).toBe(404);
  });

  it("manual: a step may name another target", async () => {
    await override({ type: WIDGET, mode: "manual" });
    const w = await createWidget(emu, token);
    await call(emu, "POST", "/_emulator/transitions/step", { body: { type: WIDGET, resourceId: w.id, to: "ERROR" } });
    expect(await status(w.id)).toBe("ERROR");
  });

  it("stick: never moves on its own, but can still be stepped", async () => {
    await override({ type: WIDGET, mode: "stick" });
    const w = await createWidget(emu, token);
    await advance("55m");
    expect(await status(w.id)).toBe("BUILD");
    expect(emu.transitions.pending()).toMatchObject([{ mode: "stuck" }]);
    await call(emu, "POST", "/_emulator/transitions/step", { body: { type: WIDGET, resourceId: w.id } });
    expect(await status(w.id)).toBe("ACTIVE");
  });

  it("redirect: goes to the given state at the declared time", async () => {
    await override({ type: WIDGET, from: "BUILD", mode: "redirect", to: "ERROR" });
    const w = await createWidget(emu, token);
    await advance(BUILD_MS - 1);
    expect(await status(w.id)).toBe("BUILD");
    await advance(1);
    expect(await status(w.id)).toBe("ERROR");
  });

  it("redirect with `after`: at the given time instead", async () => {
    await override({ type: WIDGET, mode: "redirect", to: "ERROR", after: 100 });
    const w = await createWidget(emu, token);
    await advance(100);
    expect(await status(w.id)).toBe("ERROR");
  });

  it("`from` limits an override to one step of the lifecycle", async () => {
    await override({ type: WIDGET, from: "REBUILD", mode: "stick" });
    const w = await createWidget(emu, token);
    await advance("5s");
    expect(await status(w.id)).toBe("ACTIVE");
    await call(emu, "POST", `/toy/widgets/${w.id}/rebuild`, { token });
    await advance("50m");
    expect(await status(w.id)).toBe("REBUILD");
  });
});

describe("overrides for one resource", () => {
  it("apply to a resource whose step is already under way, and to no other", async () => {
    const a = await createWidget(emu, token, "a");
    const b = await createWidget(emu, token, "b");
    await override({ type: WIDGET, resourceId: a.id, mode: "stick" });
    await advance("5s");
    expect(await status(a.id)).toBe("BUILD");
    expect(await status(b.id)).toBe("ACTIVE");
  });

  it("immediate on a pending step runs it at once", async () => {
    const a = await createWidget(emu, token, "a");
    await override({ type: WIDGET, resourceId: a.id, mode: "immediate" });
    expect(await status(a.id)).toBe("ACTIVE");
  });

  it("delay counts from when the resource entered the state", async () => {
    const a = await createWidget(emu, token, "a");
    await advance("3s");
    await override({ type: WIDGET, resourceId: a.id, mode: "delay", after: "4s" });
    await advance(999);
    expect(await status(a.id)).toBe("BUILD");
    await advance(1);
    expect(await status(a.id)).toBe("ACTIVE");
  });

  it("win over type-wide overrides whatever the order they were added in", async () => {
    const a = await createWidget(emu, token, "a");
    await override({ type: WIDGET, resourceId: a.id, mode: "redirect", to: "ERROR" });
    await override({ type: WIDGET, mode: "stick" }); // newer, but less specific
    const b = await createWidget(emu, token, "b");
    await advance("5s");
    expect(await status(a.id)).toBe("ERROR");
    expect(await status(b.id)).toBe("BUILD");
  });

  it("removing an override puts the declared timing back; a step already overdue runs at once", async () => {
    const a = await createWidget(emu, token, "a");
    const o = await override({ type: WIDGET, resourceId: a.id, mode: "manual" });
    await advance("10s");
    expect(await status(a.id)).toBe("BUILD");
    expect((await call(emu, "DELETE", `/_emulator/transitions/overrides/${o.id}`)).status).toBe(204);
    expect(await status(a.id)).toBe("ACTIVE");
    expect((await call(emu, "DELETE", `/_emulator/transitions/overrides/${o.id}`)).status).toBe(404);
  });

  it("DELETE /transitions/overrides clears them all", async () => {
    await override({ type: WIDGET, mode: "stick" });
    await override({ type: WIDGET, mode: "manual", resourceId: "x" });
    expect((await call(emu, "DELETE", "/_emulator/transitions/overrides")).status).toBe(204);
    expect((await call(emu, "GET", "/_emulator/transitions")).body.overrides).toEqual([]);
    const w = await createWidget(emu, token);
    await advance("5s");
    expect(await status(w.id)).toBe("ACTIVE");
  });
});

describe("override validation and reset", () => {
  it("rejects overrides that cannot mean anything", async () => {
    for (const body of [
      { type: "toy.nothing", mode: "stick" },
      { type: WIDGET, mode: "delay" },
      { type: WIDGET, mode: "redirect" },
      { type: WIDGET, mode: "stick", to: "ERROR" },
      { type: WIDGET, mode: "manual", after: "5s" },
      { type: WIDGET, mode: "slow" },
      { type: WIDGET, mode: "delay", after: "soon" },
    ]) {
      const res = await call(emu, "POST", "/_emulator/transitions/overrides", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.status).toBe(400);
    }
    expect(emu.transitions.overrides()).toEqual([]);
  });

  it("reset drops overrides and steps under way", async () => {
    await override({ type: WIDGET, mode: "stick" });
    await createWidget(emu, token);
    await call(emu, "POST", "/_emulator/reset");
    const res = await call(emu, "GET", "/_emulator/transitions");
    expect(res.body.overrides).toEqual([]);
    expect(res.body.pending).toEqual([]);
  });
});

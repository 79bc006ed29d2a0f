// GET /_emulator/resources/{type}/{id} and POST /_emulator/clock/advance-until: a test on a frozen clock
// waits for a server's status by moving time from one planned step to the next, never past a bound, and is
// told at once (409) when time alone will not get the server there.

import { describe, expect, it } from "vitest";
import { call } from "../helpers/emulator.js";
import { BUILD_MS, computeApi } from "../helpers/compute.js";

const until = (t: Awaited<ReturnType<typeof computeApi>>, body: unknown) => call(t.emu, "POST", "/_emulator/clock/advance-until", { body });

describe("GET /_emulator/resources/compute.server/{id}", () => {
  it("shows the status Nova shows and the step planned next", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const res = await call(t.emu, "GET", `/_emulator/resources/compute.server/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: "compute.server",
      id,
      status: "BUILD",
      pending: { type: "compute.server", resourceId: id, from: "building", to: "active", enteredAt: t.emu.clock.now(), dueAt: t.emu.clock.now() + BUILD_MS, mode: "scheduled" },
    });
    t.advance(BUILD_MS);
    expect((await call(t.emu, "GET", `/_emulator/resources/compute.server/${id}`)).body).toMatchObject({ status: "ACTIVE", pending: null });
  });

  it("is a 404 for no such server and a 400 for a type it cannot read", async () => {
    const t = await computeApi();
    expect((await call(t.emu, "GET", "/_emulator/resources/compute.server/nope")).body.error).toMatchObject({ status: 404, message: "No compute.server nope (deleted, or never made)." });
    const res = await call(t.emu, "GET", "/_emulator/resources/compute.flavor/1");
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("No status to read for type compute.flavor. Types: compute.server, block-storage.volume, block-storage.snapshot, block-storage.backup.");
  });
});

describe("POST /_emulator/clock/advance-until", () => {
  it("moves the clock just as far as the build takes", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const start = t.emu.clock.now();
    const res = await until(t, { id, status: "active" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: "ACTIVE", advancedMs: BUILD_MS, clock: { epochMs: start + BUILD_MS, frozen: true } });
    // already there: nothing moves
    expect((await until(t, { type: "compute.server", id, status: "ACTIVE" })).body.advancedMs).toBe(0);
  });

  it("follows several steps: a delete ends in DELETED once the server is gone", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    await until(t, { id, status: "ACTIVE" });
    expect((await t.api("DELETE", `/servers/${id}`, { token: t.demo })).status).toBe(204);
    const res = await until(t, { id, status: "DELETED" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe("DELETED");
    expect(res.body.advancedMs).toBeGreaterThan(0);
    expect((await t.api("GET", `/servers/${id}`)).status).toBe(404);
  });

  it("408 when the next step falls past `within`, leaving the clock where it was", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    const before = t.emu.clock.now();
    const res = await until(t, { id, status: "ACTIVE", within: "4s" });
    expect(res.status).toBe(408);
    expect(res.body.error).toMatchObject({ status: 408, code: "Timeout", resourceStatus: "BUILD" });
    expect(res.body.error.message).toMatch(/is BUILD, not ACTIVE: its next step is due 5000 ms on, past the 4000 ms bound/);
    expect(t.emu.clock.now()).toBe(before);
  });

  it("409 at once when time alone will not get there: a stuck step, or a server at rest in ERROR", async () => {
    const t = await computeApi();
    const { id } = await t.create();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", resourceId: id, mode: "stick" } });
    const stuck = await until(t, { id, status: "ACTIVE" });
    expect(stuck.status).toBe(409);
    expect(stuck.body.error).toMatchObject({ code: "Stuck", resourceStatus: "BUILD" });
    expect(stuck.body.error.message).toMatch(/its step from building is stuck; POST \/_emulator\/transitions\/step moves it/);

    await call(t.emu, "POST", "/_emulator/transitions/step", { body: { type: "compute.server", resourceId: id, to: "error" } });
    const error = await until(t, { id, status: "ACTIVE" });
    expect(error.status).toBe(409);
    expect(error.body.error).toMatchObject({ code: "Stuck", resourceStatus: "ERROR" });
    expect(error.body.error.message).toMatch(/no lifecycle step is planned/);
    expect((await until(t, { id, status: "error" })).status).toBe(200);
  });

  it("works on a running clock too", async () => {
    const t = await computeApi();
    t.emu.clock.unfreeze();
    try {
      const { id } = await t.create();
      const res = await until(t, { id, status: "ACTIVE" });
      expect(res.status).toBe(200);
      expect(res.body.clock.frozen).toBe(false);
    } finally {
      t.emu.clock.freeze();
    }
  });

  it.each([
    [{ status: "ACTIVE" }, 400, /id/],
    [{ id: "x", status: "ACTIVE", within: "soon" }, 400, /Not a duration/],
    [{ id: "x", status: "ACTIVE", extra: 1 }, 400, /extra/],
    [{ type: "toy.widget", id: "x", status: "ACTIVE" }, 400, /No status to read for type toy.widget/],
    [{ id: "nope", status: "ACTIVE" }, 404, /No compute.server nope/],
  ])("refuses %j with a %i and moves nothing", async (body, status, message) => {
    const t = await computeApi();
    const before = t.emu.clock.now();
    const res = await until(t, body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
    expect(t.emu.clock.now()).toBe(before);
  });
});

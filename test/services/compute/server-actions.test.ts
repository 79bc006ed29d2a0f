// Server actions: reboot, os-stop, os-start, pause, suspend and their state machine on the virtual clock;
// the 409s of a wrong state (Nova's message), the lock, the dispatch's 400s and another project's 404.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi, BUILD_MS, failedBuild, fault, states } from "./server-actions-setup.js";

describe("reboot", () => {
  it("SOFT shows REBOOT (task rebooting), then ACTIVE with no task after actionMs", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    expect(states(await t.show(server.id))).toEqual({ status: "REBOOT", vm: "active", task: "rebooting", power: 1 });
    t.advance(ACTION_MS - 1);
    expect((await t.show(server.id)).status).toBe("REBOOT");
    t.advance(1);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });

  it("HARD shows HARD_REBOOT (task rebooting_hard), then ACTIVE; the type is case-insensitive", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { reboot: { type: "hard" } });
    expect(states(await t.show(server.id))).toMatchObject({ status: "HARD_REBOOT", task: "rebooting_hard" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });

  it("HARD starts a stopped server (ACTIVE, power 1); SOFT on it is 409", async () => {
    const t = await actionApi();
    const server = await t.stopped();
    const res = await t.refuse(server.id, { reboot: { type: "SOFT" } }, 409);
    expect(fault(res)).toEqual({ name: "conflictingRequest", code: 409, message: `Cannot 'reboot' instance ${server.id} while it is in vm_state stopped` });
    await t.ok(server.id, { reboot: { type: "HARD" } });
    // a stopped server shows its vm_state's status while the hard reboot runs
    expect(states(await t.show(server.id))).toMatchObject({ status: "SHUTOFF", task: "rebooting_hard" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });

  it("HARD may interrupt a SOFT reboot under way; a second SOFT may not", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    const res = await t.refuse(server.id, { reboot: { type: "SOFT" } }, 409);
    expect(fault(res).message).toBe(`Cannot 'reboot' instance ${server.id} while it is in task_state rebooting`);
    t.advance(ACTION_MS / 2);
    await t.ok(server.id, { reboot: { type: "HARD" } });
    t.advance(ACTION_MS / 2);
    expect((await t.show(server.id)).status).toBe("HARD_REBOOT");
    t.advance(ACTION_MS / 2);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: null });
  });

  it("a bad or missing type is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    for (const body of [{ reboot: { type: "WARM" } }, { reboot: {} }, { reboot: null }, { reboot: { type: "SOFT", extra: 1 } }]) {
      const res = await t.refuse(server.id, body, 400);
      expect(fault(res).name).toBe("badRequest");
    }
  });
});

describe("os-stop and os-start", () => {
  it("stop: task powering-off, then SHUTOFF (vm_state stopped, power 4); start: powering-on, then ACTIVE", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.ok(server.id, { "os-stop": null });
    expect(res.text).toBe("");
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: "powering-off", power: 1 });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });

    await t.ok(server.id, { "os-start": null });
    expect(states(await t.show(server.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: "powering-on", power: 4 });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });

  it("start on ACTIVE and stop on SHUTOFF are 409 with Nova's message, nothing changed", async () => {
    const t = await actionApi();
    const server = await t.active();
    let res = await t.refuse(server.id, { "os-start": null }, 409);
    expect(fault(res)).toEqual({ name: "conflictingRequest", code: 409, message: `Cannot 'start' instance ${server.id} while it is in vm_state active` });
    await t.stopped().then(async (stopped) => {
      res = await t.refuse(stopped.id, { "os-stop": null }, 409);
      expect(fault(res).message).toBe(`Cannot 'stop' instance ${stopped.id} while it is in vm_state stopped`);
    });
  });

  it("an ERROR server may be stopped", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { "os-resetState": { state: "error" } }, 202, { token: t.admin });
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toMatchObject({ status: "SHUTOFF", vm: "stopped", power: 4 });
  });

  it("a server whose build failed (no host, never launched) is not ready to stop, nor to reboot", async () => {
    const { t, id } = await failedBuild();
    expect(fault(await t.refuse(id, { "os-stop": null }, 409)).message).toBe(`Instance ${id} is not ready`);
    expect(fault(await t.refuse(id, { reboot: { type: "HARD" } }, 409)).message).toBe(`Cannot 'reboot' instance ${id} while it is in launched_at None`);
  });

  it("any action while a task runs is 409 naming the task_state", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { "os-stop": null });
    for (const [body, method] of [
      [{ "os-stop": null }, "stop"],
      [{ reboot: { type: "SOFT" } }, "reboot"],
      [{ resize: { flavorRef: "2" } }, "resize"],
      [{ createImage: { name: "snap" } }, "createImage"],
      [{ pause: null }, "pause"],
    ] as const) {
      const res = await t.refuse(server.id, body, 409);
      expect(fault(res).message).toBe(`Cannot '${method}' instance ${server.id} while it is in task_state powering-off`);
    }
  });

  it("a server still building refuses actions (vm_state building)", async () => {
    const t = await actionApi();
    const { id } = await t.create();
    const res = await t.refuse(id, { "os-stop": null }, 409);
    expect(fault(res).message).toBe(`Cannot 'stop' instance ${id} while it is in vm_state building`);
    expect(fault(await t.refuse(id, { reboot: { type: "HARD" } }, 409)).message).toBe(`Cannot 'reboot' instance ${id} while it is in vm_state building`);
  });
});

describe("pause, unpause, suspend, resume", () => {
  it("pause: PAUSED (power 3); unpause: ACTIVE; suspend: SUSPENDED (power 7); resume: ACTIVE", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { pause: null });
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "pausing" });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "PAUSED", vm: "paused", task: null, power: 3 });
    expect(fault(await t.refuse(server.id, { suspend: null }, 409)).message).toBe(`Cannot 'suspend' instance ${server.id} while it is in vm_state paused`);
    await t.ok(server.id, { unpause: null });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });

    await t.ok(server.id, { suspend: null });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "SUSPENDED", vm: "suspended", task: null, power: 7 });
    expect(fault(await t.refuse(server.id, { unpause: null }, 409)).message).toBe(`Cannot 'unpause' instance ${server.id} while it is in vm_state suspended`);
    await t.ok(server.id, { resume: null });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
  });
});

describe("the action request", () => {
  it("an unknown action key is 400 There is no such action", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.refuse(server.id, { frobnicate: null }, 400);
    expect(fault(res)).toEqual({ name: "badRequest", code: 400, message: "There is no such action: frobnicate" });
    // prototype keys are not actions either
    expect((await t.refuse(server.id, { toString: null }, 400)).status).toBe(400);
  });

  it("more than one key, no key, a non-object or no JSON at all is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    const both = await t.refuse(server.id, { "os-stop": null, reboot: { type: "SOFT" } }, 400);
    expect(fault(both)).toEqual({ name: "badRequest", code: 400, message: "Malformed request body" });
    for (const body of [{}, [], "os-stop", 1]) await t.refuse(server.id, body, 400);
    const before = t.fingerprint();
    const raw = await t.api("POST", `/servers/${server.id}/action`, { token: t.demo, raw: "{not json" });
    expect(raw.status).toBe(400);
    expect(t.fingerprint()).toBe(before);
  });

  it("another project's server, or none, is 404 itemNotFound", async () => {
    const t = await actionApi();
    const theirs = await t.create({ networks: "none" }, { token: t.admin });
    t.advance(BUILD_MS);
    expect((await t.show(theirs.id)).status).toBe("ACTIVE");
    for (const id of [theirs.id, "00000000-0000-0000-0000-000000000000"]) {
      const res = await t.refuse(id, { "os-stop": null }, 404);
      expect(fault(res)).toEqual({ name: "itemNotFound", code: 404, message: `Instance ${id} could not be found.` });
    }
    // an admin acts on any project's server
    await t.ok(theirs.id, { "os-stop": null }, 202, { token: t.admin });
  });

  it("without a token it is 401", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { "os-stop": null }, 401, { token: null });
  });
});

describe("lock and unlock", () => {
  it("a locked server refuses its owner's actions (409) but not an admin's; unlock lifts it", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { lock: null });
    expect((await t.show(server.id, { version: "2.9" })).locked).toBe(true);
    for (const body of [{ "os-stop": null }, { reboot: { type: "HARD" } }, { resize: { flavorRef: "2" } }, { pause: null }]) {
      const res = await t.refuse(server.id, body, 409);
      expect(fault(res)).toEqual({ name: "conflictingRequest", code: 409, message: `Instance ${server.id} is locked` });
    }
    await t.ok(server.id, { reboot: { type: "SOFT" } }, 202, { token: t.admin });
    t.advance(ACTION_MS);
    await t.ok(server.id, { unlock: null });
    expect((await t.show(server.id, { version: "2.9" })).locked).toBe(false);
    await t.ok(server.id, { "os-stop": null });
  });

  it("from 2.73 the lock takes a reason, shown as locked_reason; an unknown key is 400", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { lock: { reason: "x" } }, 400, { version: "2.73" });
    await t.ok(server.id, { lock: { locked_reason: "maintenance" } }, 202, { version: "2.73" });
    expect((await t.show(server.id, { version: "2.73" })).locked_reason).toBe("maintenance");
    await t.ok(server.id, { unlock: null }, 202, { version: "2.73" });
    expect((await t.show(server.id, { version: "2.73" })).locked_reason).toBe(null);
    // before 2.73 the body is not read
    await t.ok(server.id, { lock: { anything: true } });
    expect((await t.show(server.id, { version: "2.73" })).locked_reason).toBe(null);
  });

  it("a server an admin of another project locked cannot be unlocked by its owner (403)", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { lock: null }, 202, { token: t.admin });
    const res = await t.refuse(server.id, { unlock: null }, 403);
    expect(fault(res).name).toBe("forbidden");
    await t.ok(server.id, { unlock: null }, 202, { token: t.admin });
  });
});

describe("lifecycle overrides and events", () => {
  it("a stick override holds a server in its phase until stepped through the control API", async () => {
    const t = await actionApi();
    const server = await t.active();
    const o = await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", from: "powering-off", mode: "stick" } });
    expect(o.status, o.text).toBe(201);
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS * 10);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: "powering-off" });
    expect(await t.pending(server.id)).toEqual([expect.objectContaining({ from: "powering-off", to: "stopped", mode: "stuck" })]);
    const step = await call(t.emu, "POST", "/_emulator/transitions/step", { body: { type: "compute.server", resourceId: server.id } });
    expect(step.status, step.text).toBe(200);
    expect(states(await t.show(server.id))).toMatchObject({ status: "SHUTOFF", task: null });
  });

  it("a redirect to error sends the phase to ERROR with a fault", async () => {
    const t = await actionApi();
    const server = await t.active();
    await call(t.emu, "POST", "/_emulator/transitions/overrides", { body: { type: "compute.server", from: "rebooting", mode: "redirect", to: "error" } });
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    t.advance(ACTION_MS);
    const after = await t.show(server.id);
    expect(states(after)).toMatchObject({ status: "ERROR", task: null });
    expect(after.fault.message).toContain("rebooting");
  });

  it("each status change publishes compute.server.state_changed", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { reboot: { type: "SOFT" } });
    t.advance(ACTION_MS);
    const events = (await call(t.emu, "GET", "/_emulator/events?type=compute.server.state_changed")).body.events as Array<{ payload: any }>;
    const mine = events.map((e) => e.payload).filter((p) => p.id === server.id);
    expect(mine.slice(-2).map((p) => [p.from, p.to])).toEqual([
      ["ACTIVE", "REBOOT"],
      ["REBOOT", "ACTIVE"],
    ]);
  });
});

// A server's rarely set fields (a description, access addresses, a lock, a fault, a resize's old flavor) are
// kept apart from its record, and only by a server that sets one (server-rare.ts). What a client sees does not
// change: each shows as before, a change and its undoing read back, and a snapshot written by an older build,
// whose servers held every such field themselves, imports with them; a snapshot whose record is malformed is
// refused (400), nothing changed.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, actionApi } from "./server-actions-setup.js";

const stateServer = async (t: Awaited<ReturnType<typeof actionApi>>, id: string) => {
  const snapshot = JSON.parse((await call(t.emu, "GET", "/_emulator/state")).text);
  const found: Record<string, unknown>[] = [];
  const walk = (v: unknown): void => {
    if (v === null || typeof v !== "object") return;
    if (!Array.isArray(v) && (v as { id?: unknown }).id === id && Object.hasOwn(v, "vmState")) found.push(v as Record<string, unknown>);
    else for (const child of Object.values(v)) walk(child);
  };
  walk(snapshot.state.compute.servers);
  expect(found).toHaveLength(1);
  return { snapshot, row: found[0] };
};

describe("a server's rarely set fields", () => {
  it("are given at create and shown; a server that sets none keeps no record of them", async () => {
    const t = await actionApi();
    const plain = await t.active();
    expect(plain).toMatchObject({ accessIPv4: "", accessIPv6: "", "OS-DCF:diskConfig": "MANUAL" });
    expect((await stateServer(t, plain.id)).row).not.toHaveProperty("rare");

    const given = await t.active({ description: "web tier", accessIPv4: "192.0.2.7", "OS-DCF:diskConfig": "AUTO" }, { version: "2.19" });
    const shown = await t.show(given.id, { version: "2.19" });
    expect(shown).toMatchObject({ description: "web tier", accessIPv4: "192.0.2.7", accessIPv6: "", "OS-DCF:diskConfig": "AUTO", locked: false });
  });

  it("read back after a change and after its undoing (lock with a reason, then unlock)", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { lock: { locked_reason: "maintenance" } }, 202, { version: "2.73" });
    expect(await t.show(server.id, { version: "2.73" })).toMatchObject({ locked: true, locked_reason: "maintenance" });
    // a locked server refuses its owner's actions
    await t.refuse(server.id, { "os-stop": null }, 409);
    await t.ok(server.id, { unlock: null });
    expect(await t.show(server.id, { version: "2.73" })).toMatchObject({ locked: false, locked_reason: null });
    expect((await stateServer(t, server.id)).row).not.toHaveProperty("rare");
    await t.ok(server.id, { "os-stop": null });
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("SHUTOFF");
  });

  it("of an older build's snapshot (held flat on the server) import, show and change", async () => {
    const t = await actionApi();
    const server = await t.active();
    const { snapshot, row } = await stateServer(t, server.id);
    Object.assign(row, {
      description: "from before",
      oldFlavorId: null,
      oldFlavor: null,
      userData: null,
      requestedZone: null,
      serverGroupId: null,
      resumeState: null,
      fault: null,
      locked: true,
      lockedReason: "kept",
      configDrive: "",
      accessIPv4: "198.51.100.4",
      accessIPv6: "",
      diskConfig: "MANUAL",
      terminatedAt: null,
    });
    expect((await call(t.emu, "PUT", "/_emulator/state", { body: snapshot })).status).toBe(200);

    const shown = await t.show(server.id, { version: "2.73" });
    expect(shown).toMatchObject({ description: "from before", locked: true, locked_reason: "kept", accessIPv4: "198.51.100.4" });
    await t.refuse(server.id, { "os-stop": null }, 409);
    await t.ok(server.id, { unlock: null });
    const after = await t.show(server.id, { version: "2.73" });
    expect(after).toMatchObject({ description: "from before", locked: false, locked_reason: null, accessIPv4: "198.51.100.4" });
  });

  it("of a snapshot, malformed (not a record, a field of the wrong type, an unknown field), are a 400 that changes nothing", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { lock: null });
    const before = (await call(t.emu, "GET", "/_emulator/state")).text;
    const bad: unknown[] = [5, "locked", [], null, { locked: "yes" }, { fault: { code: "500" } }, { migration: 7 }, { sneaky: true }];
    for (const rare of bad) {
      const { snapshot, row } = await stateServer(t, server.id);
      row.rare = typeof rare === "object" && rare !== null && !Array.isArray(rare) ? { ...(row.rare as object), ...rare } : rare;
      const res = await call(t.emu, "PUT", "/_emulator/state", { body: snapshot });
      expect(res.status, JSON.stringify(rare)).toBe(400);
      expect(res.body.error.message).toContain(`server ${server.id}'s rare fields`);
      expect((await call(t.emu, "GET", "/_emulator/state")).text).toBe(before);
    }
    expect(await t.show(server.id)).toMatchObject({ status: "ACTIVE" });
  });
});

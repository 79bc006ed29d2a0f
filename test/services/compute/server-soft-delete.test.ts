// Deferred delete: with reclaim_instance_interval > 0 (here 60 s) DELETE makes a launched server
// SOFT_DELETED, reclaimed (gone) once the interval has passed on the virtual clock; restore brings it back
// ACTIVE, forceDelete deletes it now. Without the option DELETE deletes and restore is 409.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, fault, states } from "./server-actions-setup.js";
import { customCompute } from "./custom-compute.js";

const RECLAIM_MS = 60_000;

async function withReclaim() {
  return customCompute({ reclaimInstanceMs: RECLAIM_MS });
}

describe("soft delete", () => {
  it("DELETE -> SOFT_DELETED, reclaimed after the interval", async () => {
    const t = await withReclaim();
    const server = await t.active();
    expect((await t.api("DELETE", `/servers/${server.id}`, { token: t.demo })).status).toBe(204);
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toEqual({ status: "SOFT_DELETED", vm: "soft-delete", task: null, power: 4 });
    t.advance(RECLAIM_MS - 1);
    expect((await t.show(server.id)).status).toBe("SOFT_DELETED");
    t.advance(1 + ACTION_MS);
    expect((await t.api("GET", `/servers/${server.id}`)).status).toBe(404);
  });

  it("restore brings it back ACTIVE and stops the reclaim; forceDelete deletes at once", async () => {
    const t = await withReclaim();
    const a = await t.active();
    await t.api("DELETE", `/servers/${a.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    await t.ok(a.id, { restore: null });
    t.advance(ACTION_MS);
    expect(states(await t.show(a.id))).toEqual({ status: "ACTIVE", vm: "active", task: null, power: 1 });
    t.advance(RECLAIM_MS);
    expect((await t.show(a.id)).status).toBe("ACTIVE");
    expect(fault(await t.refuse(a.id, { restore: null }, 409)).message).toBe(`Cannot 'restore' instance ${a.id} while it is in vm_state active`);
    await t.api("DELETE", `/servers/${a.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    await t.ok(a.id, { forceDelete: null });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${a.id}`)).status).toBe(404);
  });

  it("without the option DELETE deletes, and restore is 409", async () => {
    const t = await actionApi();
    const server = await t.active();
    expect(fault(await t.refuse(server.id, { restore: null }, 409)).message).toBe(`Cannot 'restore' instance ${server.id} while it is in vm_state active`);
    await t.api("DELETE", `/servers/${server.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${server.id}`)).status).toBe(404);
  });
});

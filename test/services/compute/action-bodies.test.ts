// Actions without arguments take `{"<action>": null}` or `{"<action>": {}}` (tempest's clients send the
// latter; Nova accepts both); anything else in them is still a 400.

import { describe, expect, it } from "vitest";
import { ACTION_MS, actionApi, states } from "./server-actions-setup.js";
import { customCompute } from "./custom-compute.js";

describe("actions without arguments", () => {
  it("shelve, unshelve and rescue/unrescue with {} bodies", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.ok(server.id, { shelve: {} });
    t.advance(ACTION_MS * 3);
    expect((await t.show(server.id)).status).toBe("SHELVED_OFFLOADED");
    await t.ok(server.id, { unshelve: null });
    t.advance(ACTION_MS * 3);
    await t.ok(server.id, { rescue: {} }, 200);
    t.advance(ACTION_MS);
    expect((await t.show(server.id)).status).toBe("RESCUE");
    await t.ok(server.id, { unrescue: {} });
    t.advance(ACTION_MS);
    expect(states(await t.show(server.id))).toMatchObject({ status: "ACTIVE", task: null });
  });

  it("restore and forceDelete of a soft-deleted server with {} bodies", async () => {
    const t = await customCompute({ reclaimInstanceMs: 60_000 });
    const a = await t.active();
    await t.api("DELETE", `/servers/${a.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    await t.ok(a.id, { restore: {} });
    t.advance(ACTION_MS);
    expect((await t.show(a.id)).status).toBe("ACTIVE");
    await t.api("DELETE", `/servers/${a.id}`, { token: t.demo });
    t.advance(ACTION_MS);
    await t.ok(a.id, { forceDelete: {} });
    t.advance(ACTION_MS);
    expect((await t.api("GET", `/servers/${a.id}`)).status).toBe(404);
  });

  it("an argument they do not take is still refused", async () => {
    const t = await actionApi();
    const server = await t.active();
    await t.refuse(server.id, { shelve: { force: true } }, 400);
    await t.refuse(server.id, { shelve: "now" }, 400);
  });
});

// os-server-external-events (admin): each event answered with its status and code (200 delivered, 404 no
// such server, 422 no host, 400 tag missing where required); 207 when any failed; names gated by microversion.

import { describe, expect, it } from "vitest";
import { actionApi, failedBuild, states } from "./server-actions-setup.js";

const MISSING = "00000000-0000-4000-8000-000000000000";

describe("os-server-external-events", () => {
  it("200 when every event is delivered, each echoed with status completed and code 200", async () => {
    const t = await actionApi();
    const server = await t.active();
    const res = await t.api("POST", "/os-server-external-events", { body: { events: [{ name: "network-vif-plugged", server_uuid: server.id, tag: "p1" }] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ events: [{ name: "network-vif-plugged", server_uuid: server.id, tag: "p1", status: "completed", code: 200 }] });
  });

  it("207 with per-event failures: unknown server 404, no host 422, power-update without a tag 400", async () => {
    const { t, id } = await failedBuild();
    const res = await t.api("POST", "/os-server-external-events", {
      version: "2.76",
      body: { events: [{ name: "network-changed", server_uuid: MISSING }, { name: "network-changed", server_uuid: id }, { name: "power-update", server_uuid: id }] },
    });
    expect(res.status).toBe(207);
    expect(res.body.events.map((e: any) => [e.status, e.code])).toEqual([["failed", 404], ["failed", 422], ["failed", 400]]);
  });

  it("power-update (2.76) POWER_OFF stops an ACTIVE server; the name is refused before 2.76; non-admins 403", async () => {
    const t = await actionApi();
    const server = await t.active();
    const body = { events: [{ name: "power-update", server_uuid: server.id, tag: "POWER_OFF" }] };
    await t.refused(400, "POST", "/os-server-external-events", { version: "2.75", body });
    await t.refused(403, "POST", "/os-server-external-events", { token: t.demo, version: "2.76", body });
    await t.refused(400, "POST", "/os-server-external-events", { body: { events: [] } });
    expect((await t.api("POST", "/os-server-external-events", { version: "2.76", body })).status).toBe(200);
    expect(states(await t.show(server.id))).toEqual({ status: "SHUTOFF", vm: "stopped", task: null, power: 4 });
  });
});

// The providers the shipped library does not exercise: a server failed by name, an HA notification posted,
// a background activity starting at its time while the method goes on, range tolerances and a selector
// that cannot be read (refused before anything runs).

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { run, runIn } from "./helpers.js";

const notifications = { type: "http", path: "/instance-ha/v1/notifications", headers: { "OpenStack-API-Version": "instance-ha 1.3" }, as: { user: "admin" } };

describe("experiment providers", () => {
  it("fail-server by name, a background fail-host at 30s, ha-notification; range and equals tolerances", async () => {
    const report = await run({
      title: "providers",
      method: [
        { type: "action", name: "host-later", background: true, pauses: { before: "30s" }, provider: { type: "fail-host", host: "compute-2" } },
        { type: "action", name: "fail-app-1", provider: { type: "fail-server", server: "app-1", message: "guest crashed" } },
        { type: "probe", name: "app-1-error", provider: { type: "http", path: "/compute/v2.1/servers/detail?all_tenants=1&name=app-1", as: { user: "admin" } }, tolerance: { select: "$.servers[0].status", equals: "ERROR" } },
        { type: "action", name: "wait", provider: { type: "wait", for: "1m" } },
        { type: "probe", name: "notifications", provider: notifications, tolerance: { select: "$.notifications[*].id", range: [1, 2], count: 2 } },
        { type: "action", name: "no-such-server", provider: { type: "fail-server", server: "nope" } },
      ],
    });
    expect(report.status).toBe("completed");
    expect(report.method.map((m: any) => [m.name, m.ok, m.status ?? null])).toEqual([
      // a background action's result is filled in when it ran
      ["host-later", true, 200],
      ["fail-app-1", true, 200],
      ["app-1-error", true, 200],
      ["wait", true, null],
      ["notifications", true, 200],
      ["no-such-server", false, 404],
    ]);
    // the background action ran at 30 s, within the minute's wait
    expect(report.timeline.filter((e: any) => e.kind === "action").map((e: any) => `${e.t} ${e.name}`)).toEqual(["0 fail-app-1", "0 wait", "30 host-later", "60 no-such-server"]);
  });

  it("a selector that cannot be read is a 400 naming the field", async () => {
    const res = await runIn(testEmulator(), {
      title: "t",
      "steady-state-hypothesis": { title: "h", probes: [{ type: "probe", name: "p", provider: notifications, tolerance: { select: "$.a[?(@.x>1)]", count: 0 } }] },
      method: [{ type: "action", name: "w", provider: { type: "wait", for: "1s" } }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      `Invalid input for field 'experiment.steady-state-hypothesis.probes.0.tolerance.select': selector "$.a[?(@.x>1)]": cannot read "[?(@.x>1)]" (.name, [n], [*], ['name'], [?(@.field=='value')]).`,
    );
  });

  it("an HA notification posted by the experiment is picked up by the recovery engine", async () => {
    const emu = testEmulator();
    const res = await runIn(emu, {
      title: "notify",
      method: [
        { type: "action", name: "notify", provider: { type: "ha-notification", notification: { type: "COMPUTE_HOST", hostname: "compute-1", generated_time: "2030-01-01T00:00:00", payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" } } } },
        { type: "action", name: "wait", provider: { type: "wait", for: "10m" } },
      ],
    });
    expect(res.body.report.method[0]).toMatchObject({ ok: true, status: 202 });
    // created by the call, then running once the clock moved (what the recovery does next is the engine's)
    expect(res.body.report.timeline.filter((e: any) => /^instance-ha\.notification\.(created|running)$/.test(e.name)).map((e: any) => `${e.t} ${e.name}`).slice(0, 2)).toEqual([
      "0 instance-ha.notification.created",
      "0 instance-ha.notification.running",
    ]);
    expect((await call(emu, "GET", "/_emulator/experiments/experiment-1")).body.status).toBe("completed");
  });
});

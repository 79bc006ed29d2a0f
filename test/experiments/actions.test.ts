// The method's sugar actions, each through POST /_emulator/experiments: a service killed for a window, a
// project partitioned from networking (its calls and its builds' network allocation fail), a resource
// forced into a state (a pending step redirected, or the admin reset-state action), and `at` times.

import { describe, expect, it } from "vitest";
import { run, runIn } from "./helpers.js";
import { testEmulator } from "../helpers/emulator.js";

const servers = (user: string) => ({ type: "http", path: "/compute/v2.1/servers", as: { user } });
const probe = (name: string, provider: unknown, status: number, at?: string) => ({ type: "probe", name, provider, tolerance: { status }, ...(at ? { at } : {}) });
const actions = (report: any) => report.timeline.filter((e: any) => e.kind === "action" || e.kind === "probe").map((e: any) => `${e.t} ${e.name}${e.detail?.status ? ` ${e.detail.status}` : ""}`);

describe("experiment actions", () => {
  it("kill-service: every response of the service fails for the window, then it answers again; `at` places each step", async () => {
    const report = await run({
      title: "compute down for a minute",
      method: [
        { type: "action", name: "kill-compute", at: "10s", provider: { type: "kill-service", service: "compute", for: "1m" } },
        probe("down", servers("demo"), 503, "30s"),
        probe("identity-unharmed", { type: "http", path: "/identity/v3/auth/projects", as: { user: "demo" } }, 200),
        probe("up-again", servers("demo"), 200, "71s"),
        // a time already past: at once
        probe("late", servers("demo"), 200, "5s"),
      ],
    });
    expect(report.status).toBe("completed");
    expect(actions(report)).toEqual(["10 kill-compute 201", "30 down 503", "30 identity-unharmed 200", "70 kill-compute (window over) 204", "71 up-again 200", "71 late 200"]);
    expect(report.timeline.find((e: any) => e.kind === "request" && e.detail.status === 503)).toMatchObject({ t: 30, name: "GET /compute/v2.1/servers" });
  });

  it("partition: the project's networking calls and its builds fail; another project's do not; rules go when the window ends", async () => {
    const build = { type: "http", method: "POST", path: "/compute/v2.1/servers", as: { user: "demo" }, body: { server: { name: "cut-off", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "auto" } } };
    const report = await run(
      {
        title: "demo partitioned",
        method: [
          { type: "action", name: "partition-demo", provider: { type: "partition", project: "demo", operations: ["compute.server.build"], for: "5m" } },
          probe("demo-no-networking", { type: "http", path: "/networking/v2.0/networks", as: { user: "demo" } }, 503),
          probe("alt-networking", { type: "http", path: "/networking/v2.0/networks", as: { user: "alt" } }, 200),
          { type: "action", name: "build", provider: build },
          { type: "probe", name: "build-failed", at: "1m", provider: { type: "http", path: "/compute/v2.1/servers/detail?name=cut-off", as: { user: "demo" } }, tolerance: { select: "$.servers[0].status", equals: "ERROR" } },
          probe("demo-networking-back", { type: "http", path: "/networking/v2.0/networks", as: { user: "demo" } }, 200, "6m"),
        ],
      },
      { world: "two-tenants", seed: 1 },
    );
    expect(report.method.map((m: any) => [m.name, m.ok])).toEqual([
      ["partition-demo", true],
      ["demo-no-networking", true],
      ["alt-networking", true],
      ["build", true],
      ["build-failed", true],
      ["demo-networking-back", true],
    ]);
    expect(report.timeline.filter((e: any) => e.kind === "fault").map((e: any) => `${e.t} ${e.name}`)).toEqual(["0 networking.network.list", expect.stringMatching(/^\d+ compute\.server\.build$/)]);
    expect(actions(report)).toContain("300 partition-demo (window over) 204");
  });

  it("force-state: a building server's step sent to ERROR; an active server reset to error by name; a kind without either is refused", async () => {
    const build = { type: "http", method: "POST", path: "/compute/v2.1/servers", as: { user: "demo" }, body: { server: { name: "new-1", flavorRef: "1", imageRef: "b5f5c6a2-7e0f-4f34-9d59-0d1b0a7c1a11", networks: "auto" } } };
    const status = (name: string, equals: string) => ({ type: "probe", name: `${name}-${equals}`, provider: { type: "http", path: `/compute/v2.1/servers/detail?all_tenants=1&name=${name}`, as: { user: "admin" } }, tolerance: { select: "$.servers[0].status", equals } });
    const report = await run({
      title: "forced",
      method: [
        { type: "action", name: "build", provider: build },
        { type: "action", name: "stuck-build", provider: { type: "force-state", id: "new-1", state: "ERROR" } },
        status("new-1", "ERROR"),
        { type: "action", name: "reset-web-1", provider: { type: "force-state", resource: "compute.server", id: "web-1", state: "error" } },
        status("web-1", "ERROR"),
        { type: "action", name: "host", provider: { type: "force-state", resource: "compute.host", id: "compute-1", state: "down" } },
        { type: "action", name: "nothing", provider: { type: "force-state", id: "no-such", state: "ERROR" } },
      ],
    });
    expect(report.method.map((m: any) => [m.name, m.ok, m.status])).toEqual([
      ["build", true, 202],
      ["stuck-build", true, 200],
      ["new-1-ERROR", true, 200],
      ["reset-web-1", true, 202],
      ["web-1-ERROR", true, 200],
      ["host", false, 409],
      ["nothing", false, 404],
    ]);
    expect(report.method[5].reason).toBe('status 409: {"error":"compute.host compute-1 has no lifecycle step under way and no reset-state action to force it to down"}');
  });

  it("save and ${name}: a value kept from one reply fills the next call; a missing one fails the step, saying which", async () => {
    const report = await run({
      title: "values",
      configuration: { microversion: "compute 2.61" },
      method: [
        { type: "probe", name: "find", provider: { type: "http", path: "/compute/v2.1/flavors", as: { user: "demo" } }, save: { id: "$.flavors[?(@.name=='m1.tiny')].id" } },
        // description appears from 2.55 on: the configured microversion was sent
        { type: "probe", name: "show", provider: { type: "http", path: "/compute/v2.1/flavors/${id}", headers: { "OpenStack-API-Version": "${microversion}" }, as: { user: "demo" } }, tolerance: { select: "$.flavor.description", count: 1 } },
        { type: "action", name: "unknown", provider: { type: "http", path: "/compute/v2.1/flavors/${nope}", as: { user: "demo" } } },
        { type: "probe", name: "nothing", provider: { type: "http", path: "/compute/v2.1/flavors", as: { user: "demo" } }, save: { x: "$.flavors[?(@.name=='none')].id" } },
      ],
    });
    expect(report.method.map((m: any) => [m.name, m.ok, m.reason ?? null])).toEqual([
      ["find", true, null],
      ["show", true, null],
      ["unknown", false, "no value named nope (configuration, or an earlier step's save)"],
      ["nothing", false, "save x: $.flavors[?(@.name=='none')].id reached no string or number"],
    ]);
  });

  it("`at` belongs to the method: on a hypothesis probe or a rollback it is a 400", async () => {
    const res = await runIn(testEmulator(), { title: "t", method: [{ type: "action", name: "w", provider: { type: "wait", for: "1s" } }], rollbacks: [{ type: "action", name: "r", at: "1m", provider: { type: "remove-fault" } }] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Invalid input for field 'experiment.rollbacks.0.at': only the method's activities take `at`");
  });
});

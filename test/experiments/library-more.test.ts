// The rest of the shipped library (fixtures/experiments/), each run as a user would run it: rolling host
// failures across a segment, a volume backend failing during attach, a project's network partitioned, the
// reserved host exhausted; what each finds, and the timeline lines that show how.

import { describe, expect, it } from "vitest";
import { run, shipped } from "./helpers.js";

const named = (report: Record<string, any>, pattern: RegExp) =>
  report.timeline.filter((e: any) => pattern.test(`${e.kind} ${e.name}`)).map((e: any) => `${e.t} ${e.kind} ${e.name}${e.kind === "state" ? ` ${e.detail.name ?? e.detail.id} ${e.detail.from}->${e.detail.to}` : ""}`);

describe("the shipped experiments, continued", () => {
  it("rolling-host-failures: each host's servers are evacuated before the next fails; all back within 15 minutes", async () => {
    const report = await run(shipped("rolling-host-failures"));
    expect(report.status).toBe("completed");
    expect(report.recovery).toEqual({ seconds: 790, withinSeconds: 900, met: true });
    expect(report.method.filter((m: any) => m.type === "probe").map((m: any) => [m.name, m.t, m.ok])).toEqual([
      ["compute-1-evacuated", 240, true],
      ["compute-1-service", 240, true],
      ["compute-2-evacuated", 540, true],
      ["compute-2-service", 540, true],
    ]);
    expect(named(report, /^state compute\.host/)).toEqual([
      "0 state compute.host compute-1 up->down",
      "240 state compute.host compute-1 down->up",
      "300 state compute.host compute-2 up->down",
      "540 state compute.host compute-2 down->up",
      "600 state compute.host compute-3 up->down",
      "790 state compute.host compute-3 down->up",
    ]);
    expect(named(report, /^event instance-ha\.notification\.finished/)).toEqual([
      "184 event instance-ha.notification.finished",
      "482 event instance-ha.notification.finished",
      expect.stringMatching(/^7\d\d event instance-ha\.notification\.finished$/),
    ]);
  });

  it("volume-attach-backend-fails: the connection fails while the backend is down; cleaned up and retried, the volume ends in-use", async () => {
    const report = await run(shipped("volume-attach-backend-fails"), { world: "default", seed: 7 });
    expect(report.status).toBe("completed");
    expect(report.method.map((m: any) => [m.t, m.name, m.ok, m.status ?? null])).toEqual([
      [0, "create-volume", true, 202],
      [0, "create-server", true, 202],
      [30, "backend-down", true, 201],
      [30, "reserve", true, 200],
      [30, "connect", false, 500],
      [30, "volume-held-reserved", true, 200],
      [30, "clean-up", true, 200],
      [360, "reserve-again", true, 200],
      [360, "connect-again", true, 200],
      [360, "complete", true, 204],
      [360, "volume-in-use", true, 200],
    ]);
    expect(report.method[4].reason).toBe('status 500: {"computeFault":{"code":500,"message":"Unable to update attachment: the volume backend did not answer."}}');
    expect(named(report, /^(fault|state block-storage)/)).toEqual([
      "30 fault block-storage.attachment.update",
      "30 state block-storage.volume chaos-data reserved->available",
      "360 state block-storage.volume chaos-data available->reserved",
      "360 state block-storage.volume chaos-data reserved->attaching",
      "360 state block-storage.volume chaos-data attaching->in-use",
    ]);
  });

  it("network-partition: demo's networking calls and its build fail, alt's do not; the server built meanwhile stays in ERROR", async () => {
    const report = await run(shipped("network-partition"), { world: "two-tenants", seed: 7 });
    expect(report.status).toBe("failed");
    expect(report.summary).toBe(`The steady state did not hold after the method: probe "no-demo-server-in-error" saw $.servers[?(@.status=='ERROR')] reached 1 value(s), expected 0 at 360s (virtual).`);
    expect(report.method.map((m: any) => [m.name, m.ok, m.status ?? null])).toEqual([
      ["partition-demo", true, 201],
      ["demo-cut-off", true, 504],
      ["alt-not-touched", true, 200],
      ["build-during-the-partition", true, 202],
      ["after-the-partition", true, null],
    ]);
    expect(named(report, /^(fault|action partition)/)).toEqual(["0 action partition-demo", "0 fault networking.port.list", "65 fault compute.server.build", "300 action partition-demo (window over)"]);
    expect(report.hypothesis.after.map((p: any) => [p.name, p.ok])).toEqual([
      ["demo-reaches-networking", true],
      ["no-demo-server-in-error", false],
    ]);
    expect(report.hypothesis.after[1].seen.values).toEqual([{ id: expect.any(String), name: "cut-off-1", status: "ERROR" }]);
  });

  it("reserved-host-exhausted: the first failure takes the reserve; the second's notification goes error, then failed", async () => {
    const report = await run(shipped("reserved-host-exhausted"));
    expect(report.status).toBe("failed");
    expect(report.summary).toBe(
      `Recovery missed its objective: probe "no-server-on-a-down-host" still saw $.servers[?(@.host_status!='UP')] reached 1 value(s), expected 0 900s (virtual) after the first action.`,
    );
    expect(report.method.slice(0, 4).map((m: any) => [m.name, m.ok])).toEqual([
      ["the-segment", true],
      ["recover-by-reserved-host", true],
      ["fail-compute-1", true],
      ["compute-1-recovered-onto-the-reserve", true],
    ]);
    expect(named(report, /^event instance-ha\.notification\.(created|finished|error|failed)$/)).toEqual([
      "0 event instance-ha.notification.created",
      "184 event instance-ha.notification.finished",
      "300 event instance-ha.notification.created",
      "510 event instance-ha.notification.error",
      "750 event instance-ha.notification.failed",
    ]);
    const failed = report.timeline.find((e: any) => e.name === "instance-ha.task.failed");
    // the servers of compute-2 have nowhere to go
    expect(failed.detail).toMatchObject({ task: "EvacuateHost", error: expect.stringMatching(/^Failed to evacuate instances '[0-9a-f-]+' from host 'compute-2'$/) });
    expect(report.rollbacks.map((r: any) => [r.name, r.ok])).toEqual([["recover-compute-1", true], ["recover-compute-2", true]]);
  });
});

// The shipped experiment library (fixtures/experiments/), each run as a user would run it: what it finds,
// and the timeline lines that show how (fault firings, task retries, notification steps).

import { describe, expect, it } from "vitest";
import { lines, run, shipped } from "./helpers.js";

const names = (report: Record<string, any>, pattern: RegExp) => report.timeline.filter((e: any) => pattern.test(`${e.kind} ${e.name}`)).map((e: any) => `${e.t} ${e.kind} ${e.name}`);

describe("the shipped experiments", () => {
  it("evacuation-retried: two failed evacuations, the third succeeds; recovered within the objective", async () => {
    const report = await run(shipped("evacuation-retried"));
    expect(report.status).toBe("completed");
    expect(report.recovery).toEqual({ seconds: 220, withinSeconds: 600, met: true });
    expect(names(report, /^(fault|event instance-ha\.(task\.failed|notification\.(running|finished)))/)).toEqual([
      "0 event instance-ha.notification.running",
      "180 fault instance-ha.task.EvacuateHost",
      "180 event instance-ha.task.failed",
      "190 fault instance-ha.task.EvacuateHost",
      "190 event instance-ha.task.failed",
      "214 event instance-ha.notification.finished",
    ]);
  });

  it("evacuation-fails: notification error, retried by the periodic task, then failed; the experiment fails and rolls back", async () => {
    const report = await run(shipped("evacuation-fails"));
    expect(report.status).toBe("failed");
    expect(report.summary).toBe(
      `Recovery missed its objective: probe "no-recovery-under-way" still saw $.notifications[?(@.status!='finished')] reached 1 value(s), expected 0 900s (virtual) after the first action.`,
    );
    expect(lines(report).filter((l) => / event | rollback /.test(l))).toEqual([
      "0 event instance-ha.notification.created",
      "0 event instance-ha.notification.running",
      "210 event instance-ha.notification.error",
      "240 event instance-ha.notification.running",
      "450 event instance-ha.notification.failed",
      "900 rollback remove-the-fault",
      "900 rollback recover-compute-1",
    ]);
    expect(report.hypothesis.after[0]).toMatchObject({ ok: false, seen: { status: 200, count: 1, values: [{ status: "failed" }] } });
    expect(report.rollbacks.map((r: any) => [r.name, r.ok, r.status])).toEqual([["remove-the-fault", true, 204], ["recover-compute-1", true, 200]]);
  });

  it("flaky-identity: token requests fail at the seeded 30% during the window, the servers are created, the hypothesis holds after", async () => {
    const report = await run(shipped("flaky-identity"), { world: "default", seed: 7 });
    expect(report.status).toBe("completed");
    expect(report.method.map((m: any) => [m.name, m.ok, m.status ?? null])).toEqual([
      ["identity-flaky", true, 201],
      ["create-server-1", true, 202],
      ["token-1", true, 201],
      ["create-server-2", true, 202],
      ["token-2", true, 201],
      ["create-server-3", true, 202],
      ["token-3", true, 201],
      ["token-4", true, 201],
      ["token-5", false, 503],
      ["settle", true, null],
    ]);
    expect(names(report, /^(fault|action identity-flaky)/)).toEqual(["0 action identity-flaky", "80 fault identity.token.create", "120 action identity-flaky (duration over)"]);
    // another seed, other draws
    const other = await run(shipped("flaky-identity"), { world: "default", seed: 1 });
    expect(names(other, /^fault/)).not.toEqual(names(report, /^fault/));
  });
});

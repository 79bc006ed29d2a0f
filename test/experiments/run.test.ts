// Experiments through the control API: the shipped host-failure experiment end to end (hypothesis before,
// a host failure, the steady-state wait measuring recovery, hypothesis after), a missed recovery time
// objective reported in plain words, byte-for-byte reproducibility, JUnit, reading and aborting a run.

import { describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { junitXml, type Report } from "../../src/experiments/report.js";
import { lines, run, runIn, shipped } from "./helpers.js";

describe("experiments: a host failure with instance HA recovery", () => {
  it("holds before and after; recovery measured on the virtual clock against the objective", async () => {
    const report = await run(shipped("host-failure-ha"));
    expect(report.status).toBe("completed");
    expect(report.summary).toBe("The steady state held before and after the method. It held again 190s (virtual) after the first action (objective 300s).");
    expect(report.recovery).toEqual({ seconds: 190, withinSeconds: 300, met: true });
    expect(report.hypothesis.before.map((p: any) => [p.name, p.ok, p.seen.status])).toEqual([
      ["no-server-on-a-down-host", true, 200],
      ["no-server-in-error", true, 200],
      ["no-recovery-under-way", true, 200],
    ]);
    expect(report.hypothesis.after.every((p: any) => p.ok && p.t === 190)).toBe(true);
    expect(lines(report)).toEqual([
      "0 probe no-server-on-a-down-host",
      "0 probe no-server-in-error",
      "0 probe no-recovery-under-way",
      "0 action fail-compute-1",
      "0 event instance-ha.notification.created",
      "0 action wait-for-recovery",
      "0 event instance-ha.notification.running",
      "184 event instance-ha.notification.finished",
      "190 probe no-server-on-a-down-host",
      "190 probe no-server-in-error",
      "190 probe no-recovery-under-way",
    ]);
    // while the recovery ran, the polls saw the servers on the down host
    const poll = report.timeline.find((e: any) => e.kind === "probe" && e.detail.phase === "steady-state" && !e.detail.ok);
    expect(poll).toMatchObject({ t: 0, name: "no-server-on-a-down-host", detail: { reason: "$.servers[?(@.host_status!='UP')] reached 5 value(s), expected 0" } });
  });

  it("a recovery slower than the objective fails, naming the probe, what it saw and when", async () => {
    const doc = shipped("host-failure-ha");
    doc.method[1].provider.within = "2m";
    const report = await run(doc);
    expect(report.status).toBe("failed");
    expect(report.recovery).toMatchObject({ seconds: null, withinSeconds: 120, met: false, probe: "no-server-on-a-down-host" });
    expect(report.summary).toBe(
      `Recovery missed its objective: probe "no-server-on-a-down-host" still saw $.servers[?(@.host_status!='UP')] reached 5 value(s), expected 0 120s (virtual) after the first action.`,
    );
    expect(report.method[1]).toMatchObject({ name: "wait-for-recovery", ok: false, t: 120 });
    const xml = junitXml(report as Report);
    expect(xml).toContain('<testcase classname="method" name="wait-for-recovery" time="120"><failure message="the hypothesis did not hold again within 120s: no-server-on-a-down-host:');
    expect(xml).toMatch(/<testsuite name="[^"]+" tests="8" failures="3" errors="0" time="120">/);
  });

  it("the same document and seed give the same report, byte for byte (in two emulators; twice in one from the same startAt)", async () => {
    const doc = shipped("host-failure-ha");
    const [a, b] = [await run(doc), await run(doc)];
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const emu = testEmulator();
    const again = { world: "ha-cluster", seed: 7, startAt: "2030-01-01T00:00:00Z" };
    const first = (await runIn(emu, doc, again)).body.report;
    const second = (await runIn(emu, doc, again)).body.report;
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(JSON.stringify(first)).toBe(JSON.stringify(a));
    // without it, the second run starts where the first left the clock: the events' times differ
  });
});

describe("experiments: the control routes", () => {
  it("a run is kept: GET by id (status, journal, report), the list; unknown ids 404", async () => {
    const emu = testEmulator();
    const res = await runIn(emu, shipped("host-failure-ha"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: "experiment-1", status: "completed", title: shipped("host-failure-ha").title });
    const got = await call(emu, "GET", "/_emulator/experiments/experiment-1");
    expect(got.body.report).toEqual(res.body.report);
    expect(got.body.journal).toEqual(res.body.report.timeline);
    expect((await call(emu, "GET", "/_emulator/experiments")).body).toEqual({ experiments: [{ id: "experiment-1", title: res.body.title, status: "completed", summary: res.body.report.summary }] });
    expect((await call(emu, "GET", "/_emulator/experiments/experiment-9")).body).toEqual({ error: { status: 404, code: "Not Found", message: "No experiment experiment-9." } });
    expect((await call(emu, "DELETE", "/_emulator/experiments/experiment-9")).status).toBe(404);
  });

  it("DELETE aborts a running experiment; its rollbacks run", async () => {
    const emu = testEmulator();
    const doc = {
      title: "aborted",
      method: [
        { type: "action", name: "fail", provider: { type: "fail-host", host: "compute-1" } },
        { type: "action", name: "long wait", provider: { type: "wait", for: "1h" } },
      ],
      rollbacks: [{ type: "action", name: "recover", provider: { type: "recover-host", host: "compute-1" } }],
    };
    const started = await runIn(emu, doc, { world: "ha-cluster", wait: false });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ id: "experiment-1", status: "running", report: null });
    const aborted = await call(emu, "DELETE", "/_emulator/experiments/experiment-1");
    expect(aborted.body.status).toBe("aborted");
    expect(aborted.body.report.summary).toMatch(/^Experiment "aborted" was aborted at \d+s \(virtual\); its rollbacks ran\.$/);
    expect(aborted.body.report.rollbacks).toMatchObject([{ name: "recover", ok: true, status: 200 }]);
    expect(aborted.body.report.timeline.filter((e: any) => e.kind === "event" && e.name.startsWith("compute.host.")).map((e: any) => e.name)).toEqual(["compute.host.error", "compute.host.recovered"]);
  });

  it("bad documents are 400s naming the field; nothing runs", async () => {
    const emu = testEmulator();
    const bad = async (experiment: unknown, extra: Record<string, unknown> = {}) => (await runIn(emu, experiment, extra)).body;
    expect(await bad({ method: [] })).toEqual({
      error: { status: 400, code: "Bad Request", message: "Invalid input for field 'experiment.title': Invalid input: expected string, received undefined; Invalid input for field 'experiment.method': Too small: expected array to have >=1 items" },
    });
    const method = [{ type: "action", name: "x", provider: { type: "fail-hots", host: "compute-1" } }];
    expect((await bad({ title: "t", method })).error.message).toBe(
      "Invalid input for field 'experiment.method.0.provider.type': Invalid discriminator value. Expected 'http' | 'fail-host' | 'recover-host' | 'fail-server' | 'add-fault' | 'remove-fault' | 'kill-service' | 'partition' | 'force-state' | 'clock-factor' | 'amqp-publish' | 'ha-notification' | 'wait' | 'steady-state'",
    );
    const wait = [{ type: "action", name: "w", provider: { type: "wait", for: "soon" } }];
    expect((await bad({ title: "t", method: wait })).error.message).toBe(`Invalid input for field 'experiment.method.0.provider.for': a duration is ms or e.g. "90s", "5m", "2h"`);
    const remove = [{ type: "action", name: "r", provider: { type: "remove-fault", activity: "nope" } }];
    expect((await bad({ title: "t", method: remove })).error.message).toBe(`Invalid input for field 'experiment.method.0.provider.activity': no add-fault, kill-service or partition activity named "nope" before this one`);
    const steady = [{ type: "action", name: "s", provider: { type: "steady-state", within: "5m" } }];
    expect((await bad({ title: "t", method: steady })).error.message).toBe("Invalid input for field 'experiment.method.0.provider': a steady-state wait needs a steady-state-hypothesis");
    expect((await bad({ title: "t", method: wait.map((a) => ({ ...a, provider: { type: "wait", for: "1s" } })) }, { world: "no-such" })).error).toMatchObject({ status: 404 });
    expect((await call(emu, "GET", "/_emulator/experiments")).body).toEqual({ experiments: [] });
  });
});

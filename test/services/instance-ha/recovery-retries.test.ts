// taskflow semantics of the recovery engine through HTTP: fault rules on `instance-ha.task.<name>` make a
// task's tries fail (retried with backoff on the virtual clock), fail for good (the done tasks reverted in
// reverse order, the notification `error`, retried by the periodic task, then `failed`), or wait; expiry.

import { describe, expect, it } from "vitest";
import { ACTION_MS, haCluster, SERVICE_WAIT_MS, type Cluster } from "./engine-setup.js";

const fault = async (t: Cluster, rule: Record<string, unknown>) => {
  const res = await t.control("POST", "/faults", rule);
  expect(res.status, res.text).toBe(201);
};

async function failedHost(t: Cluster) {
  const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
  const b = await t.server("alt", "vm-b");
  await t.control("POST", "/compute/hosts/compute-1/fail");
  const id = (await t.ha("GET", "/notifications")).body.notifications[0].notification_uuid as string;
  return { a, b, id };
}

const advance = (t: Cluster, id: string, body: Record<string, unknown> = {}) => t.control("POST", `/instance-ha/notifications/${id}/advance`, body);

describe("recovery engine: retries, rollback, periodic retry, expiry", () => {
  it("a task failing twice is retried with backoff and the recovery then finishes", async () => {
    const t = await haCluster();
    await fault(t, { operation: "instance-ha.task.EvacuateHost", effect: { type: "error", status: 500, message: "nova is busy" }, times: 2 });
    const { a, b, id } = await failedHost(t);
    const start = t.emu.clock.now();
    const res = await advance(t, id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id, status: "finished" });
    // service wait, tries after 10 s and 20 s more, one rebuild, and the closing look
    expect(t.emu.clock.now() - start).toBe(SERVICE_WAIT_MS + 10_000 + 20_000 + ACTION_MS);
    const n = await t.notification(id);
    const evac = n.recovery_workflow_details[2];
    expect(evac).toMatchObject({ name: "EvacuateInstancesTask", state: "SUCCESS", progress: 1 });
    expect(evac.progress_details.map((p: any) => p.message).slice(0, 2)).toEqual([
      "Failed (try 1 of 3), retrying: nova is busy",
      "Failed (try 2 of 3), retrying: nova is busy",
    ]);
    for (const server of [a, b]) expect((await t.show(server)).status).toBe("ACTIVE");
    const failed = (await t.events("instance-ha.task.failed")).map((e) => [e.payload.task, e.payload.attempt, e.payload.final]);
    expect(failed).toEqual([
      ["EvacuateHost", 1, false],
      ["EvacuateHost", 2, false],
    ]);
  });

  it("a task failing for good reverts the done tasks (service enabled again) -> error -> periodic retry -> failed", async () => {
    const t = await haCluster();
    await fault(t, { operation: "instance-ha.task.EvacuateHost", effect: { type: "error", status: 503 } });
    const { a, id } = await failedHost(t);

    let res = await advance(t, id, { until: "error" });
    expect(res.body).toMatchObject({ status: "error" });
    let n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => d.state)).toEqual(["REVERTED", "REVERTED", "FAILURE"]);
    expect(n.recovery_workflow_details[0].progress_details.at(-1).message).toBe("Enabled compute service on host: 'compute-1'");
    expect(n.message).toBe("Injected fault: instance-ha.task.EvacuateHost failed (503).");
    expect(await t.service("compute-1")).toMatchObject({ status: "enabled", disabled_reason: null });
    // the server was never touched: still on the failed host, unlocked
    expect(await t.show(a)).toMatchObject({ "OS-EXT-SRV-ATTR:host": "compute-1", locked: false });
    expect((await t.events("instance-ha.task.reverted")).map((e) => e.payload.task)).toEqual(["PrepareHAEnabled", "disableComputeNodeTask"]);
    // the host stays on maintenance (an operator's to clear), the notification keeps it in use
    expect((await t.haHost("compute-1")).on_maintenance).toBe(true);

    // the periodic task (every 120 s) runs it again; failing again ends it failed
    const errorAt = t.emu.clock.now();
    res = await advance(t, id, { until: "failed" });
    expect(res.body).toMatchObject({ status: "failed" });
    n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => d.state)).toEqual(["REVERTED", "REVERTED", "FAILURE"]);
    const running = (await t.events("instance-ha.notification.running")).map((e) => Date.parse(e.at));
    expect(running).toHaveLength(2);
    expect(running[1] - errorAt).toBeLessThanOrEqual(120_000);
    expect((running[1] - running[0]) % 120_000).toBe(0);
    expect((await t.events("instance-ha.notification.*")).map((e) => e.type).filter((x) => !x.endsWith("status_changed"))).toEqual([
      "instance-ha.notification.created",
      "instance-ha.notification.running",
      "instance-ha.notification.error",
      "instance-ha.notification.running",
      "instance-ha.notification.failed",
    ]);
    // no longer in use: the host's segment can be updated again
    expect((await t.ha("PUT", `/segments/${await t.segmentId()}`, { body: { segment: { description: "after" } } })).status).toBe(200);
    // nothing left planned: the periodic task is not armed any more
    expect((await t.control("GET", "/instance-ha/recoveries")).body).toEqual({ runs: [], periodicTaskAt: null });
  });

  it("latency on a task delays its try on the virtual clock", async () => {
    const t = await haCluster();
    await fault(t, { operation: "instance-ha.task.PrepareHAEnabled", effect: { type: "latency", ms: 45_000 }, times: 1 });
    const { id } = await failedHost(t);
    const start = t.emu.clock.now();
    expect((await advance(t, id)).body.status).toBe("finished");
    expect(t.emu.clock.now() - start).toBe(SERVICE_WAIT_MS + 45_000 + ACTION_MS);
    const prepare = (await t.notification(id)).recovery_workflow_details[1];
    expect(prepare.progress_details[0].message).toBe("Delayed 45000 ms by an injected fault");
    expect((await t.events("instance-ha.task.delayed")).map((e) => e.payload)).toEqual([{ notificationId: id, task: "PrepareHAEnabled", attempt: 1, ms: 45_000 }]);
  });

  it("a rule may target one host by resourceName; another host's recovery is untouched", async () => {
    const t = await haCluster({ taskAttempts: 1 });
    await fault(t, { operation: "instance-ha.task.*", resourceName: "compute-2", effect: { type: "error", status: 500 } });
    const { id } = await failedHost(t);
    expect((await advance(t, id)).body.status).toBe("finished");
  });

  it("an unfinished notification older than notifications_expired_interval becomes failed", async () => {
    const t = await haCluster({ notificationsExpiredIntervalSeconds: 300 });
    // the first task waits 10 minutes: the notification is still running when it expires
    await fault(t, { operation: "instance-ha.task.disableComputeNodeTask", effect: { type: "latency", ms: 600_000 } });
    const { id } = await failedHost(t);
    const start = t.emu.clock.now();
    expect((await advance(t, id)).body.status).toBe("failed");
    expect(t.emu.clock.now() - start).toBe(360_000);
    const n = await t.notification(id);
    expect(n.message).toBe("Notification expired: unfinished 300 s after it was generated.");
    expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([]);
  });

  it("a `new` notification nothing picked up (its job lost to a snapshot import) is run by the periodic task once stale", async () => {
    const t = await haCluster();
    const { a, id } = await failedHost(t);
    const snapshot = await t.control("GET", "/state");
    expect((await t.control("PUT", "/state", snapshot.body)).status).toBe(200);
    // the next notification plans the periodic task again
    await t.control("POST", "/compute/hosts/compute-2/fail");
    t.advance(0);
    expect((await t.notification(id)).status).toBe("new");
    t.advance(239_999);
    expect((await t.notification(id)).status).toBe("new");
    t.advance(1);
    expect((await t.notification(id)).status).toBe("running");
    expect((await advance(t, id)).body.status).toBe("finished");
    expect((await t.show(a)).status).toBe("ACTIVE");
  });

  it("advance answers 404 for no such notification, 400 for a bad body, 409 when nothing will move it, 408 past the bound", async () => {
    const t = await haCluster();
    expect((await advance(t, "nope")).status).toBe(404);
    const { id } = await failedHost(t);
    const bad = await advance(t, id, { until: "done" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.status).toBe(400);
    const short = await advance(t, id, { within: "10s", until: "finished" });
    expect(short.status).toBe(408);
    expect(short.body.error.message).toMatch(/^Notification .* is running: its next step is due 120000 ms on, past the 10000 ms bound\.$/);
    expect((await advance(t, id, { until: "finished" })).status).toBe(200);
    const stuck = await advance(t, id, { until: "failed" });
    expect(stuck.status).toBe(409);
    expect(stuck.body.error.message).toBe(`Notification ${id} is finished: nothing is planned that would move it to failed.`);
  });

  it("GET /_emulator/instance-ha/recoveries shows the run's task and try; both routes are in the control API's document", async () => {
    const t = await haCluster();
    const { id } = await failedHost(t);
    t.advance(0);
    expect((await t.control("GET", "/instance-ha/recoveries")).body).toEqual({
      runs: [{ notificationId: id, flow: "host_failure", task: "DisableComputeServiceTask", attempt: 1, reverting: false, dueAt: "2030-01-01T00:03:10.000Z" }],
      periodicTaskAt: "2030-01-01T00:02:10.000Z",
    });
    const doc = (await t.control("GET", "/openapi.json")).body;
    expect(Object.keys(doc.paths["/_emulator/instance-ha/notifications/{id}/advance"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/_emulator/instance-ha/recoveries"])).toEqual(["get"]);
    expect(doc.paths["/_emulator/instance-ha/notifications/{id}/advance"].post.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
  });
});

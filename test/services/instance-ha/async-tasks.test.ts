// Custom tasks with an async execute (and revert): the engine awaits the promise before it marks the task
// done and goes on, so recovery_workflow_details never shows a finished notification with a RUNNING task;
// a rejection is a failed try (retried with backoff, then the flow reverts), as a throw is. No wall-clock
// waits: the tests hold the promise themselves, or let the control API's advance wait for it.

import { describe, expect, it } from "vitest";
import type { BaseTask } from "../../../src/services/instance-ha/engine/index.js";
import { haCluster, SERVICE_WAIT_MS } from "./engine-setup.js";

const TARGETS = ["disableComputeNodeTask", "Audit", "PrepareHAEnabled", "EvacuateHost"];

/** a promise the test settles */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const states = (n: Record<string, any>) => n.recovery_workflow_details.map((d: any) => [d.name, d.state]);

describe("async custom tasks", () => {
  it("an async execute is awaited: the notification stays running until it settles, then the flow goes on", async () => {
    const gate = deferred();
    const audit: BaseTask = {
      name: "Audit",
      async execute(ctx) {
        ctx.progress(`auditing ${ctx.hostname}`);
        await gate.promise;
        ctx.progress("audited", 1);
      },
    };
    const t = await haCluster({ customTasks: [audit], recoveryWorkflowOnStop: { targets: TARGETS } });
    await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    t.advance(SERVICE_WAIT_MS + 600_000);
    let n = await t.notification(id);
    expect(n.status).toBe("running");
    expect(states(n)).toEqual([
      ["DisableComputeServiceTask", "SUCCESS"],
      ["Audit", "RUNNING"],
      ["PrepareHAEnabledInstancesTask", "PENDING"],
      ["EvacuateInstancesTask", "PENDING"],
    ]);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([expect.objectContaining({ notificationId: id, task: "Audit" })]);

    gate.resolve();
    const end = await t.control("POST", `/instance-ha/notifications/${id}/advance`);
    expect(end.body.status).toBe("finished");
    n = await t.notification(id);
    expect(states(n)).toEqual([
      ["DisableComputeServiceTask", "SUCCESS"],
      ["Audit", "SUCCESS"],
      ["PrepareHAEnabledInstancesTask", "SUCCESS"],
      ["EvacuateInstancesTask", "SUCCESS"],
    ]);
    // the write before the await committed with the call, the one after it in a store update of its own
    expect(n.recovery_workflow_details[1].progress_details.map((p: any) => p.message)).toEqual(["auditing compute-1", "audited"]);
    const succeeded = (await t.events("instance-ha.task.succeeded")).map((e) => e.payload.task);
    expect(succeeded).toEqual(["disableComputeNodeTask", "Audit", "PrepareHAEnabled", "EvacuateHost"]);
  });

  it("the control API's advance waits for an async task without a test's wall-clock wait", async () => {
    const audit: BaseTask = {
      name: "Audit",
      async execute(ctx) {
        await new Promise((resolve) => setImmediate(resolve));
        ctx.progress("checked", 1);
      },
    };
    const t = await haCluster({ customTasks: [audit], recoveryWorkflowOnStop: { targets: TARGETS } });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`)).body.status).toBe("finished");
    // no server on the host: PrepareHAEnabled ends the flow (Masakari skips the evacuation)
    expect(states(await t.notification(id))).toEqual([
      ["DisableComputeServiceTask", "SUCCESS"],
      ["Audit", "SUCCESS"],
      ["PrepareHAEnabledInstancesTask", "SUCCESS"],
      ["EvacuateInstancesTask", "PENDING"],
    ]);
  });

  it("a rejection is a failed try: retried after the backoff, and succeeding on the next try", async () => {
    let calls = 0;
    const flaky: BaseTask = {
      name: "Audit",
      async execute() {
        calls++;
        await Promise.resolve();
        if (calls === 1) throw new Error("audit service unavailable");
      },
    };
    const t = await haCluster({ customTasks: [flaky], recoveryWorkflowOnStop: { targets: TARGETS }, taskRetryBackoffSeconds: 10 });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`)).body.status).toBe("finished");
    const audit = (await t.notification(id)).recovery_workflow_details[1];
    expect(audit.state).toBe("SUCCESS");
    expect(audit.progress_details.map((p: any) => p.message)).toEqual(["Failed (try 1 of 3), retrying: audit service unavailable"]);
    expect(calls).toBe(2);
    expect((await t.events("instance-ha.task.failed")).map((e) => [e.payload.task, e.payload.attempt, e.payload.final])).toEqual([["Audit", 1, false]]);
  });

  it("a rejection on the last try reverts the tasks done (an async revert awaited) and ends in error", async () => {
    const reverted: string[] = [];
    const tag: BaseTask = {
      name: "Tag",
      execute: (ctx) => ctx.progress("tagged", 1),
      async revert(ctx) {
        await Promise.resolve();
        reverted.push(ctx.hostname);
        ctx.progress("untagged");
      },
    };
    const broken: BaseTask = {
      name: "Broken",
      execute: () => Promise.reject(new Error("nothing answers")),
    };
    const t = await haCluster({ customTasks: [tag, broken], recoveryWorkflowOnStop: { targets: ["Tag", "Broken"] }, taskAttempts: 2 });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`, { until: ["error", "finished"] })).body.status).toBe("error");
    const n = await t.notification(id);
    expect(states(n)).toEqual([
      ["Tag", "REVERTED"],
      ["Broken", "FAILURE"],
    ]);
    expect(n.recovery_workflow_details[0].progress_details.map((p: any) => p.message)).toEqual(["tagged", "untagged"]);
    expect(n.recovery_workflow_details[1].progress_details.map((p: any) => p.message)).toEqual([
      "Failed (try 1 of 2), retrying: nothing answers",
      "Failed (try 2 of 2): nothing answers",
    ]);
    expect(reverted).toEqual(["compute-1"]);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([]);
  });

  it("an async task that never settles keeps its run (and its notification) running; the periodic task leaves it alone", async () => {
    const stuck: BaseTask = { name: "Audit", execute: () => new Promise(() => {}) };
    const t = await haCluster({ customTasks: [stuck], recoveryWorkflowOnStop: { targets: ["Audit"] } });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.notification()).notification_uuid;
    t.advance(1_800_000);
    const n = await t.notification(id);
    expect(n.status).toBe("running");
    expect(states(n)).toEqual([["Audit", "RUNNING"]]);
    expect((await t.control("GET", "/instance-ha/recoveries")).body.runs).toEqual([expect.objectContaining({ notificationId: id, task: "Audit" })]);
    expect(n.recovery_workflow_details[0].progress_details).toEqual([]);
  });
});

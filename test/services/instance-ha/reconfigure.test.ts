// PUT /_emulator/instance-ha/config: the recovery engine's configuration replaced at run time (the spec's
// "reconfigured"), refused whole when invalid, and never changing a workflow already under way.

import { describe, expect, it } from "vitest";
import { DEFAULT_INSTANCE_HA_OPTIONS } from "../../../src/services/instance-ha/options.js";
import { haCluster, SERVICE_WAIT_MS } from "./engine-setup.js";

const DEFAULT_TARGETS = ["disableComputeNodeTask", "PrepareHAEnabled", "EvacuateHost"];

describe("engine configuration through the control API", () => {
  it("GET shows it; PUT replaces it over the start-up configuration", async () => {
    const t = await haCluster();
    const before = await t.control("GET", "/instance-ha/config");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      recoveryWorkflowOnStop: { targets: DEFAULT_TARGETS },
      notificationDrivers: DEFAULT_INSTANCE_HA_OPTIONS.notificationDrivers,
      tasks: [],
      availableTasks: { builtIn: DEFAULT_TARGETS, javascript: [], webhook: [] },
      taskAttempts: 3,
      waitPeriodAfterServiceUpdateSeconds: 180,
    });
    const put = await t.control("PUT", "/instance-ha/config", {
      recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "Page", "PrepareHAEnabled", "EvacuateHost"] },
      tasks: [{ name: "Page", webhook: { url: "http://localhost:9/page", timeoutSeconds: 2 } }],
      waitPeriodAfterServiceUpdateSeconds: 5,
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ tasks: [{ name: "Page" }], waitPeriodAfterServiceUpdateSeconds: 5, taskAttempts: 3, availableTasks: { webhook: ["Page"] } });
    const shown = (await t.control("GET", "/instance-ha/config")).body;
    expect(shown).toEqual(put.body);
    // what GET shows, PUT back, changes nothing
    expect((await t.control("PUT", "/instance-ha/config", shown)).body).toEqual(shown);
    // a later PUT starts again from the start-up configuration: keys it leaves out are not kept
    const again = await t.control("PUT", "/instance-ha/config", { taskAttempts: 1 });
    expect(again.body).toMatchObject({ recoveryWorkflowOnStop: { targets: DEFAULT_TARGETS }, tasks: [], waitPeriodAfterServiceUpdateSeconds: 180, taskAttempts: 1 });
    expect((await t.events("instance-ha.engine.reconfigured")).map((e) => e.payload.targets.length)).toEqual([4, 4, 3]);
  });

  it.each([
    [{ recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "Nope"] } }, /unknown task Nope. Known tasks: disableComputeNodeTask, PrepareHAEnabled, EvacuateHost/],
    [{ customTasks: ["./tasks.mjs"] }, /JavaScript tasks are registered at start/],
    [{ tasks: [{ name: "Page", webhook: { url: "http://example.com/hook" } }] }, /only call loopback .* not example\.com/],
    [{ tasks: [{ name: "EvacuateHost", webhook: { url: "http://127.0.0.1:1/" } }] }, /a task named EvacuateHost already exists/],
    [{ notificationDrivers: ["nova_notification", "smoke_signals"] }, /notificationDrivers/],
    [{ hostFailureRecoveryThreads: 0 }, /hostFailureRecoveryThreads/],
    [{ unknownKnob: true }, /unknownKnob/],
  ])("refuses %j with a 400 and changes nothing", async (body, message) => {
    const t = await haCluster();
    const before = (await t.control("GET", "/instance-ha/config")).body;
    const res = await t.control("PUT", "/instance-ha/config", body);
    expect(res.status).toBe(400);
    expect(res.text).toMatch(message);
    expect((await t.control("GET", "/instance-ha/config")).body).toEqual(before);
  });

  it("a workflow under way keeps the configuration it started with; the next one takes the new", async () => {
    const t = await haCluster();
    await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const first = (await t.notification()).notification_uuid;
    t.advance(0); // running, waiting out the service update period
    expect((await t.notification(first)).status).toBe("running");
    const put = await t.control("PUT", "/instance-ha/config", { recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask"] } });
    expect(put.status).toBe(200);
    t.advance(SERVICE_WAIT_MS + 10_000);
    const n1 = await t.notification(first);
    expect(n1.status).toBe("finished");
    expect(n1.recovery_workflow_details.map((d: any) => d.name)).toEqual([
      "DisableComputeServiceTask",
      "PrepareHAEnabledInstancesTask",
      "EvacuateInstancesTask",
    ]);
    await t.control("POST", "/compute/hosts/compute-2/fail");
    const list = (await t.ha("GET", "/notifications?status=new")).body.notifications;
    expect(list).toHaveLength(1);
    const second = list[0].notification_uuid;
    expect((await t.control("POST", `/instance-ha/notifications/${second}/advance`)).body.status).toBe("finished");
    expect((await t.notification(second)).recovery_workflow_details.map((d: any) => d.name)).toEqual(["DisableComputeServiceTask"]);
  });

  it("notificationDrivers: without nova_notification a host failure makes no notification; without taskflow none runs", async () => {
    const t = await haCluster();
    expect((await t.control("PUT", "/instance-ha/config", { notificationDrivers: ["taskflow"] })).status).toBe(200);
    await t.control("POST", "/compute/hosts/compute-1/fail");
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);

    expect((await t.control("PUT", "/instance-ha/config", { notificationDrivers: "nova_notification" })).body.notificationDrivers).toEqual([
      "nova_notification",
    ]);
    await t.control("POST", "/compute/hosts/compute-2/fail");
    t.advance(600_000);
    const list = (await t.ha("GET", "/notifications")).body.notifications;
    expect(list.map((n: any) => n.status)).toEqual(["new"]);
  });
});

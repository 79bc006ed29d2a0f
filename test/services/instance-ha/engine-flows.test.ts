// The recovery engine's flows through HTTP: the segment's recovery method choosing targets (reserved_host,
// auto_priority), the host flow's options, the instance and process flows, the nova_notification driver's
// decisions, custom tasks and reproducibility.

import { describe, expect, it } from "vitest";
import { createEmulator } from "../../../src/app.js";
import { DEFAULT_INSTANCE_HA_OPTIONS } from "../../../src/services/instance-ha/options.js";
import { instanceHaService } from "../../../src/services/instance-ha/index.js";
import { startRecoveryEngine } from "../../../src/services/instance-ha/engine/index.js";
import type { BaseTask } from "../../../src/services/instance-ha/engine/task.js";
import { haCluster, where, type Cluster } from "./engine-setup.js";

const advance = (t: Cluster, id: string, body: Record<string, unknown> = {}) => t.control("POST", `/instance-ha/notifications/${id}/advance`, body);
const only = async (t: Cluster) => (await t.ha("GET", "/notifications")).body.notifications[0]?.notification_uuid as string;
const setMethod = async (t: Cluster, method: string) =>
  expect((await t.ha("PUT", `/segments/${await t.segmentId()}`, { body: { segment: { recovery_method: method } } })).status).toBe(200);

describe("recovery methods", () => {
  it("reserved_host: the reserved host is enabled, loses its reserved flag and takes every server", async () => {
    const t = await haCluster();
    await setMethod(t, "reserved_host");
    const a = await t.server("demo", "vm-a");
    const b = await t.server("alt", "vm-b");
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id)).body.status).toBe("finished");
    for (const s of [a, b]) expect(where(await t.show(s))).toEqual({ status: "ACTIVE", host: "compute-4", locked: false });
    expect(await t.service("compute-4")).toMatchObject({ status: "enabled" });
    expect((await t.haHost("compute-4")).reserved).toBe(false);
    const messages = (await t.notification(id)).recovery_workflow_details[2].progress_details.map((p: any) => p.message);
    expect(messages).toContain("Enabling reserved host: 'compute-4'");
  });

  it("add_reserved_host_to_aggregate: the reserved host joins the failed host's aggregates (and their zone)", async () => {
    const t = await haCluster({ addReservedHostToAggregate: true });
    await setMethod(t, "reserved_host");
    const made = await t.compute("POST", "/os-aggregates", { body: { aggregate: { name: "ha-agg", availability_zone: "az-ha" } } });
    expect(made.status).toBe(200);
    const aggregate = made.body.aggregate.id;
    expect((await t.compute("POST", `/os-aggregates/${aggregate}/action`, { body: { add_host: { host: "compute-1" } } })).status).toBe(200);
    await t.server("demo", "vm-a");
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id)).body.status).toBe("finished");
    expect((await t.compute("GET", `/os-aggregates/${aggregate}`)).body.aggregate.hosts).toEqual(["compute-1", "compute-4"]);
    expect(await t.service("compute-4")).toMatchObject({ zone: "az-ha" });
    const messages = (await t.notification(id)).recovery_workflow_details[2].progress_details.map((p: any) => p.message);
    expect(messages).toContain(`Add host compute-4 to aggregate ${aggregate}`);
  });

  it("without add_reserved_host_to_aggregate (Masakari's default) the reserved host joins no aggregate", async () => {
    const t = await haCluster();
    await setMethod(t, "reserved_host");
    const aggregate = (await t.compute("POST", "/os-aggregates", { body: { aggregate: { name: "ha-agg" } } })).body.aggregate.id;
    await t.compute("POST", `/os-aggregates/${aggregate}/action`, { body: { add_host: { host: "compute-1" } } });
    await t.server("demo", "vm-a");
    await t.control("POST", "/compute/hosts/compute-1/fail");
    expect((await advance(t, await only(t))).body.status).toBe("finished");
    expect((await t.compute("GET", `/os-aggregates/${aggregate}`)).body.aggregate.hosts).toEqual(["compute-1"]);
  });

  it("reserved_host with no reserved host left: the evacuation fails and the flow reverts to error", async () => {
    const t = await haCluster({ taskAttempts: 1 });
    await setMethod(t, "reserved_host");
    const hostId = (await t.haHost("compute-4")).uuid;
    expect((await t.ha("PUT", `/segments/${await t.segmentId()}/hosts/${hostId}`, { body: { host: { reserved: false } } })).status).toBe(200);
    const a = await t.server("demo", "vm-a");
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id, { until: "error" })).body.status).toBe("error");
    const n = await t.notification(id);
    expect(n.message).toBe(`Failed to evacuate instances '${a}' from host 'compute-1'`);
    const vmoves = (await t.ha("GET", `/notifications/${id}/vmoves`)).body.vmoves;
    expect(vmoves.map((v: any) => [v.status, v.message])).toEqual([["failed", "No reserved host can take the instance."]]);
    expect(where(await t.show(a))).toEqual({ status: "ACTIVE", host: "compute-1", locked: false });
  });

  it("auto_priority: when the scheduler finds no host (NoValidHost), the reserved host takes the server", async () => {
    const t = await haCluster();
    await setMethod(t, "auto_priority");
    const a = await t.server("demo", "vm-a");
    for (const host of ["compute-2", "compute-3"]) {
      const sid = (await t.service(host)).id;
      expect((await t.compute("PUT", `/os-services/${sid}`, { body: { status: "disabled", disabled_reason: "drained" } })).status).toBe(200);
    }
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id)).body.status).toBe("finished");
    expect(where(await t.show(a))).toEqual({ status: "ACTIVE", host: "compute-4", locked: false });
    const messages = (await t.notification(id)).recovery_workflow_details[2].progress_details.map((p: any) => p.message);
    expect(messages).toContain(`Evacuation of instance '${a}' failed (Instance went to ERROR: no host could take it.); trying reserved_host`);
  });
});

describe("host flow options", () => {
  it("evacuate_all_instances=false takes only HA_Enabled servers; ignore_instances_in_error_state skips errored ones", async () => {
    const t = await haCluster({ evacuateAllInstances: false, ignoreInstancesInErrorState: true });
    const ha = await t.server("demo", "vm-ha", { HA_Enabled: "yes" });
    const broken = await t.server("demo", "vm-broken", { HA_Enabled: "True" });
    const plain = await t.server("alt", "vm-plain", { HA_Enabled: "False" });
    expect((await t.compute("POST", `/servers/${broken}/action`, { body: { "os-resetState": { state: "error" } } })).status).toBe(202);
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id)).body.status).toBe("finished");
    expect((await t.show(ha))["OS-EXT-SRV-ATTR:host"]).not.toBe("compute-1");
    expect(where(await t.show(broken))).toMatchObject({ status: "ERROR", host: "compute-1" });
    expect((await t.show(plain))["OS-EXT-SRV-ATTR:host"]).toBe("compute-1");
    const vmoves = (await t.ha("GET", `/notifications/${id}/vmoves`)).body.vmoves;
    expect(vmoves.map((v: any) => v.instance_uuid)).toEqual([ha]);
  });

  it("a host with no servers: PrepareHAEnabled ends the flow, finished", async () => {
    const t = await haCluster();
    await t.control("POST", "/compute/hosts/compute-2/fail");
    const id = await only(t);
    expect((await advance(t, id)).body.status).toBe("finished");
    const n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => d.state)).toEqual(["SUCCESS", "SUCCESS", "PENDING"]);
    expect(n.recovery_workflow_details[1].progress_details.at(-1).message).toBe("Skipped host 'compute-2' recovery as no instances needs to be evacuated");
  });

  it("an already locked server stays locked; one in the middle of a task is reset to error first", async () => {
    const t = await haCluster();
    const locked = await t.server("demo", "vm-locked");
    const busy = await t.server("demo", "vm-busy");
    expect((await t.compute("POST", `/servers/${locked}/action`, { token: t.demo, body: { lock: null } })).status).toBe(202);
    // a reboot that the failed host never answers: task_state stays rebooting
    expect((await t.compute("POST", `/servers/${busy}/action`, { token: t.demo, body: { reboot: { type: "SOFT" } } })).status).toBe(202);
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id)).body.status).toBe("finished");
    expect(where(await t.show(locked))).toMatchObject({ status: "ACTIVE", locked: true });
    expect(where(await t.show(busy))).toMatchObject({ status: "ACTIVE", locked: false });
    expect((await t.events("compute.server.state_reset")).map((e) => e.payload.id)).toEqual([busy]);
  });
});

describe("evacuations that do not end", () => {
  it("a rebuild stuck past wait_period_after_evacuation fails its vmove; the flow reverts to error", async () => {
    const t = await haCluster({ taskAttempts: 1 });
    const a = await t.server("demo", "vm-a");
    const stick = await t.control("POST", "/transitions/overrides", { type: "compute.server", from: "evacuating", mode: "stick" });
    expect(stick.status, stick.text).toBe(201);
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    const start = t.emu.clock.now();
    expect((await advance(t, id, { until: "error" })).body.status).toBe("error");
    expect(t.emu.clock.now() - start).toBe(180_000 + 90_000);
    const [vmove] = (await t.ha("GET", `/notifications/${id}/vmoves`)).body.vmoves;
    expect(vmove).toMatchObject({ instance_uuid: a, status: "failed", message: "Instance was not evacuated within the wait period (status REBUILD)." });
    // unlocked again; nova still shows the rebuild it never finished
    expect(await t.show(a)).toMatchObject({ status: "REBUILD", locked: false });
  });
});

describe("instance and process flows", () => {
  const vmNotification = (t: Cluster, instance: string) =>
    t.ha("POST", "/notifications", {
      body: { notification: { type: "VM", hostname: "compute-1", generated_time: "2030-01-01T00:10:00", payload: { event: "LIFECYCLE", instance_uuid: instance, vir_domain_event: "STOPPED_FAILED" } } },
    });

  it("a VM event on an HA_Enabled server: stopped, started, confirmed ACTIVE", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    const res = await vmNotification(t, a);
    expect(res.status, res.text).toBe(202);
    const id = res.body.notification.notification_uuid;
    expect((await advance(t, id)).body.status).toBe("finished");
    const n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["StopInstanceTask", "SUCCESS"],
      ["StartInstanceTask", "SUCCESS"],
      ["ConfirmInstanceActiveTask", "SUCCESS"],
    ]);
    expect((await t.show(a)).status).toBe("ACTIVE");
    const changes = (await t.events("compute.server.state_changed")).filter((e) => e.payload.id === a).map((e) => e.payload.to);
    expect(changes.slice(-2)).toEqual(["SHUTOFF", "ACTIVE"]);
    // the host stays in service: an instance failure is not a host failure
    expect((await t.haHost("compute-1")).on_maintenance).toBe(false);
  });

  it("a VM event on a server without HA_Enabled finishes without touching it; an unknown event is ignored", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a");
    const id = (await vmNotification(t, a)).body.notification.notification_uuid;
    expect((await advance(t, id)).body.status).toBe("finished");
    expect((await t.notification(id)).recovery_workflow_details[0].progress_details[0].message).toBe(`Skipping recovery for instance: ${a} as it is not Ha_Enabled`);
    const odd = await t.ha("POST", "/notifications", {
      body: { notification: { type: "VM", hostname: "compute-1", generated_time: "2030-01-01T00:20:00", payload: { event: "REBOOT", instance_uuid: a, vir_domain_event: "STARTED_BOOTED" } } },
    });
    const oddId = odd.body.notification.notification_uuid;
    expect((await advance(t, oddId)).body.status).toBe("ignored");
  });

  it("a PROCESS STOPPED: the host goes on maintenance and its compute service is disabled", async () => {
    const t = await haCluster();
    const res = await t.ha("POST", "/notifications", {
      body: { notification: { type: "PROCESS", hostname: "compute-2", generated_time: "2030-01-01T00:00:00", payload: { event: "STOPPED", process_name: "nova-compute" } } },
    });
    expect(res.status, res.text).toBe(202);
    const id = res.body.notification.notification_uuid;
    expect((await advance(t, id)).body.status).toBe("finished");
    expect(await t.service("compute-2")).toMatchObject({ status: "disabled", disabled_reason: "Masakari detected process failed." });
    expect((await t.haHost("compute-2")).on_maintenance).toBe(true);
    expect((await t.notification(id)).recovery_workflow_details.map((d: any) => d.name)).toEqual(["DisableComputeNodeTask", "ConfirmComputeNodeDisabledTask"]);
  });
});

describe("the nova_notification driver", () => {
  it("a failed host in no segment is an event, not a notification", async () => {
    const t = await haCluster({}, { seed: "default" });
    expect((await t.control("POST", "/compute/hosts/compute-1/fail")).status).toBe(200);
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);
    expect((await t.events("instance-ha.host.unmanaged")).map((e) => e.payload)).toEqual([{ host: "compute-1", source: "compute.host.error" }]);
  });

  it("a fault rule on the driver drops the notification (journaled), or delays it on the virtual clock", async () => {
    const t = await haCluster();
    await t.control("POST", "/faults", { operation: "instance-ha.driver.nova_notification", effect: { type: "error", status: 500 }, times: 1 });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);
    expect((await t.events("instance-ha.driver.failed")).map((e) => e.payload)).toEqual([
      { driver: "nova_notification", host: "compute-1", error: "Injected fault: instance-ha.driver.nova_notification failed (500)." },
    ]);

    await t.control("POST", "/faults", { operation: "instance-ha.driver.nova_notification", effect: { type: "latency", ms: 30_000 }, times: 1 });
    await t.control("POST", "/compute/hosts/compute-2/fail");
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);
    t.advance(30_000);
    const list = (await t.ha("GET", "/notifications")).body.notifications;
    expect(list.map((n: any) => [n.source_host_uuid, n.generated_time])).toEqual([[(await t.haHost("compute-2")).uuid, "2030-01-01T00:00:30.000000"]]);
  });

  it("a host already on maintenance refuses the notification: the driver journals it", async () => {
    const t = await haCluster();
    const hostId = (await t.haHost("compute-3")).uuid;
    expect((await t.ha("PUT", `/segments/${await t.segmentId()}/hosts/${hostId}`, { body: { host: { on_maintenance: true } } })).status).toBe(200);
    await t.control("POST", "/compute/hosts/compute-3/fail");
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);
    const [failed] = await t.events("instance-ha.driver.failed");
    expect(failed.payload).toMatchObject({ driver: "nova_notification", host: "compute-3" });
  });
});

describe("configuration", () => {
  it("a target naming no task stops the emulator from starting", () => {
    const service = instanceHaService();
    const broken = { ...service, start: (k: Parameters<NonNullable<typeof service.start>>[0]) => startRecoveryEngine(k, { ...DEFAULT_INSTANCE_HA_OPTIONS, recoveryWorkflowOnStop: { targets: ["disableComputeNodeTask", "Nope"] } }) };
    expect(() => createEmulator({ frozenClock: true, services: [broken] as never })).toThrow(
      "recovery_workflow_on_stop names an unknown task Nope. Known tasks: disableComputeNodeTask, PrepareHAEnabled, EvacuateHost",
    );
  });

  it("a custom task runs where the targets put it, takes virtual time, and is reverted when a later task fails for good", async () => {
    const log: string[] = [];
    const drain = (): BaseTask => ({
      name: "DrainLoadBalancer",
      execute(ctx) {
        if (ctx.poll === 0) {
          ctx.progress(`Draining ${ctx.hostname}`);
          return { again: 30_000 };
        }
        log.push(`drained ${ctx.hostname}`);
        ctx.progress("Drained", 1);
      },
      revert(ctx) {
        log.push(`restored ${ctx.hostname}`);
      },
    });
    const t = await haCluster({
      taskAttempts: 1,
      customTasks: { DrainLoadBalancer: drain },
      recoveryWorkflowOnStop: { targets: ["DrainLoadBalancer", "disableComputeNodeTask", "PrepareHAEnabled", "EvacuateHost"] },
    });
    await t.server("demo", "vm-a");
    await t.control("POST", "/faults", { operation: "instance-ha.task.EvacuateHost", effect: { type: "error", status: 500 } });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = await only(t);
    expect((await advance(t, id, { until: "error" })).body.status).toBe("error");
    expect(log).toEqual(["drained compute-1", "restored compute-1"]);
    const n = await t.notification(id);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["DrainLoadBalancer", "REVERTED"],
      ["DisableComputeServiceTask", "REVERTED"],
      ["PrepareHAEnabledInstancesTask", "REVERTED"],
      ["EvacuateInstancesTask", "FAILURE"],
    ]);
    expect(n.recovery_workflow_details[0].progress_details.map((p: any) => p.timestamp)).toEqual(["2030-01-01 00:00:05.000000", "2030-01-01 00:00:35.000000"]);
  });
});

describe("reproducibility", () => {
  it("the same seed and clock give the same recovery, record for record", async () => {
    const run = async () => {
      const t = await haCluster();
      for (const [p, name] of [["demo", "a"], ["alt", "b"], ["demo", "c"], ["alt", "d"]] as const) await t.server(p, name, name === "b" ? { HA_Enabled: "True" } : {});
      await t.control("POST", "/compute/hosts/compute-1/fail");
      const id = await only(t);
      await advance(t, id);
      return JSON.stringify([await t.notification(id), (await t.ha("GET", `/notifications/${id}/vmoves`)).body, (await t.compute("GET", "/servers/detail?all_tenants=1")).body]);
    };
    const [first, second] = [await run(), await run()];
    expect(first).toBe(second);
    expect(first).toContain("succeeded");
  });
});

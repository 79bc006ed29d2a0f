// Every way a server goes to ERROR on a host that is up raises compute.instance.error (server_error) once,
// which the nova_notification driver files as a COMPUTE_INSTANCE notification whose recovery (stop, start,
// confirm) leaves the server ACTIVE: a fault rule on a lifecycle step, the control API's servers/{id}/fail,
// a failed rebuild. A failed build (never ran) and a failed evacuation (still on the failed host) raise none.

import { describe, expect, it } from "vitest";
import { ACTION_MS, haCluster, type Cluster } from "./engine-setup.js";
import { CIRROS } from "../../helpers/compute.js";

const BOOM = { type: "error", status: 500, message: "libvirtError: internal error: guest crashed" };

async function addFault(t: Cluster, rule: Record<string, unknown>) {
  const res = await t.control("POST", "/faults", { effect: BOOM, ...rule });
  expect(res.status, res.text).toBe(201);
}

async function instanceErrors(t: Cluster) {
  return (await t.events("compute.instance.error")).map((e) => e.payload);
}

/** The one notification (COMPUTE_INSTANCE, naming the server), run to its end: its tasks and their states. */
async function recover(t: Cluster, serverId: string) {
  const fresh = (await t.ha("GET", "/notifications")).body.notifications;
  expect(fresh.map((n: any) => [n.type, n.payload.instance_uuid])).toEqual([["COMPUTE_INSTANCE", serverId]]);
  const done = await t.control("POST", `/instance-ha/notifications/${fresh[0].notification_uuid}/advance`);
  expect(done.status, done.text).toBe(200);
  const n = await t.notification(fresh[0].notification_uuid);
  return { status: n.status, tasks: n.recovery_workflow_details.map((d: any) => [d.name, d.state]) };
}

const RECOVERED = {
  status: "finished",
  tasks: [
    ["StopInstanceTask", "SUCCESS"],
    ["StartInstanceTask", "SUCCESS"],
    ["ConfirmInstanceActiveTask", "SUCCESS"],
  ],
};

const serverError = (serverId: string, host = "compute-1") => ({ host, serverId, projectId: expect.any(String), cause: "server_error" });

describe("a fault rule on a lifecycle step", () => {
  it("fails a reboot to ERROR with the rule's message, raises compute.instance.error, and the recovery brings the server back", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await addFault(t, { operation: "compute.server.reboot", resourceName: "vm-a", times: 1 });
    expect((await t.compute("POST", `/servers/${a}/action`, { body: { reboot: { type: "SOFT" } } })).status).toBe(202);
    t.advance(ACTION_MS);
    const failed = await t.show(a);
    expect({ status: failed.status, host: failed["OS-EXT-SRV-ATTR:host"], fault: failed.fault }).toEqual({
      status: "ERROR",
      host: "compute-1",
      fault: { code: 500, message: BOOM.message, created: expect.any(String) },
    });
    expect(await instanceErrors(t)).toEqual([serverError(a)]);
    expect((await t.control("GET", "/faults/fired")).body.fired.map((f: any) => f.operation)).toEqual(["compute.server.reboot"]);

    expect(await recover(t, a)).toEqual(RECOVERED);
    expect((await t.show(a)).status).toBe("ACTIVE");
    expect(await instanceErrors(t)).toHaveLength(1);
  });

  it("lists the steps a rule may fail among compute's operations", async () => {
    const t = await haCluster();
    const compute = (await t.control("GET", "/faults/operations")).body.services.find((s: any) => s.service === "compute").operations;
    expect(compute).toEqual(expect.arrayContaining(["compute.server.build", "compute.server.reboot", "compute.server.stop", "compute.server.start", "compute.server.rebuild", "compute.server.evacuate"]));
  });

  it("does not fire on a step whose host is down: the step waits for the host, as a cast to a dead nova-compute does", async () => {
    const t = await haCluster({ notificationDrivers: [] });
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await addFault(t, { operation: "compute.server.stop" });
    expect((await t.compute("POST", `/servers/${a}/action`, { body: { "os-stop": null } })).status).toBe(202);
    await t.control("POST", "/compute/hosts/compute-1/fail");
    t.advance(ACTION_MS * 3);
    expect((await t.show(a))["OS-EXT-STS:task_state"]).toBe("powering-off");
    expect((await t.control("GET", "/faults/fired")).body.fired).toEqual([]);
    // back up, the step runs and the rule fails it
    await t.control("POST", "/compute/hosts/compute-1/recover");
    t.advance(ACTION_MS);
    expect((await t.show(a)).status).toBe("ERROR");
    expect((await instanceErrors(t)).map((e) => e.cause)).toEqual(["host_failure", "server_error"]);
  });

  it("a failed build raises nothing: the server never ran on a host (Nova leaves it in ERROR with no host)", async () => {
    const t = await haCluster();
    await addFault(t, { operation: "compute.server.build", resourceName: "vm-a" });
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    const failed = await t.show(a);
    expect({ status: failed.status, host: failed["OS-EXT-SRV-ATTR:host"] }).toEqual({ status: "ERROR", host: null });
    expect(await instanceErrors(t)).toEqual([]);
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);
  });
});

describe("POST /_emulator/compute/servers/{id}/fail", () => {
  it("puts the server in ERROR with the fault given, raises compute.instance.error once, and the recovery runs", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    const res = await t.control("POST", `/compute/servers/${a}/fail`, { message: "guest kernel panic" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      changed: true,
      server: {
        id: a, name: "vm-a", projectId: expect.any(String), status: "ERROR", vmState: "error", taskState: null, host: "compute-1", hostState: "up",
        fault: { code: 500, message: "guest kernel panic", created: expect.any(String) },
      },
    });
    expect((await t.show(a)).fault).toMatchObject({ code: 500, message: "guest kernel panic" });
    expect(await instanceErrors(t)).toEqual([serverError(a)]);

    // already in ERROR: nothing changes, nothing is published
    const again = await t.control("POST", `/compute/servers/${a}/fail`);
    expect(again.body.changed).toBe(false);
    expect(again.body.server.fault.message).toBe("guest kernel panic");
    expect(await instanceErrors(t)).toHaveLength(1);

    expect(await recover(t, a)).toEqual(RECOVERED);
    expect((await t.show(a)).status).toBe("ACTIVE");
  });

  it("a server that is not HA_Enabled: the notification finishes without touching it (StopInstanceTask skips)", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a");
    await t.control("POST", `/compute/servers/${a}/fail`);
    const { status } = await recover(t, a);
    expect(status).toBe("finished");
    const n = await t.notification();
    expect(n.recovery_workflow_details[0].progress_details[0].message).toBe(`Skipping recovery for instance: ${a} as it is not Ha_Enabled`);
    expect((await t.show(a)).status).toBe("ERROR");
  });

  it("drops a step under way; the default fault names the host", async () => {
    const t = await haCluster({ notificationDrivers: [] });
    const a = await t.server("demo", "vm-a");
    expect((await t.compute("POST", `/servers/${a}/action`, { body: { reboot: { type: "HARD" } } })).status).toBe(202);
    const res = await t.control("POST", `/compute/servers/${a}/fail`);
    expect(res.body.server).toMatchObject({ status: "ERROR", taskState: null, fault: { message: `Instance ${a} failed on host compute-1.` } });
    t.advance(ACTION_MS * 2);
    expect((await t.show(a)).status).toBe("ERROR");
  });

  it("on a host that is down, or for a server with no host, publishes nothing", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const res = await t.control("POST", `/compute/servers/${a}/fail`);
    expect(res.body).toMatchObject({ changed: true, server: { status: "ERROR", hostState: "down" } });
    expect((await instanceErrors(t)).map((e) => e.cause)).toEqual(["host_failure"]);

    // a failed build reset to active: a server with no host
    await addFault(t, { operation: "compute.server.build", resourceName: "vm-b", times: 1 });
    await t.control("POST", "/compute/hosts/compute-1/recover");
    const b = await t.server("demo", "vm-b");
    const reset = await t.compute("POST", `/servers/${b}/action`, { body: { "os-resetState": { state: "active" } } });
    expect(reset.status, reset.text).toBe(202);
    const nohost = await t.control("POST", `/compute/servers/${b}/fail`);
    expect(nohost.body).toMatchObject({ changed: true, server: { host: null, hostState: null, status: "ERROR" } });
    expect((await instanceErrors(t)).map((e) => e.cause)).toEqual(["host_failure"]);
  });

  it("refuses an unknown server (404), a server being deleted or deleted (409) and a bad body (400), in the control API's shape", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a");
    const unknown = await t.control("POST", "/compute/servers/nope/fail");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ status: 404, message: expect.stringContaining("nope") });

    for (const body of [{ message: "" }, { message: "x".repeat(256) }, { reason: "x" }, { message: 7 }]) {
      const bad = await t.control("POST", `/compute/servers/${a}/fail`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.status).toBe(400);
    }
    expect((await t.show(a)).status).toBe("ACTIVE");

    expect((await t.compute("DELETE", `/servers/${a}`)).status).toBe(204);
    const deleting = await t.control("POST", `/compute/servers/${a}/fail`);
    expect(deleting.status, deleting.text).toBe(409);
    expect(deleting.body.error.status).toBe(409);
    t.advance(ACTION_MS);
    expect((await t.compute("GET", `/servers/${a}`)).status).toBe(404);
    expect((await t.control("POST", `/compute/servers/${a}/fail`)).status).toBe(409);
    expect(await instanceErrors(t)).toEqual([]);
  });

  it("is in the control API's OpenAPI document, with its body", async () => {
    const t = await haCluster();
    const doc = (await t.control("GET", "/openapi.json")).body;
    const op = doc.paths["/_emulator/compute/servers/{id}/fail"].post;
    expect(op.requestBody.content["application/json"].schema.properties.message).toMatchObject({ type: "string", maxLength: 255 });
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "404", "409"]);
  });
});

describe("a failed rebuild", () => {
  it("a fault rule on compute.server.rebuild: ERROR on its host, compute.instance.error once, then recovered", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await addFault(t, { operation: "compute.server.rebuild", times: 1 });
    const res = await t.compute("POST", `/servers/${a}/action`, { body: { rebuild: { imageRef: CIRROS, metadata: { HA_Enabled: "True" } } } });
    expect(res.status, res.text).toBe(202);
    t.advance(ACTION_MS);
    const failed = await t.show(a);
    expect({ status: failed.status, host: failed["OS-EXT-SRV-ATTR:host"], message: failed.fault?.message }).toEqual({ status: "ERROR", host: "compute-1", message: BOOM.message });
    expect(await instanceErrors(t)).toEqual([serverError(a)]);
    expect(await recover(t, a)).toEqual(RECOVERED);
    expect((await t.show(a)).status).toBe("ACTIVE");
  });

  it("an override sending the rebuild to error does the same", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    const redirect = await t.control("POST", "/transitions/overrides", { type: "compute.server", from: "rebuilding", mode: "redirect", to: "error" });
    expect(redirect.status, redirect.text).toBe(201);
    expect((await t.compute("POST", `/servers/${a}/action`, { body: { rebuild: { imageRef: CIRROS } } })).status).toBe(202);
    t.advance(ACTION_MS);
    await t.control("DELETE", `/transitions/overrides/${redirect.body.id}`);
    expect((await t.show(a)).status).toBe("ERROR");
    expect(await instanceErrors(t)).toEqual([serverError(a)]);
    // the rebuild kept the metadata it was not given: still HA_Enabled
    expect(await recover(t, a)).toEqual(RECOVERED);
  });
});

describe("a failed evacuation", () => {
  it("leaves the server in ERROR on the failed host: no compute.instance.error, the host's notification reports it", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await addFault(t, { operation: "compute.server.evacuate" });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const [host] = (await t.ha("GET", "/notifications")).body.notifications;
    const done = await t.control("POST", `/instance-ha/notifications/${host.notification_uuid}/advance`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe("error");
    expect((await t.control("GET", "/faults/fired")).body.fired.map((f: any) => f.operation)).toContain("compute.server.evacuate");

    const failed = await t.show(a);
    expect({ status: failed.status, host: failed["OS-EXT-SRV-ATTR:host"], message: failed.fault?.message }).toEqual({ status: "ERROR", host: "compute-1", message: BOOM.message });
    expect((await instanceErrors(t)).map((e) => e.cause)).toEqual(["host_failure"]);
    expect((await t.ha("GET", "/notifications")).body.notifications.map((n: any) => n.type)).toEqual(["COMPUTE_HOST"]);
    // the destination's claim was given back and the migration failed
    const hosts = (await t.control("GET", "/compute/hosts")).body.hosts;
    expect(hosts.filter((h: any) => h.name !== "compute-1").map((h: any) => h.vcpusUsed)).toEqual([0, 0, 0]);
    const migrations = (await t.compute("GET", `/os-migrations?instance_uuid=${a}`, { version: "2.59" })).body.migrations;
    // (the engine tried each time the rule failed it)
    expect(migrations.length).toBeGreaterThan(0);
    for (const m of migrations) expect([m.migration_type, m.status]).toEqual(["evacuation", "failed"]);
  });

  it("once the failed host is back, failing the errored server again publishes nothing (it already failed)", async () => {
    const t = await haCluster({ notificationDrivers: [] });
    const a = await t.server("demo", "vm-a");
    await addFault(t, { operation: "compute.server.evacuate", times: 1 });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const res = await t.compute("POST", `/servers/${a}/action`, { body: { evacuate: {} } });
    expect(res.status, res.text).toBe(200);
    t.advance(ACTION_MS);
    expect((await t.show(a)).status).toBe("ERROR");
    await t.control("POST", "/compute/hosts/compute-1/recover");
    expect((await t.control("POST", `/compute/servers/${a}/fail`)).body.changed).toBe(false);
    expect((await instanceErrors(t)).map((e) => e.cause)).toEqual(["host_failure"]);
  });
});

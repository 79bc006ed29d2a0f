// Chaos end to end, in process: a compute host of the ha-cluster scenario (with its seeded servers of two
// projects) fails through the control API and the recovery engine takes it from there, on a frozen clock
// moved only by the test.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ACTION_MS, haCluster, SERVICE_WAIT_MS, where } from "./engine-setup.js";

describe("chaos: a compute host fails and its servers are evacuated", () => {
  it("new -> running -> host disabled -> every server ACTIVE (or SHUTOFF) elsewhere -> finished", async () => {
    const t = await haCluster({}, { seed: "ha-cluster" });
    const seeded = (await t.compute("GET", "/servers/detail?all_tenants=1")).body.servers as Array<Record<string, any>>;
    const id = (name: string) => seeded.find((v) => v.name === name)!.id as string;
    // web-1 and db-1 HA_Enabled; batch-1 SHUTOFF; app-1 on compute-2, untouched
    const [a, d, b, c, e] = ["web-1", "db-1", "web-2", "batch-1", "cache-1"].map(id);
    expect(seeded.map((v) => [v.name, v.status, v["OS-EXT-SRV-ATTR:host"]]).sort()).toEqual([
      ["app-1", "ACTIVE", "compute-2"],
      ["batch-1", "SHUTOFF", "compute-1"],
      ["cache-1", "ACTIVE", "compute-1"],
      ["db-1", "ACTIVE", "compute-1"],
      ["web-1", "ACTIVE", "compute-1"],
      ["web-2", "ACTIVE", "compute-1"],
    ]);

    const fail = await t.control("POST", "/compute/hosts/compute-1/fail");
    expect(fail.status).toBe(200);
    // the nova_notification driver created the notification; the engine picks it up when the clock moves
    let n = await t.notification();
    expect(n).toMatchObject({ type: "COMPUTE_HOST", status: "new", payload: { event: "STOPPED", host_status: "NORMAL", cluster_status: "OFFLINE" } });

    t.advance(0);
    n = await t.notification(n.notification_uuid);
    expect(n.status).toBe("running");
    expect(await t.service("compute-1")).toMatchObject({ status: "disabled", disabled_reason: "Masakari detected host failed.", state: "down" });
    expect((await t.haHost("compute-1")).on_maintenance).toBe(true);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["DisableComputeServiceTask", "RUNNING"],
      ["PrepareHAEnabledInstancesTask", "PENDING"],
      ["EvacuateInstancesTask", "PENDING"],
    ]);

    // the service update wait, then the evacuations, 3 at a time: 2 rounds of one rebuild each
    t.advance(SERVICE_WAIT_MS);
    const vmoves = (await t.ha("GET", `/notifications/${n.notification_uuid}/vmoves?sort_key=id&sort_dir=asc`)).body.vmoves;
    expect(vmoves.map((v: any) => [v.instance_uuid, v.status])).toEqual([
      [a, "ongoing"],
      [d, "ongoing"],
      [b, "ongoing"],
      [c, "pending"],
      [e, "pending"],
    ]);
    expect((await t.show(a)).locked).toBe(true);
    t.advance(2 * ACTION_MS);
    n = await t.notification(n.notification_uuid);
    expect(n.status).toBe("finished");
    for (const v of [a, b, d, e]) expect(where(await t.show(v))).toMatchObject({ status: "ACTIVE", locked: false });
    expect(where(await t.show(c))).toMatchObject({ status: "SHUTOFF", locked: false });
    for (const v of [a, b, c, d, e]) expect(["compute-2", "compute-3"]).toContain((await t.show(v))["OS-EXT-SRV-ATTR:host"]);
    expect(where(await t.show(id("app-1")))).toMatchObject({ status: "ACTIVE", host: "compute-2" });
    // their ports moved with them
    const ports = (await call(t.emu, "GET", `/networking/v2.0/ports?device_id=${a}`, { token: t.admin })).body.ports;
    expect(ports.map((p: any) => [p.status, p["binding:host_id"]])).toEqual([["ACTIVE", (await t.show(a))["OS-EXT-SRV-ATTR:host"]]]);
    expect(n.recovery_workflow_details.map((d: any) => [d.name, d.state, d.progress])).toEqual([
      ["DisableComputeServiceTask", "SUCCESS", 1],
      ["PrepareHAEnabledInstancesTask", "SUCCESS", 1],
      ["EvacuateInstancesTask", "SUCCESS", 1],
    ]);
    const evac = n.recovery_workflow_details[2].progress_details.map((p: any) => p.message);
    expect(evac.at(-1)).toBe("Evacuation process completed!");
    const prepare = n.recovery_workflow_details[1].progress_details.map((p: any) => p.message);
    expect(prepare).toContain(`Instances to be evacuated are: '${[a, d, b, c, e].join(",")}'`);
    const moves = (await t.ha("GET", `/notifications/${n.notification_uuid}/vmoves?sort_key=id&sort_dir=asc`)).body.vmoves;
    expect(moves.every((v: any) => v.status === "succeeded" && v.dest_host !== null && v.source_host === "compute-1")).toBe(true);
    expect((await t.events("instance-ha.notification.*")).map((ev) => ev.type)).toEqual([
      "instance-ha.notification.created",
      "instance-ha.notification.status_changed",
      "instance-ha.notification.running",
      "instance-ha.notification.status_changed",
      "instance-ha.notification.finished",
    ]);
  });
});

// compute.instance.error in process: a server that goes to ERROR on a healthy host (a lifecycle step sent
// there through the control API) raises it (cause server_error), and the nova_notification driver turns it
// into a COMPUTE_INSTANCE notification naming the server, `new` until the clock moves, then recovered. The
// ones a host failure raises (cause host_failure) stay covered by the host's notification alone.

import { describe, expect, it } from "vitest";
import { haCluster, type Cluster } from "./engine-setup.js";

/** Sends the server to ERROR on its host: a manual reboot step stepped to `error`. */
async function breakServer(t: Cluster, id: string) {
  const manual = await t.control("POST", "/transitions/overrides", { type: "compute.server", resourceId: id, from: "rebooting", mode: "manual" });
  expect(manual.status, manual.text).toBe(201);
  expect((await t.compute("POST", `/servers/${id}/action`, { body: { reboot: { type: "SOFT" } } })).status).toBe(202);
  const step = await t.control("POST", "/transitions/step", { type: "compute.server", resourceId: id, to: "error" });
  expect(step.status, step.text).toBe(200);
  await t.control("DELETE", `/transitions/overrides/${manual.body.id}`);
  expect((await t.show(id)).status).toBe("ERROR");
}

describe("a server going to ERROR on a healthy host", () => {
  it("raises compute.instance.error and becomes a COMPUTE_INSTANCE notification (new), which the engine then recovers", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await breakServer(t, a);
    const errors = (await t.events("compute.*")).filter((e) => e.type === "compute.instance.error");
    expect(errors.map((e) => e.payload)).toEqual([{ host: "compute-1", serverId: a, projectId: expect.any(String), cause: "server_error" }]);

    const fresh = (await t.ha("GET", "/notifications?status=new")).body.notifications;
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ type: "COMPUTE_INSTANCE", source_host_uuid: (await t.haHost("compute-1")).uuid, payload: { instance_uuid: a } });

    const done = await t.control("POST", `/instance-ha/notifications/${fresh[0].notification_uuid}/advance`);
    expect(done.body.status, done.text).toBe("finished");
    expect((await t.notification(fresh[0].notification_uuid)).recovery_workflow_details.map((d: any) => [d.name, d.state])).toEqual([
      ["StopInstanceTask", "SUCCESS"],
      ["StartInstanceTask", "SUCCESS"],
      ["ConfirmInstanceActiveTask", "SUCCESS"],
    ]);
    expect((await t.show(a)).status).toBe("ACTIVE");
    // an instance failure leaves the host in service
    expect((await t.haHost("compute-1")).on_maintenance).toBe(false);
  });

  it("a host failure's compute.instance.error events add no instance notification: the host's covers them", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const errors = (await t.events("compute.instance.error")).map((e) => e.payload);
    expect(errors).toEqual([{ host: "compute-1", serverId: a, projectId: expect.any(String), cause: "host_failure" }]);
    expect((await t.ha("GET", "/notifications")).body.notifications.map((n: any) => n.type)).toEqual(["COMPUTE_HOST"]);
  });

  it("a server whose host is in no segment: the event, and the driver's instance-ha.host.unmanaged", async () => {
    const t = await haCluster();
    const a = await t.server("demo", "vm-a");
    const segment = await t.segmentId();
    const host = (await t.haHost("compute-1")).uuid;
    expect((await t.ha("DELETE", `/segments/${segment}/hosts/${host}`)).status).toBe(204);
    await breakServer(t, a);
    expect((await t.events("compute.instance.error")).map((e) => e.payload.cause)).toEqual(["server_error"]);
    expect((await t.ha("GET", "/notifications")).body.notifications).toEqual([]);
    expect((await t.events("instance-ha.host.unmanaged")).map((e) => e.payload)).toEqual([{ host: "compute-1", source: "compute.instance.error" }]);
  });
});

// Instance HA's notifications as a bus consumer sees them: Masakari's segment.*, host.*, notification.create.*
// (masakari-api) and notification.process.* (masakari-engine) on `versioned_notifications`, in
// masakari_object envelopes with the samples' keys.

import { describe, expect, it } from "vitest";
import { haCluster } from "../services/instance-ha/engine-setup.js";
import { captureNotifications, data } from "../helpers/bus.js";

describe("instance HA's notifications", () => {
  it("a segment created, updated and deleted; a host updated and deleted: start and end of each from masakari-api", async () => {
    const t = await haCluster();
    const bus = captureNotifications(t.emu);
    const made = await t.ha("POST", "/segments", { body: { segment: { name: "s2", recovery_method: "auto", service_type: "compute" } } });
    expect(made.status, made.text).toBe(201);
    const sid = made.body.segment.uuid;
    expect((await t.ha("PUT", `/segments/${sid}`, { body: { segment: { description: "second" } } })).status).toBe(200);
    expect((await t.ha("DELETE", `/segments/${sid}`)).status).toBe(204);
    const segment = await t.segmentId();
    const host = await t.haHost("compute-3");
    expect((await t.ha("PUT", `/segments/${segment}/hosts/${host.uuid}`, { body: { host: { on_maintenance: true } } })).status).toBe(200);
    expect((await t.ha("DELETE", `/segments/${segment}/hosts/${host.uuid}`)).status).toBe(204);

    expect(bus.map((n) => n.eventType)).toEqual([
      "segment.create.start", "segment.create.end", "segment.update.start", "segment.update.end", "segment.delete.start", "segment.delete.end",
      "host.update.start", "host.update.end", "host.delete.start", "host.delete.end",
    ]);
    expect(bus.every((n) => n.topic === "versioned_notifications" && n.publisherId === "masakari-api:controller" && n.priority === "INFO")).toBe(true);
    expect(bus[0].payload).toMatchObject({ "masakari_object.name": "SegmentApiPayload", "masakari_object.namespace": "masakari", "masakari_object.version": "1.1" });
    expect(data(bus[0])).toEqual({ name: "s2", service_type: "compute", description: null, recovery_method: "auto", enabled: true, fault: null });
    expect(data(bus[1])).toMatchObject({ id: made.body.segment.id, uuid: sid, name: "s2" });
    expect(data(bus[3])).toMatchObject({ description: "second" });
    expect(data(bus[5])).toMatchObject({ uuid: sid, name: "s2", description: "second" });
    expect(bus[7].payload["masakari_object.name"]).toBe("HostApiPayload");
    expect(data(bus[7])).toMatchObject({ uuid: host.uuid, name: "compute-3", on_maintenance: true, failover_segment_id: segment, failover_segment: { "masakari_object.name": "FailoverSegment", "masakari_object.data": { uuid: segment } } });
    expect(data(bus[9])).toMatchObject({ uuid: host.uuid, id: host.id, name: "compute-3", type: host.type, reserved: false });
    expect(bus.failures).toEqual([]);
  });

  it("a host failure: notification.create from masakari-api, then notification.process start and end from masakari-engine", async () => {
    const t = await haCluster();
    await t.server("demo", "vm-a");
    const bus = captureNotifications(t.emu);
    await t.control("POST", "/compute/hosts/compute-1/fail");
    const id = (await t.ha("GET", "/notifications")).body.notifications[0].notification_uuid;
    expect((await t.control("POST", `/instance-ha/notifications/${id}/advance`, {})).body.status).toBe("finished");

    const ha = bus.filter((n) => n.eventType.startsWith("notification."));
    expect(ha.map((n) => [n.eventType, n.publisherId, n.priority])).toEqual([
      ["notification.create.start", "masakari-api:controller", "INFO"],
      ["notification.create.end", "masakari-api:controller", "INFO"],
      ["notification.process.start", "masakari-engine:controller", "INFO"],
      ["notification.process.end", "masakari-engine:controller", "INFO"],
    ]);
    expect(ha[0].payload["masakari_object.name"]).toBe("NotificationApiPayload");
    expect(data(ha[0])).not.toHaveProperty("notification_uuid");
    expect(data(ha[1])).toMatchObject({ notification_uuid: id, type: "COMPUTE_HOST", status: "new", fault: null, payload: expect.any(Object) });
    expect(data(ha[1]).generated_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(data(ha[2])).toMatchObject({ notification_uuid: id, status: "new" });
    expect(data(ha[3])).toMatchObject({ notification_uuid: id, status: "finished" });
    // compute's own error comes first: what the nova_notification driver acted on
    expect(bus.findIndex((n) => n.eventType === "compute.host.error")).toBeLessThan(bus.indexOf(ha[0]));
    expect(bus.failures).toEqual([]);
  });
});

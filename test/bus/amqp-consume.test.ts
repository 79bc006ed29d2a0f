// The AMQP bridge taking notifications off a real broker (this machine's RabbitMQ): a compute.host.error
// published by anyone fails the host as the control API would (notification, evacuation); a malformed
// message is dead-lettered and the emulator goes on; a redelivery (same message_id) acts once.

import { afterEach, describe, expect, it } from "vitest";
import { haCluster, SERVICE_WAIT_MS, type Cluster } from "../services/instance-ha/engine-setup.js";
import { BROKER, drain, osloEnvelope, publish, removeDeclared, uniqueNames, until } from "../helpers/amqp.js";

let cluster: Cluster | undefined;
let declared: { exchange: string; queue: string } | undefined;
afterEach(async () => {
  await cluster?.emu.close();
  cluster = undefined;
  if (declared) await removeDeclared(BROKER, declared);
  declared = undefined;
});

async function bridged() {
  const names = uniqueNames("consume");
  declared = names;
  cluster = await haCluster({}, { amqpUrl: BROKER, amqpExchange: names.exchange, amqpQueue: names.queue });
  await cluster.emu.amqp!.settled();
  return { t: cluster, ...names };
}

const hostError = (host: string, messageId = crypto.randomUUID()) =>
  osloEnvelope({
    message_id: messageId,
    publisher_id: `compute.${host}`,
    event_type: "compute.host.error",
    priority: "ERROR",
    payload: { host },
    timestamp: "2030-01-01 00:00:00.000000",
  });

describe("error notifications from the broker", () => {
  it("a compute.host.error published on the exchange fails the host and its servers are evacuated", async () => {
    const { t, exchange } = await bridged();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await publish(BROKER, exchange, "notifications.error", hostError("compute-1"));
    await until(() => t.emu.amqp!.health().consumed === 1, "the notification to be consumed");

    expect((await t.service("compute-1")).state).toBe("down");
    const consumed = (await t.events("amqp.message.consumed")).map((e) => e.payload);
    expect(consumed).toEqual([{ messageId: expect.any(String), eventType: "compute.host.error", publisherId: "compute.compute-1" }]);
    const [notification] = (await t.ha("GET", "/notifications")).body.notifications;
    expect(notification).toMatchObject({ type: "COMPUTE_HOST", status: "new" });

    t.advance(SERVICE_WAIT_MS + 60_000);
    expect((await t.notification(notification.notification_uuid)).status).toBe("finished");
    const server = await t.show(a);
    expect(server.status).toBe("ACTIVE");
    expect(server["OS-EXT-SRV-ATTR:host"]).not.toBe("compute-1");
  });

  it("a compute.instance.error published on the exchange fails the server: a COMPUTE_INSTANCE notification recovers it", async () => {
    const { t, exchange } = await bridged();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    await publish(
      BROKER,
      exchange,
      "notifications.error",
      osloEnvelope({ message_id: crypto.randomUUID(), publisher_id: "compute.compute-1", event_type: "compute.instance.error", priority: "ERROR", payload: { instance_id: a, message: "guest kernel panic" } }),
    );
    await until(() => t.emu.amqp!.health().consumed === 1, "the notification to be consumed");
    const failed = await t.show(a);
    expect(failed.status).toBe("ERROR");
    expect(failed.fault).toMatchObject({ code: 500, message: "guest kernel panic" });
    const [notification] = (await t.ha("GET", "/notifications")).body.notifications;
    expect(notification).toMatchObject({ type: "COMPUTE_INSTANCE", status: "new", payload: { instance_uuid: a } });
    const done = await t.control("POST", `/instance-ha/notifications/${notification.notification_uuid}/advance`);
    expect(done.body.status, done.text).toBe("finished");
    expect((await t.show(a)).status).toBe("ACTIVE");
    // the host stays in service: an instance failure is not a host failure
    expect((await t.service("compute-1")).state).toBe("up");
  });

  it("a versioned payload names the server as nova_object.data.uuid; an unknown server is dead-lettered", async () => {
    const { t, exchange } = await bridged();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    const versioned = (uuid: string) => ({ event_type: "compute.instance.error", publisher_id: "nova-compute:compute-1", payload: { "nova_object.data": { uuid } } });
    await publish(BROKER, exchange, "versioned_notifications.error", versioned("00000000-0000-4000-8000-000000000000"));
    await publish(BROKER, exchange, "versioned_notifications.error", versioned(a));
    await until(() => t.emu.amqp!.health().consumed === 1, "the notification to be consumed");
    expect(t.emu.amqp!.health().rejected).toBe(1);
    expect((await t.events("amqp.message.rejected"))[0]!.payload.reason).toBe("compute.instance.error: no server 00000000-0000-4000-8000-000000000000");
    expect((await t.show(a)).status).toBe("ERROR");
  });

  it("the host may come from the publisher id alone; a bare (un-enveloped) message is taken too", async () => {
    const { t, exchange } = await bridged();
    await publish(BROKER, exchange, "notifications.error", { event_type: "compute.host.error", publisher_id: "compute.compute-2", payload: {} });
    await until(() => t.emu.amqp!.health().consumed === 1, "the notification to be consumed");
    expect((await t.service("compute-2")).state).toBe("down");
  });

  it("a redelivered notification (same message_id) makes one notification", async () => {
    const { t, exchange } = await bridged();
    const id = crypto.randomUUID();
    await publish(BROKER, exchange, "notifications.error", hostError("compute-1", id));
    await publish(BROKER, exchange, "notifications.error", hostError("compute-1", id));
    await publish(BROKER, exchange, "notifications.error", hostError("compute-2"));
    await until(() => t.emu.amqp!.health().consumed === 2, "two notifications consumed");
    expect((await t.ha("GET", "/notifications")).body.notifications.map((n: any) => n.type).sort()).toEqual(["COMPUTE_HOST", "COMPUTE_HOST"]);
    expect(t.emu.amqp!.health()).toMatchObject({ consumed: 2, rejected: 0 });
  });

  it("malformed messages are dead-lettered, journaled and change nothing; the bridge goes on", async () => {
    const { t, exchange, queue } = await bridged();
    const before = await t.control("GET", "/state");
    const bad: unknown[] = [
      "not json at all",
      { "oslo.version": "2.0", "oslo.message": "{broken" },
      { "oslo.version": "9.9", "oslo.message": "{}" },
      { event_type: "compute.host.error" },
      { event_type: "compute.host.error", payload: [] },
      { event_type: 42, payload: {} },
      hostError("no-such-host"),
      { event_type: "compute.host.error", payload: {} },
      hostError("h".repeat(100_000)),
      { event_type: "compute.host.error", payload: { host: "h".repeat(100_000) } },
      Buffer.from([0xff, 0xfe, 0x00]),
    ];
    for (const body of bad) await publish(BROKER, exchange, "notifications.error", body);
    await until(() => t.emu.amqp!.health().rejected === bad.length, `${bad.length} rejections`);

    const reasons = (await t.events("amqp.message.rejected")).map((e) => e.payload.reason);
    expect(reasons).toEqual([
      "the body is not JSON",
      "oslo.message is not JSON",
      'oslo.version "9.9" is not 2.0',
      "payload is not an object",
      "payload is not an object",
      "event_type is not a name",
      "compute.host.error: no compute host named no-such-host",
      "compute.host.error names no host (payload.host, or publisher_id compute.<host>)",
      "publisher_id is not a string",
      "compute.host.error: a host name is at most 255 characters",
      "the body is not JSON",
    ]);
    const dead = await drain(BROKER, `${queue}.dead-letter`);
    expect(dead).toHaveLength(bad.length);
    expect((await t.control("GET", "/state")).body).toEqual(before.body);

    // and a good one after them still acts
    await publish(BROKER, exchange, "notifications.error", hostError("compute-3"));
    await until(() => t.emu.amqp!.health().consumed === 1, "the good notification");
    expect((await t.service("compute-3")).state).toBe("down");
  });

  it("an error notification of a type no service acts on is acknowledged and counted as ignored", async () => {
    const { t, exchange, queue } = await bridged();
    await publish(BROKER, exchange, "notifications.error", osloEnvelope({ message_id: "x", event_type: "volume.create.error", priority: "ERROR", payload: {} }));
    await until(() => t.emu.amqp!.health().ignored === 1, "the message to be ignored");
    expect(await drain(BROKER, `${queue}.dead-letter`)).toEqual([]);
  });
});

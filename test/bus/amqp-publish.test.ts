// What a plain AMQP consumer on this machine's RabbitMQ sees of the real services through the bridge: a
// server's create, a host failure and its HA recovery, in oslo's envelope with the routing keys, publishers
// and priorities Nova and Masakari use, in the order they happened; the emulator's own compute.host.error
// comes back on its error queue and is not acted on a second time.

import { afterEach, describe, expect, it } from "vitest";
import { haCluster, SERVICE_WAIT_MS, type Cluster } from "../services/instance-ha/engine-setup.js";
import { BROKER, publish, removeDeclared, tap, uniqueNames, until } from "../helpers/amqp.js";

let cluster: Cluster | undefined;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await cluster?.emu.close();
  cluster = undefined;
  for (const c of cleanups.splice(0)) await c();
});

async function bridged() {
  const names = uniqueNames("publish");
  const seen = await tap(BROKER, names.exchange);
  cleanups.push(() => seen.close(), () => removeDeclared(BROKER, names));
  cluster = await haCluster({}, { amqpUrl: BROKER, amqpExchange: names.exchange, amqpQueue: names.queue });
  await cluster.emu.amqp!.settled();
  return { t: cluster, seen, names };
}

describe("what a consumer sees", () => {
  it("a server's create, a host failure and the recovery, with Nova's and Masakari's routing keys and publishers", async () => {
    const { t, seen, names } = await bridged();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    const creates = () => seen.seen.filter((s) => /^(compute\.)?instance\.create\./.test(s.message.event_type));
    const created = await until(() => creates().length === 4 && creates(), "the create notifications");
    expect(created.map((s) => [s.routingKey, s.message.event_type, s.message.publisher_id])).toEqual([
      ["notifications.info", "compute.instance.create.start", "compute.compute-1"],
      ["versioned_notifications.info", "instance.create.start", "nova-compute:compute-1"],
      ["notifications.info", "compute.instance.create.end", "compute.compute-1"],
      ["versioned_notifications.info", "instance.create.end", "nova-compute:compute-1"],
    ]);
    expect(created[2]!.message.payload).toMatchObject({ instance_id: a, state: "active", host: "compute-1" });
    expect(created[3]!.message.payload).toMatchObject({ "nova_object.name": "InstanceCreatePayload", "nova_object.data": { uuid: a } });

    seen.seen.length = 0;
    expect((await t.control("POST", "/compute/hosts/compute-1/fail")).status).toBe(200);
    t.advance(SERVICE_WAIT_MS + 60_000);
    await t.emu.amqp!.settled();
    await until(() => seen.types().includes("notification.process.end"), "the recovery's end");

    const error = seen.seen.find((s) => s.message.event_type === "compute.host.error")!;
    expect(error.routingKey).toBe("notifications.error");
    expect(error.message).toMatchObject({ priority: "ERROR", publisher_id: "compute.compute-1", payload: { host: "compute-1", instances: [a] } });
    const order = seen.types().filter((type) => ["compute.host.error", "notification.create.end", "compute.instance.evacuate", "notification.process.end"].includes(type));
    expect(order).toEqual(["compute.host.error", "notification.create.end", "compute.instance.evacuate", "notification.process.end"]);
    const evacuated = seen.seen.find((s) => s.message.event_type === "compute.instance.evacuate")!;
    expect(evacuated.message.payload).toMatchObject({ instance_id: a });
    expect(evacuated.message.publisher_id).not.toBe("compute.compute-1");
    const processed = seen.seen.find((s) => s.message.event_type === "notification.process.end")!;
    expect(processed.routingKey).toBe("versioned_notifications.info");
    expect(processed.message.publisher_id).toMatch(/^masakari-engine:/);

    // the bridge's own compute.host.error came back on its queue and made no second notification: a marker
    // of a type no service takes, sent after it, is seen (ignored) once everything before it was handled
    await publish(BROKER, names.exchange, "notifications.error", { event_type: "test.marker", payload: {} });
    await until(() => t.emu.amqp!.health().ignored === 1, "the marker");
    expect(t.emu.amqp!.health()).toMatchObject({ consumed: 0, rejected: 0 });
    expect((await t.ha("GET", "/notifications")).body.notifications).toHaveLength(1);
  });

  it("a server forced to ERROR on a healthy host: compute.instance.error on notifications.error", async () => {
    const { t, seen } = await bridged();
    const a = await t.server("demo", "vm-a", { HA_Enabled: "True" });
    expect((await t.control("POST", `/compute/servers/${a}/fail`, { message: "guest crashed" })).status).toBe(200);
    await t.emu.amqp!.settled();
    await until(() => seen.types().includes("compute.instance.error"), "the instance error");
    const error = seen.seen.find((s) => s.message.event_type === "compute.instance.error")!;
    expect(error.routingKey).toBe("notifications.error");
    expect(error.message).toMatchObject({ priority: "ERROR", publisher_id: "compute.compute-1", payload: { instance_id: a, cause: "server_error", message: "guest crashed" } });
    expect((await t.ha("GET", "/notifications")).body.notifications.map((n: any) => n.type)).toEqual(["COMPUTE_INSTANCE"]);
  });
});

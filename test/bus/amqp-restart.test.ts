// A broker restart under the AMQP bridge, on a private RabbitMQ node of this test's own (its own port,
// node name and data directory; the machine's shared broker is not touched): what happens while the broker
// is down waits in the bridge's buffer, goes out in order once it is back, and nothing is lost or sent twice;
// the consumer comes back too.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toyEmulator, createWidget } from "../helpers/toy-service/index.js";
import { login } from "../helpers/emulator.js";
import { osloEnvelope, privateRabbitNode, publish, tap, uniqueNames, until } from "../helpers/amqp.js";

let node: Awaited<ReturnType<typeof privateRabbitNode>>;
beforeAll(async () => {
  node = await privateRabbitNode();
}, 120_000);
afterAll(async () => {
  await node?.dispose();
}, 120_000);

describe("a broker restart", () => {
  it("loses and duplicates nothing: buffered while down, flushed in order after; consuming resumes", async () => {
    const names = uniqueNames("restart");
    // a durable queue and exchange on the node: they outlive its restart, as a real deployment's do
    const seen = await tap(node.url, names.exchange, "notifications.*", { queue: `${names.exchange}.tap`, durable: true });
    const emu = toyEmulator({ amqpUrl: node.url, amqpExchange: names.exchange, amqpQueue: names.queue, amqpDurable: true });
    try {
      await emu.amqp!.settled(30_000);
      const token = await login(emu);
      for (const name of ["before-1", "before-2", "before-3"]) await createWidget(emu, token, name);
      await until(() => seen.seen.length === 3, "the first three");

      await node.stop();
      await until(() => !emu.amqp!.health().connected, "the bridge to see the broker gone", 30_000);
      for (const name of ["during-1", "during-2", "during-3", "during-4"]) await createWidget(emu, token, name);
      expect(emu.amqp!.health()).toMatchObject({ connected: false, buffered: 4, dropped: 0 });
      const lost = (await (await emu.app.request("/_emulator/events?type=amqp.connection.*")).json()).events.map((e: any) => e.type);
      expect(lost).toEqual(["amqp.connection.opened", "amqp.connection.lost"]);

      await node.start();
      await emu.amqp!.settled(60_000);
      await createWidget(emu, token, "after-1");
      await until(() => seen.seen.length >= 8, "all eight", 60_000);
      // a moment for anything sent twice to show up
      await emu.amqp!.settled(10_000);
      const names8 = seen.seen.map((s) => s.message.payload.name);
      expect(names8).toEqual(["before-1", "before-2", "before-3", "during-1", "during-2", "during-3", "during-4", "after-1"]);
      expect(new Set(seen.seen.map((s) => s.message.message_id)).size).toBe(8);
      expect(emu.amqp!.health()).toMatchObject({ connected: true, buffered: 0, published: 8, dropped: 0 });

      // and the consumer is back on its queue
      const widget = await createWidget(emu, token, "to-break");
      await publish(node.url, names.exchange, "notifications.error", osloEnvelope({ message_id: "after-restart", event_type: "widget.error", priority: "ERROR", payload: { widget_id: widget.id } }), true);
      await until(() => emu.amqp!.health().consumed === 1, "the error to be consumed", 30_000);
    } finally {
      await emu.close();
      await seen.close();
    }
  }, 240_000);
});

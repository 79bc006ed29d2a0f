// The AMQP bridge's delivery on this machine's RabbitMQ, with the toy service's notifications: oslo's
// envelope and routing keys as a plain consumer sees them, order kept, the emulator's own error notifications
// not acted on twice; and with no broker: the APIs serve, notifications wait in a bounded buffer.

import { afterEach, describe, expect, it } from "vitest";
import { toyEmulator, createWidget } from "../helpers/toy-service/index.js";
import { login, START } from "../helpers/emulator.js";
import { BROKER, freePort, osloEnvelope, publish, removeDeclared, tap, uniqueNames, until } from "../helpers/amqp.js";
import type { Emulator } from "../../src/app.js";

let emu: Emulator | undefined;
const taps: Array<{ close(): Promise<void> }> = [];
let declared: { exchange: string; queue: string } | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  for (const t of taps.splice(0)) await t.close();
  if (declared) await removeDeclared(BROKER, declared);
  declared = undefined;
});

async function bridged(options: Record<string, unknown> = {}) {
  const names = uniqueNames("delivery");
  declared = names;
  const seen = await tap(BROKER, names.exchange);
  taps.push(seen);
  emu = toyEmulator({ amqpUrl: BROKER, amqpExchange: names.exchange, amqpQueue: names.queue, ...options });
  await emu.amqp!.settled();
  return { emu, seen, token: await login(emu), ...names };
}

describe("publishing", () => {
  it("a widget's creation reaches a plain consumer in oslo's envelope, on <topic>.<priority>, stamped with the virtual time", async () => {
    const { emu, seen, token } = await bridged();
    emu.clock.advance(1234);
    const widget = await createWidget(emu, token, "alpha");
    await until(() => seen.seen.length === 1, "one message");
    await emu.amqp!.settled();

    const [m] = seen.seen;
    expect(m!.routingKey).toBe("notifications.info");
    const body = m!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["oslo.message", "oslo.version"]);
    expect(body["oslo.version"]).toBe("2.0");
    expect(typeof body["oslo.message"]).toBe("string");
    expect(m!.message).toEqual({
      message_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      publisher_id: "toy.zone-1",
      event_type: "widget.create.end",
      priority: "INFO",
      payload: { widget_id: widget.id, name: "alpha", tenant_id: expect.any(String) },
      timestamp: new Date(START + 1234).toISOString().replace("T", " ").replace("Z", "000"),
    });
    expect(emu.amqp!.health()).toMatchObject({ connected: true, published: 1, buffered: 0 });
  });

  it("keeps the order of the events, each message with its own id", async () => {
    const { emu, seen, token } = await bridged();
    const names = Array.from({ length: 120 }, (_, i) => `w${i}`);
    for (const name of names) await createWidget(emu, token, name);
    await until(() => seen.seen.length === names.length, `${names.length} messages`);
    expect(seen.seen.map((s) => s.message.payload.name)).toEqual(names);
    expect(new Set(seen.seen.map((s) => s.message.message_id)).size).toBe(names.length);
    // a consumer may have a message before the broker's confirm of it reaches the bridge
    await emu.amqp!.settled();
    expect(emu.amqp!.health().published).toBe(names.length);
  });

  it("an error notification the emulator published comes back on its queue and is not acted on again", async () => {
    const { emu, seen, token, exchange } = await bridged();
    const widget = await createWidget(emu, token);
    // a widget.error from outside breaks the widget; the bridge's own widget.update.end goes out
    await publish(BROKER, exchange, "notifications.error", osloEnvelope({ message_id: "outside-1", event_type: "widget.error", priority: "ERROR", payload: { widget_id: widget.id } }));
    await until(() => emu.amqp!.health().consumed === 1, "the error to be consumed");
    await until(() => seen.types().includes("widget.update.end"), "the widget's update");
    expect(seen.types()).toEqual(["widget.create.end", "widget.error", "widget.update.end"]);
  });

  it("the topics option limits what is published", async () => {
    const { emu, seen, token } = await bridged({ amqpTopics: "versioned_notifications" });
    await createWidget(emu, token);
    await emu.amqp!.settled();
    expect(seen.seen).toEqual([]);
    expect(emu.amqp!.health().published).toBe(0);
  });
});

describe("without a broker", () => {
  it("the APIs serve, notifications wait in the buffer, past its bound they are dropped and counted once in the journal", async () => {
    const port = await freePort();
    emu = toyEmulator({ amqpUrl: `amqp://guest:secret@127.0.0.1:${port}`, amqpBufferSize: 3 });
    const token = await login(emu);
    for (const name of ["a", "b", "c", "d", "e"]) await createWidget(emu, token, name);

    const health = await (await emu.app.request("/_emulator/health")).json();
    expect(health.status).toBe("ok");
    expect(health.amqp).toEqual({ url: `amqp://guest:***@127.0.0.1:${port}`, connected: false, buffered: 3, published: 0, consumed: 0, rejected: 0, dropped: 2, ignored: 0 });
    const dropped = await (await emu.app.request("/_emulator/events?type=amqp.message.dropped")).json();
    expect(dropped.events.map((e: any) => e.payload)).toEqual([{ eventType: "widget.create.end", bound: 3 }]);
    await expect(emu.amqp!.settled(200)).rejects.toThrow(/did not settle/);
  });

  it("no --amqp-url: no bridge, no amqp in health", async () => {
    emu = toyEmulator();
    expect(emu.amqp).toBeUndefined();
    expect(await (await emu.app.request("/_emulator/health")).json()).not.toHaveProperty("amqp");
  });

  it("an AMQP URL that is not one is refused with the option's names", () => {
    expect(() => toyEmulator({ amqpUrl: "http://127.0.0.1:5672" })).toThrow("--amqp-url (SKYMOCK_AMQP_URL, config key amqpUrl): \"http://127.0.0.1:5672\" is not an AMQP URL");
    expect(() => toyEmulator({ amqpUrl: BROKER, amqpTopics: "notifications,other" })).toThrow("--amqp-topics");
  });
});

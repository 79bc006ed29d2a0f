// amqp-publish: an experiment publishing on the AMQP bridge's exchange (this machine's RabbitMQ, names
// unique to the run and removed after): a message a listener on the exchange receives, and an error
// notification the bridge itself consumes (the host fails); without a bridge, a 400 before anything runs.

import { afterEach, describe, expect, it } from "vitest";
import { call, testEmulator } from "../helpers/emulator.js";
import { BROKER, osloEnvelope, removeDeclared, tap, uniqueNames, until } from "../helpers/amqp.js";
import type { Emulator } from "../../src/app.js";
import { runIn } from "./helpers.js";

let emu: Emulator | undefined;
let declared: { exchange: string; queue: string } | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
  if (declared) await removeDeclared(BROKER, declared);
  declared = undefined;
});

const publish = (name: string, routingKey: string, body: unknown) => ({ type: "action", name, provider: { type: "amqp-publish", routingKey, body } });

describe("experiments: amqp-publish", () => {
  it("publishes on the bridge's exchange; an error notification published there is acted on by the bridge", async () => {
    declared = uniqueNames("experiment");
    emu = testEmulator({ amqpUrl: BROKER, amqpExchange: declared.exchange, amqpQueue: declared.queue });
    await emu.amqp!.settled();
    const listener = await tap(BROKER, declared.exchange, "chaos.#");
    try {
      const hostError = osloEnvelope({ message_id: crypto.randomUUID(), publisher_id: "compute.compute-1", event_type: "compute.host.error", priority: "ERROR", payload: { host: "compute-1" }, timestamp: "2030-01-01 00:00:00.000000" });
      const res = await runIn(emu, { title: "bus", method: [publish("hello", "chaos.hello", { hello: "world" }), publish("host-error", "notifications.error", hostError)] });
      expect(res.body.report.method.map((m: any) => [m.name, m.ok, m.status])).toEqual([
        ["hello", true, 202],
        ["host-error", true, 202],
      ]);
      await until(() => listener.seen.length === 1, "the message to arrive");
      expect(listener.seen[0]).toMatchObject({ routingKey: "chaos.hello", message: { hello: "world" } });
      await until(() => emu!.amqp!.health().consumed === 1, "the bridge to consume the error notification");
      const hosts = await call(emu, "GET", "/_emulator/compute/hosts");
      expect(hosts.body.hosts.find((h: any) => h.name === "compute-1")).toMatchObject({ state: "down" });
    } finally {
      await listener.close();
    }
  });

  it("without a bridge the document is refused, naming the activity; nothing runs", async () => {
    const local = testEmulator();
    const res = await runIn(local, { title: "bus", method: [{ type: "action", name: "w", provider: { type: "wait", for: "1s" } }, publish("hello", "chaos.hello", {})] }, {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Invalid input for field 'experiment.method.1.provider': amqp-publish needs the AMQP bridge, and this emulator has none (start it with --amqp-url).");
    expect((await call(local, "GET", "/_emulator/experiments")).body.experiments).toEqual([]);
  });
});

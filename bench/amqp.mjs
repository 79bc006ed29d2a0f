// The AMQP bridge (--amqp-url) on this machine's RabbitMQ: notifications published end to end (API calls in,
// a plain consumer's receipt out: messages per second), error notifications consumed end to end (published by
// the bench, acted on by the emulator: messages per second), and cold start with and without the option.
// Skipped, with the reason, where no broker answers at SKYMOCK_BENCH_AMQP_URL (default 127.0.0.1:5672).

import { randomUUID } from "node:crypto";
import { Connection } from "rabbitmq-client";
import { createEmulator } from "../dist/index.js";
import { appCall, freePort, median, startEmulator, stopChild } from "./lib.mjs";

const URL = process.env.SKYMOCK_BENCH_AMQP_URL ?? "amqp://guest:guest@127.0.0.1:5672";

export async function measureAmqp({ networks = 3000, errors = 3000, coldRuns = 5 } = {}) {
  const broker = new Connection({ url: URL, retryLow: 100, retryHigh: 100 });
  broker.on("error", () => undefined);
  try {
    await broker.onConnect(3000);
  } catch {
    broker.unsafeDestroy();
    return { skipped: `no AMQP broker answers at ${URL}` };
  }
  const tag = `skymock-bench.${process.pid}.${Date.now().toString(36)}`;
  try {
    const publish = await publishRate(broker, tag, networks);
    const consume = await consumeRate(broker, tag, errors);
    const cold = await coldStart(tag, coldRuns);
    return { publish, consume, cold };
  } catch (error) {
    // a part that failed may leave consumers open: the connection is dropped, not closed politely
    broker.unsafeDestroy();
    throw error;
  } finally {
    const queues = ["error", "publish", "tap", ...Array.from({ length: coldRuns }, (_, i) => `cold-${i}`)].map((q) => `${tag}.${q}`);
    for (const queue of queues.flatMap((q) => [q, `${q}.dead-letter`])) await broker.queueDelete({ queue }).catch(() => undefined);
    for (const exchange of [tag, `${tag}.dead-letter`]) await broker.exchangeDelete({ exchange }).catch(() => undefined);
    if (broker.ready) await broker.close();
  }
}

const login = { auth: { identity: { methods: ["password"], password: { user: { name: "admin", domain: { name: "Default" }, password: "admin" } } }, scope: { project: { name: "admin", domain: { name: "Default" } } } } };

/** `count` network creates through the API; the time until a consumer on the exchange has every message. */
async function publishRate(broker, tag, count) {
  let received = 0;
  const tap = broker.createConsumer(
    { queue: `${tag}.tap`, queueOptions: { exclusive: true }, exchanges: [{ exchange: tag, type: "topic" }], queueBindings: [{ exchange: tag, queue: `${tag}.tap`, routingKey: "#" }] },
    () => void received++,
  );
  tap.on("error", () => undefined);
  await new Promise((resolve) => tap.once("ready", resolve));
  const emu = createEmulator({ frozenClock: true, randomSeed: 5, amqpUrl: URL, amqpExchange: tag, amqpQueue: `${tag}.publish`, amqpBufferSize: count * 4 });
  await emu.amqp.settled();

  const auth = await appCall(emu, "POST", "/identity/v3/auth/tokens", undefined, login);
  const token = auth.headers.get("x-subject-token");
  await appCall(emu, "PUT", `/networking/v2.0/quotas/${auth.body.token.project.id}`, token, { quota: { network: -1 } });
  await emu.amqp.settled();
  const before = received;
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await appCall(emu, "POST", "/networking/v2.0/networks", token, { network: { name: `bench-${i}` } });
  const apiMs = performance.now() - t0;
  await emu.amqp.settled(120_000);

  const expected = emu.amqp.health().published;
  while (received < expected) await new Promise((r) => setTimeout(r, 2));
  const ms = performance.now() - t0;
  const messages = received - before;
  await emu.close();
  await tap.close();
  return { creates: count, messages, apiMs, ms, perSecond: (messages * 1000) / ms };
}

/** `count` compute.host.error notifications published on the bus; the time until the emulator has acted on all. */
async function consumeRate(broker, tag, count) {
  const emu = createEmulator({ frozenClock: true, randomSeed: 5, amqpUrl: URL, amqpExchange: tag, amqpQueue: `${tag}.error`, amqpTopics: "notifications" });
  await emu.amqp.settled();
  const publisher = broker.createPublisher({ confirm: true, exchanges: [{ exchange: tag, type: "topic" }] });
  const hosts = ["compute-1", "compute-2"];
  const t0 = performance.now();
  const sends = [];
  for (let i = 0; i < count; i++) {
    const message = { message_id: randomUUID(), publisher_id: `compute.${hosts[i % 2]}`, event_type: "compute.host.error", priority: "ERROR", payload: { host: hosts[i % 2] }, timestamp: "2030-01-01 00:00:00.000000" };
    sends.push(publisher.send({ exchange: tag, routingKey: "notifications.error" }, { "oslo.version": "2.0", "oslo.message": JSON.stringify(message) }));
  }
  await Promise.all(sends);
  while (emu.amqp.health().consumed < count) await new Promise((r) => setTimeout(r, 2));
  const ms = performance.now() - t0;
  await publisher.close();
  await emu.close();
  return { messages: count, ms, perSecond: (count * 1000) / ms };
}

/** spawn -> first 200, without and with --amqp-url, alternated. */
async function coldStart(tag, runs) {
  const off = [];
  const on = [];
  for (let i = 0; i < runs; i++) {
    for (const [list, args] of [[off, []], [on, ["--amqp-url", URL, "--amqp-exchange", tag, "--amqp-queue", `${tag}.cold-${i}`]]]) {
      const { child, readyMs } = await startEmulator({ port: await freePort(), args });
      list.push(readyMs);
      await stopChild(child);
    }
  }
  return { offMedianMs: median(off), onMedianMs: median(on), off, on };
}

// `node bench/amqp.mjs`: this part alone
if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureAmqp(), null, 1));

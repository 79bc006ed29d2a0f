// The AMQP bridge: the services' notifications published on a topic exchange (oslo.messaging's layout:
// exchange `nova`, routing key `<topic>.<priority>`), with publisher confirms, buffered in order while the
// broker is away; and a queue bound to `<topic>.error` whose notifications drive the emulator, malformed
// ones dead-lettered. The AMQP client (rabbitmq-client: reconnects with backoff by itself) is loaded only
// when a bridge starts.

import { randomUUID } from "node:crypto";
import type { Connection, Consumer, Publisher } from "rabbitmq-client";
import type { Kernel } from "../kernel/kernel.js";
import type { LoggedEvent } from "../kernel/events.js";
import { runOperation } from "../kernel/operation.js";
import type { ServiceModule } from "../kernel/service.js";
import type { BusNotification } from "../kernel/notifications.js";
import { envelope, osloMessage } from "./envelope.js";
import { BoundedQueue } from "./queue.js";
import { IncomingDispatch, RecentIds, type Outcome } from "./incoming.js";
import { notificationsOf, outgoingMappings, type OutgoingMap } from "./outgoing.js";
import type { BusEvents } from "./events.js";
import type { AmqpHealth } from "../client/types-world.js";

export interface BusOptions {
  url: string;
  exchange: string;
  /** the topics published (`notifications`, `versioned_notifications`); each one's `.error` is consumed */
  topics: string[];
  queue: string;
  /** notifications kept while the broker is away */
  bufferSize: number;
  /** a durable exchange and queue, persistent messages (oslo's amqp_durable_queues) */
  durable: boolean;
}

/** what /_emulator/health shows (the client's AmqpHealth) */
export type BusHealth = AmqpHealth;

/** messages in flight at once (each confirmed by the broker before it leaves the buffer) */
const WINDOW = 256;
/** message ids remembered: the bridge's own (not acted on when they come back) and those acted on */
const REMEMBERED = 10_000;
/** the dead-letter queue keeps the latest this many (a broker shared by many runs must not fill up) */
const DEAD_LETTERS_KEPT = 10_000;
/** a body past this is not a notification (the broker's own limit is far larger) */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

type Outgoing = { routingKey: string; body: ReturnType<typeof envelope>; messageId: string };

export class AmqpBridge {
  readonly #queue: BoundedQueue<Outgoing>;
  readonly #mappings: OutgoingMap;
  readonly #published = new RecentIds(REMEMBERED);
  readonly #incoming: IncomingDispatch;
  readonly #stats = { published: 0, consumed: 0, rejected: 0, dropped: 0, ignored: 0 };
  readonly #shownUrl: string;
  #connection: Connection | undefined;
  #publisher: Publisher | undefined;
  #consumer: Consumer | undefined;
  #connected = false;
  #consumerReady = false;
  #dropping = false;
  #pumping = false;
  #closed = false;
  #unsubscribe: () => void;
  #waiters: Array<() => void> = [];
  #pending: LoggedEvent[] = [];

  constructor(readonly kernel: Kernel, services: readonly ServiceModule[], readonly options: BusOptions) {
    this.#queue = new BoundedQueue(options.bufferSize);
    this.#mappings = outgoingMappings(kernel, services);
    this.#incoming = new IncomingDispatch(kernel, services, this.#published, REMEMBERED);
    this.#shownUrl = hidePassword(options.url);
    // from the first event on: what happens before the broker answers waits in the buffer
    this.#unsubscribe = kernel.events.subscribe("*", (event) => this.#arrived(event));
    void this.#connect().catch((error) => kernel.onError("the AMQP bridge could not start", error));
  }

  health(): BusHealth {
    return { url: this.#shownUrl, connected: this.#connected, buffered: this.#queue.size, ...this.#stats };
  }

  /** Resolves once connected with the consumer ready and nothing buffered (a test's start; 0: no bound). */
  settled(timeoutMs = 10_000): Promise<void> {
    if (this.#isSettled()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = timeoutMs > 0 ? setTimeout(() => reject(new Error(`the AMQP bridge did not settle within ${timeoutMs} ms: ${JSON.stringify(this.health())}`)), timeoutMs) : undefined;
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Stops taking events; what is buffered gets `graceMs` to reach the broker; then the connection closes. */
  /** One message on the exchange (an experiment's amqp-publish), as given; resolves once the broker
   * confirmed it, rejects when the broker is away. Not one of the bridge's own: it acts on it if it comes back. */
  async publish(routingKey: string, body: unknown): Promise<void> {
    if (!this.#connected || !this.#publisher || this.#closed) throw new Error(`not connected to ${this.#shownUrl}`);
    const { exchange, durable } = this.options;
    await this.#publisher.send({ exchange, routingKey, messageId: randomUUID(), durable, contentEncoding: undefined }, body);
  }

  async close(graceMs = 2000): Promise<void> {
    if (this.#closed) return;
    this.#unsubscribe();
    if (this.#connected && this.#queue.size > 0) await Promise.race([this.settled(0), delay(graceMs)]);
    this.#closed = true;
    // a broker that never answered (or went away) has nothing to close cleanly: what waits for it is dropped
    if (!this.#connected) return this.#connection?.unsafeDestroy();
    await this.#consumer?.close().catch(() => undefined);
    await this.#publisher?.close().catch(() => undefined);
    await this.#connection?.close().catch(() => undefined);
  }

  /**
   * Events reach subscribers depth first: one a handler publishes (the HA driver's notification, while
   * compute.host.error is handed round) arrives before the rest of the event that caused it. They are taken
   * in the log's order once the cascade is over (a microtask later, before any I/O).
   */
  #arrived(event: LoggedEvent): void {
    this.#pending.push(event);
    if (this.#pending.length === 1) queueMicrotask(() => this.#takePending());
  }

  #takePending(): void {
    const events = this.#pending.sort((a, b) => a.seq - b.seq);
    this.#pending = [];
    for (const event of events) this.#enqueue(event);
  }

  #enqueue(event: LoggedEvent): void {
    const notifications = notificationsOf(this.#mappings, event, this.kernel);
    for (const n of notifications) {
      if (!this.options.topics.includes(n.topic)) continue;
      // a full buffer refuses before a message id is taken and remembered
      if (this.#queue.size >= this.#queue.bound || !this.#queue.push(this.#outgoing(n, event))) {
        this.#stats.dropped++;
        if (!this.#dropping) this.#record("amqp.message.dropped", { eventType: n.eventType, bound: this.#queue.bound });
        this.#dropping = true;
        continue;
      }
      this.#dropping = false;
    }
    if (notifications.length > 0) void this.#pump();
  }

  #outgoing(n: BusNotification, event: LoggedEvent): Outgoing {
    const messageId = randomUUID();
    this.#published.add(messageId);
    return { routingKey: `${n.topic}.${n.priority.toLowerCase()}`, body: envelope(osloMessage(n, messageId, new Date(event.at))), messageId };
  }

  async #connect(): Promise<void> {
    const { Connection } = await import("rabbitmq-client");
    if (this.#closed) return;
    const { exchange, topics, queue, durable } = this.options;
    const deadLetters = `${exchange}.dead-letter`;
    const connection = new Connection({ url: this.options.url, connectionName: "skymock", retryLow: 250, retryHigh: 5000, acquireTimeout: 5000 });
    this.#connection = connection;
    connection.on("connection", () => {
      if (this.#connected) return;
      this.#connected = true;
      this.#record("amqp.connection.opened", { url: this.#shownUrl });
      void this.#pump();
    });
    connection.on("error", (error) => {
      if (!this.#connected || connection.ready) return;
      this.#connected = false;
      this.#consumerReady = false;
      this.#record("amqp.connection.lost", { url: this.#shownUrl, reason: reasonOf(error), buffered: this.#queue.size });
    });
    this.#publisher = connection.createPublisher({ confirm: true, exchanges: [{ exchange, type: "topic", durable }] });
    this.#consumer = connection.createConsumer(
      {
        queue,
        // durable with the exchange; else gone with the connection, so a later run never acts on this
        // run's leftover errors
        queueOptions: { durable, autoDelete: !durable, arguments: { "x-dead-letter-exchange": deadLetters } },
        qos: { prefetchCount: 64 },
        requeue: false,
        exchanges: [
          { exchange, type: "topic", durable },
          { exchange: deadLetters, type: "fanout", durable },
        ],
        queueBindings: topics.map((topic) => ({ exchange, queue, routingKey: `${topic}.error` })),
      },
      (message) => this.#take(message.body),
    );
    // the dead letters are kept in a queue of their own, for a person to look at
    this.#consumer.on("ready", () => {
      void connection
        .queueDeclare({ queue: `${queue}.dead-letter`, durable, arguments: { "x-max-length": DEAD_LETTERS_KEPT } })
        .then(() => connection.queueBind({ queue: `${queue}.dead-letter`, exchange: deadLetters }))
        .then(() => {
          this.#consumerReady = true;
          this.#wake();
        })
        .catch((error) => this.kernel.onError("the AMQP dead-letter queue could not be declared", error));
    });
    // while the broker is away its setup fails on each try: the connection's loss is the one report of that
    this.#consumer.on("error", (error) => {
      if (!this.#closed && this.#connected) this.kernel.onError("the AMQP consumer failed", error);
    });
  }

  /** 0 acknowledges, 2 rejects without requeueing (dead-lettered): rabbitmq-client's ConsumerStatus */
  #take(body: unknown): 0 | 2 {
    const size = Buffer.isBuffer(body) ? body.length : typeof body === "string" ? Buffer.byteLength(body) : 0;
    const outcome: Outcome = size > MAX_MESSAGE_BYTES ? { kind: "rejected", message: null, reason: `larger than ${MAX_MESSAGE_BYTES} bytes` } : this.#incoming.handle(body);
    switch (outcome.kind) {
      case "consumed":
        this.#stats.consumed++;
        this.#record("amqp.message.consumed", { messageId: outcome.message.messageId, eventType: outcome.message.eventType, publisherId: outcome.message.publisherId });
        return 0;
      case "rejected":
        this.#stats.rejected++;
        this.#record("amqp.message.rejected", { messageId: outcome.message?.messageId ?? null, eventType: outcome.message?.eventType ?? null, reason: outcome.reason });
        return 2;
      case "ignored":
        this.#stats.ignored++;
        return 0;
      default:
        return 0;
    }
  }

  /** Sends the buffer's oldest messages, a window at a time, until it is empty or the broker is away. */
  async #pump(): Promise<void> {
    if (this.#pumping || this.#closed) return;
    this.#pumping = true;
    try {
      while (this.#queue.size > 0 && this.#connected && this.#publisher && !this.#closed) {
        const batch = this.#queue.peek(WINDOW);
        const { exchange, durable } = this.options;
        const sent = await Promise.allSettled(
          batch.map((m) => this.#publisher!.send({ exchange, routingKey: m.routingKey, messageId: m.messageId, durable, contentEncoding: undefined }, m.body)),
        );
        const failed = batch.filter((_, i) => sent[i]!.status === "rejected");
        this.#queue.drop(batch.length);
        this.#queue.unshift(failed);
        this.#stats.published += batch.length - failed.length;
        // not confirmed: kept, in order, for the next connection (the 'connection' event pumps again)
        if (failed.length > 0) {
          if (this.#connection?.ready) await delay(250);
          else break;
        }
      }
    } finally {
      this.#pumping = false;
      this.#wake();
    }
  }

  #isSettled(): boolean {
    return this.#connected && this.#consumerReady && this.#pending.length === 0 && this.#queue.size === 0 && !this.#pumping;
  }

  #wake(): void {
    if (!this.#isSettled()) return;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  #record<K extends keyof BusEvents>(type: K, payload: BusEvents[K]): void {
    runOperation(this.kernel, null, (op) => (op.tx.emit as (t: string, p: Record<string, unknown>) => void)(type, payload));
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function hidePassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(an AMQP URL)";
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

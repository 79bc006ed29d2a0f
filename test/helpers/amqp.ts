// The AMQP bridge tests' side of the broker: unique exchange and queue names per test (the suite shares
// this machine's RabbitMQ, 127.0.0.1:5672), a plain consumer that keeps what it sees, a raw publisher, and
// a private RabbitMQ node of a test's own (stopped and started without touching the shared one).

import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Connection, type AsyncMessage } from "rabbitmq-client";

/** the machine's broker (this machine kind runs one; CI runs on the same kind) */
export const BROKER = process.env.SKYMOCK_TEST_AMQP_URL ?? "amqp://guest:guest@127.0.0.1:5672";

let counter = 0;
export function uniqueNames(prefix = "t") {
  const tag = `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter++}`;
  return { exchange: `skymock-test.${tag}`, queue: `skymock-test.${tag}.error` };
}

export interface Seen {
  routingKey: string;
  body: unknown;
  /** the inner oslo message, parsed */
  message: Record<string, any>;
}

/** Waits, on the wall clock (messages cross a socket), until `check` holds; fails with `what` after `ms`. */
export async function until<T>(check: () => T | undefined | false, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A consumer of everything published on `exchange` with a routing key matching `pattern`. */
export async function tap(url: string, exchange: string, pattern = "#", options: { queue?: string; durable?: boolean } = {}) {
  const connection = new Connection({ url, retryLow: 100, retryHigh: 1000 });
  connection.on("error", () => undefined);
  const seen: Seen[] = [];
  const queue = options.queue ?? `${exchange}.tap.${counter++}`;
  const consumer = connection.createConsumer(
    {
      queue,
      queueOptions: options.durable ? { durable: true } : { exclusive: true, autoDelete: true },
      exchanges: [{ exchange, type: "topic", durable: !!options.durable }],
      queueBindings: [{ exchange, queue, routingKey: pattern }],
    },
    (m: AsyncMessage) => {
      seen.push({ routingKey: m.routingKey, body: m.body, message: innerOf(m.body) });
    },
  );
  consumer.on("error", () => undefined);
  await new Promise<void>((resolve) => consumer.once("ready", () => resolve()));
  return {
    seen,
    types: () => seen.map((s) => s.message.event_type as string),
    async close() {
      await consumer.close();
      await connection.close();
    },
  };
}

function innerOf(body: unknown): Record<string, any> {
  const outer = typeof body === "string" ? JSON.parse(body) : Buffer.isBuffer(body) ? JSON.parse(body.toString()) : (body as Record<string, any>);
  return typeof outer?.["oslo.message"] === "string" ? JSON.parse(outer["oslo.message"]) : outer;
}

/** Publishes one raw body (an object goes as JSON, a string as text, a Buffer as bytes). */
export async function publish(url: string, exchange: string, routingKey: string, body: unknown, durable = false): Promise<void> {
  const connection = new Connection(url);
  const publisher = connection.createPublisher({ confirm: true, exchanges: [{ exchange, type: "topic", durable }] });
  try {
    await publisher.send({ exchange, routingKey }, body as never);
  } finally {
    await publisher.close();
    await connection.close();
  }
}

/** Takes up to `max` messages off a queue without a consumer (the dead letters). */
export async function drain(url: string, queue: string, max = 100): Promise<unknown[]> {
  const connection = new Connection(url);
  const out: unknown[] = [];
  try {
    for (let i = 0; i < max; i++) {
      const m = await connection.basicGet({ queue, noAck: true });
      if (!m) break;
      out.push(m.body);
    }
  } finally {
    await connection.close();
  }
  return out;
}

/** Removes what a test's bridge declared on a broker: its queue, dead-letter queue and both exchanges. */
export async function removeDeclared(url: string, names: { exchange: string; queue: string }): Promise<void> {
  const connection = new Connection(url);
  connection.on("error", () => undefined);
  try {
    for (const queue of [names.queue, `${names.queue}.dead-letter`]) await connection.queueDelete({ queue }).catch(() => undefined);
    for (const exchange of [names.exchange, `${names.exchange}.dead-letter`]) await connection.exchangeDelete({ exchange }).catch(() => undefined);
  } finally {
    await connection.close();
  }
}

/** An oslo envelope as Nova's services send one. */
export function osloEnvelope(message: Record<string, unknown>) {
  return { "oslo.version": "2.0", "oslo.message": JSON.stringify(message) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A RabbitMQ node of the test's own (Debian's rabbitmq-server, run as this user): its own node name,
 * port, configuration, data and log directories under a temporary folder; `stop()` and `start()` again
 * keep its durable queues, `dispose()` stops it and removes the folder.
 */
export async function privateRabbitNode() {
  const dir = mkdtempSync(join(tmpdir(), "skymock-rabbit-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const distPort = await freePort();
  const node = `skymock-${process.pid}-${port}@localhost`;
  writeFileSync(join(dir, "rabbitmq.conf"), `listeners.tcp.local = 127.0.0.1:${port}\nloopback_users = none\n`);
  writeFileSync(join(dir, "enabled_plugins"), "[].\n");
  writeFileSync(join(dir, "env.conf"), "");
  const env = {
    ...process.env,
    HOME: dir,
    RABBITMQ_NODENAME: node,
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_CONFIG_FILE: join(dir, "rabbitmq.conf"),
    RABBITMQ_CONF_ENV_FILE: join(dir, "env.conf"),
    RABBITMQ_MNESIA_BASE: join(dir, "mnesia"),
    RABBITMQ_LOG_BASE: join(dir, "log"),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, "enabled_plugins"),
    RABBITMQ_PID_FILE: join(dir, "pid"),
  };
  const server = "/usr/lib/rabbitmq/bin/rabbitmq-server";
  if (!existsSync(server)) throw new Error("rabbitmq-server is not installed (Debian package rabbitmq-server; .ci/run installs it)");
  let child: ChildProcess | undefined;
  const url = `amqp://guest:guest@127.0.0.1:${port}`;

  async function start(): Promise<void> {
    child = spawn(server, [], { env, stdio: ["ignore", "ignore", "ignore"], detached: true });
    // ready once it accepts an AMQP connection
    const end = Date.now() + 60_000;
    for (;;) {
      try {
        const c = new Connection({ url, retryLow: 100, retryHigh: 100, connectionTimeout: 1000 });
        c.on("error", () => undefined);
        await c.onConnect(1000);
        await c.close();
        return;
      } catch {
        if (Date.now() > end) throw new Error(`the private RabbitMQ node did not start: ${logTail()}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  async function stop(): Promise<void> {
    const pid = existsSync(env.RABBITMQ_PID_FILE) ? Number(readFileSync(env.RABBITMQ_PID_FILE, "utf8").trim()) : child?.pid;
    if (pid) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // already gone
      }
      await until(() => !alive(pid), "the private RabbitMQ node to stop", 60_000);
    }
    rmSync(env.RABBITMQ_PID_FILE, { force: true });
  }

  function logTail(): string {
    try {
      return execFileSync("sh", ["-c", `tail -n 20 ${join(dir, "log")}/*.log`], { encoding: "utf8" });
    } catch {
      return "(no log)";
    }
  }

  await start();
  return {
    url,
    port,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

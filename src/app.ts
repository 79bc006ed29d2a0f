// createEmulator(options): builds the kernel, the service modules and the control API into one Hono app.
// Never listens by itself: `listen()` does, for suites that want a socket; `app.request()` needs none.

import { Hono } from "hono";
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { Kernel } from "./kernel/kernel.js";
import type { ServiceModule } from "./kernel/service.js";
import { REQUEST_ID_HEADER, type AppEnv } from "./kernel/http/context.js";
import { TransportFault } from "./kernel/http/service-app.js";
import { ServiceMounts } from "./kernel/http/mounts.js";
import { stampRequest } from "./kernel/http/ingress.js";
import { MemoRouter } from "./kernel/http/router.js";
import { asSent } from "./kernel/http/raw-target.js";
import { LightweightResponse } from "./kernel/http/light-response.js";
import { useRecordResponses } from "./kernel/http/record-response.js";
import { resolveOptions, type EmulatorOptions, type ResolvedOptions } from "./config.js";
import { defaultServices } from "./services.js";
import { World } from "./world-state.js";
import { controlApp } from "./control/index.js";
import { dashboardRoutes } from "./dashboard/index.js";
import { faultOperations, faultRuleCheck } from "./control/faults.js";
import { cloudsYaml, osEnvironment, type CloudCredentials } from "./clouds.js";
import { reportError } from "./log.js";
import { Persistence } from "./persist.js";
import { startBus, type Bus } from "./bus/index.js";
import { Experiments } from "./experiments/index.js";

export interface Emulator {
  /** the Hono app: `emulator.app.request(path, init)` drives it without a socket */
  app: Hono<AppEnv>;
  kernel: Kernel;
  world: World;
  /** the service modules this emulator runs */
  services: ServiceModule[];
  options: ResolvedOptions;
  /** Starts listening; port 0 picks a free one. Resolves to the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** The base URL once listening. */
  readonly url: string | undefined;
  /** Back to the seed world: everything, or one project's resources. */
  reset(projectId?: string): void;
  clock: Kernel["clock"];
  faults: Kernel["faults"];
  transitions: Kernel["transitions"];
  events: Kernel["events"];
  /** clouds.yaml for a user of the seed world or a tenant (default admin), pointing at `baseUrl` or, by
   * default, the listening URL. Throws when the user is unknown, or when not listening and no URL is given. */
  cloudsYaml(user?: string, baseUrl?: string): string;
  /** The OS_* variables for that user (see cloudsYaml). */
  osEnvironment(user?: string, baseUrl?: string): Record<string, string>;
  /** With `persist`: the state file kept in the data directory (saves, and whether the state came from it). */
  persistence: Persistence | undefined;
  /** chaos experiments run in-process: `await emulator.experiments.run(doc, { seed, world })` */
  experiments: Pick<Experiments, "run" | "list" | "get" | "abort">;
  /** With `amqpUrl`: the AMQP bridge (its health, and a promise of it being connected with nothing buffered). */
  amqp: Bus | undefined;
  /** Stops listening, the clock and scheduled steps. Open connections are closed at once; with `graceMs`,
   * requests under way get that long to finish first (new connections are refused meanwhile). With
   * `persist`, the state is saved once they have. */
  close(options?: { graceMs?: number }): Promise<void>;
}

export function createEmulator(input: EmulatorOptions = {}): Emulator {
  const options = resolveOptions(input);
  const kernel = new Kernel(options.kernel);
  const services: ServiceModule[] = input.services ?? defaultServices(options);
  const world = new World(kernel, services, options);
  for (const service of services) service.start?.(kernel);
  const app = new Hono<AppEnv>({ strict: false, router: new MemoRouter() });
  // each service's routes join the router on the first request under its mount path (kernel/http/mounts.ts)
  const mounts = new ServiceMounts(app, kernel, services);
  // a rule may name only the services and operations they have; configured rules are active from the start
  // and come back after every reset
  const operations = faultOperations(kernel, services, (service) => mounts.routeTable(service));
  kernel.faults.checkRulesWith(faultRuleCheck(services.map((s) => s.name), operations));
  kernel.faults.configure(options.faults);
  world.load(options.seedWorld, options.seedRef);
  // the seed world stays the reset target; the state the last run saved replaces it as the running state
  const persistence = options.persist ? new Persistence(kernel, world, options.dataDir!, options.persistInterval * 1000) : undefined;
  persistence?.load();
  persistence?.start();

  // after the seed world and the saved state: their events are the world's making, not news for the bus
  const amqp = startBus(kernel, services, busOptions(options));

  // aborted by close(): the journals' live tails end rather than hold a graceful stop
  const closing = new AbortController();
  // their calls go through the whole app, as a client's would
  const experiments = new Experiments(kernel, world, services, (path, init) => app.request(path, init), options.controlToken, amqp);
  app.route("/_emulator", controlApp(kernel, world, services, operations, options.controlToken, amqp, closing.signal, experiments));
  dashboardRoutes(app, services);
  app.get("/", (c) =>
    c.json({
      name: "skymock",
      services: services.map((s) => ({ name: s.name, path: s.mountPath })),
      control: "/_emulator",
      openapi: "/_emulator/openapi.json",
      dashboard: "/dashboard",
    }),
  );
  app.notFound((c) => {
    const owner = mounts.owner(c.req.path);
    // the service's first request: its routes are in the router now, so the request goes through it again
    if (owner && mounts.mount(owner)) return app.fetch(c.req.raw, c.env);
    if (owner?.unmatched) return owner.unmatched(c);
    const requestId = stampRequest(kernel, c);
    useRecordResponses(c, { [REQUEST_ID_HEADER]: requestId });
    // journaled (and in the request log) like any request: a wrong base path is the commonest set-up mistake
    kernel.requests.record(requestId, kernel.clock.now(), c.req.method, c.req.path, null, null, null, 404, 0);
    return c.json({ error: { status: 404, message: `No service is mounted at ${c.req.path}.` } }, 404);
  });
  app.onError((error, c) => {
    if (error instanceof TransportFault) throw error;
    reportError("unhandled error", error);
    return c.json({ error: { status: 500, message: "Internal error in the emulator." } }, 500);
  });

  let server: ServerType | undefined;
  let url: string | undefined;
  return {
    app,
    kernel,
    world,
    services,
    options,
    get url() {
      return url;
    },
    listen(port = options.port, host = options.host) {
      return new Promise((resolve, reject) => {
        // routed on the path as sent: the node server would resolve `..` segments S3 keys may hold
        const fetch = (request: Request, env: HttpBindings | Http2Bindings) => app.fetch(asSent(request, env), env);
        // the bundle builds its responses with the server's lightweight class itself (kernel/http/light-response.ts)
        // and leaves the globals alone, so serving never loads Node's fetch stack
        const s = serve({ fetch, port, hostname: host, overrideGlobalObjects: LightweightResponse === undefined }, (info: AddressInfo) => {
          const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
          url = `http://${shownHost.includes(":") ? `[${shownHost}]` : shownHost}:${info.port}`;
          resolve(url);
        });
        s.once("error", reject);
        server = s;
      });
    },
    reset: (projectId) => (projectId ? world.resetProject(projectId) : world.reset()),
    clock: kernel.clock,
    faults: kernel.faults,
    transitions: kernel.transitions,
    events: kernel.events,
    persistence,
    amqp,
    experiments,
    cloudsYaml: (user = "admin", baseUrl = url) => cloudsYaml(loginUrl(baseUrl), loginFor(world, user)),
    osEnvironment: (user = "admin", baseUrl = url) => osEnvironment(loginUrl(baseUrl), loginFor(world, user)),
    close({ graceMs = 0 } = {}) {
      kernel.clock.stop();
      closing.abort();
      // the bus gets the requests' grace to send what they published
      const busClosed = () => amqp?.close(Math.max(graceMs, 500)).catch((error) => kernel.onError("the AMQP bridge did not close cleanly", error));
      if (!persistence) {
        kernel.transitions.clearPending();
        return closeServer(graceMs).then(busClosed);
      }
      // the last save comes after the requests under way and before the pending steps go: it keeps them
      return closeServer(graceMs)
        .then(busClosed)
        .then(() => persistence.stop())
        .catch((error) => kernel.onError("the last state save failed", error))
        .finally(() => kernel.transitions.clearPending());
    },
  };

  function closeServer(graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      if (!server) return resolve();
      const s = server as unknown as { close(done: () => void): void; closeAllConnections?(): void; closeIdleConnections?(): void };
      server = undefined;
      const timers: NodeJS.Timeout[] = [];
      // close() stops accepting at once and calls back once the last connection has ended
      s.close(() => {
        timers.forEach(clearTimeout);
        resolve();
      });
      if (graceMs <= 0) return s.closeAllConnections?.();
      // a keep-alive connection whose request finishes is closed as soon as it is idle: polled, since
      // node offers no event for it and a listener per request would cost every request
      s.closeIdleConnections?.();
      timers.push(setInterval(() => s.closeIdleConnections?.(), 50).unref());
      timers.push(setTimeout(() => s.closeAllConnections?.(), graceMs).unref());
    });
  }
}

function busOptions(o: ResolvedOptions) {
  if (o.amqpUrl === undefined) return undefined;
  return { url: o.amqpUrl, exchange: o.amqpExchange, topics: o.amqpTopics, queue: o.amqpQueue, bufferSize: o.amqpBufferSize, durable: o.amqpDurable };
}

function loginFor(world: World, user: string): CloudCredentials {
  const credentials = world.logins.credentials(user);
  if (!credentials) throw new Error(`skymock: no user ${user} to log in as. Known: ${world.logins.users().join(", ") || "none"}.`);
  return credentials;
}

function loginUrl(baseUrl: string | undefined): string {
  if (baseUrl === undefined) throw new Error("skymock: not listening; call listen() first, or pass the base URL clients will use.");
  return baseUrl.replace(/\/+$/, "");
}

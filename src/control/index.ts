// The control API under /_emulator: an index, health, reset, seed, state export/import, tenants, logins
// (clouds.yaml, OS_*), clock (advance-until too), transitions, faults, rate limit, the services' resources
// and their status, the events and requests journals, and each service's own operations. Documented by
// /_emulator/openapi.json.

import { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { ServiceModule } from "../kernel/service.js";
import type { AppEnv } from "../kernel/http/context.js";
import type { World } from "../world-state.js";
import { worldRoutes } from "./world.js";
import { timeRoutes } from "./time.js";
import { faultRoutes, type ServiceOperations } from "./faults.js";
import { journalRoutes } from "./journals.js";
import { tenantRoutes } from "./tenants.js";
import { loginRoutes } from "./logins.js";
import { lifecycleRoutes } from "./lifecycle.js";
import { resourceRoutes } from "./resources.js";
import { resourceContentRoutes } from "./resource-detail.js";
import { controlIndex, openApiDocument } from "./openapi.js";
import { renderControlError } from "./http.js";
import { ApiError } from "../kernel/errors.js";
import { useRecordResponses } from "../kernel/http/record-response.js";
import { controlGuard } from "./guard.js";
import { crossSiteGuard } from "./cross-site.js";
import { mountServiceControl } from "./service-control.js";
import type { Bus } from "../bus/index.js";
import { experimentRoutes } from "./experiments.js";
import { Experiments } from "../experiments/index.js";

/**
 * `token`: the --control-token every route but health then requires (guard.ts); open when absent.
 * `closing`: aborted when the emulator stops, which ends the journals' live tails (they would hold a
 * graceful stop for its whole grace).
 * `experiments`: the emulator's (app.ts makes them with the whole app's fetch; absent, runs whose calls
 * reach only the control app's own paths).
 */
export function controlApp(
  kernel: Kernel,
  world: World,
  services: ServiceModule[],
  operations: () => ServiceOperations[],
  token?: string,
  bus?: Bus,
  closing?: AbortSignal,
  experiments?: Experiments,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  // its answers are built as the services' are (kernel/http/record-response.ts)
  app.use("*", (c, next) => {
    useRecordResponses(c, {});
    return next();
  });
  // before the token: a forged request is refused whether or not the browser holds the token
  app.use("*", crossSiteGuard());
  if (token !== undefined) app.use("*", controlGuard(token));
  app.get("/health", (c) => {
    const report = Object.fromEntries(services.map((s) => [s.name, s.health?.(kernel) ?? { ready: true }]));
    const ready = Object.values(report).every((r) => r.ready);
    // the bridge is reported, not a condition of readiness: the APIs serve while the broker is away
    return c.json({ status: ready ? "ok" : "starting", services: report, ...(bus ? { amqp: bus.health() } : {}) }, ready ? 200 : 503);
  });
  app.get("/", (c) => c.json(controlIndex(kernel, services)));
  app.get("/openapi.json", (c) => c.json(openApiDocument(kernel, services)));
  worldRoutes(app, kernel, world);
  tenantRoutes(app, kernel, world, services);
  loginRoutes(app, world);
  timeRoutes(app, kernel);
  resourceRoutes(app, kernel, services);
  resourceContentRoutes(app, kernel, services);
  lifecycleRoutes(app, kernel, services);
  faultRoutes(app, kernel, operations);
  journalRoutes(app, kernel, closing);
  const controlOnly = (path: string, init: RequestInit) => app.request(path.replace(/^\/_emulator(?=\/|$)/, "") || "/", init);
  experimentRoutes(app, experiments ?? new Experiments(kernel, world, services, controlOnly, token, bus), kernel.options.maxBodyBytes);
  for (const service of services) {
    const own = service.control?.(kernel);
    if (own) mountServiceControl(app, kernel, service.name, own);
  }
  // the guards are middleware (method ALL), not operations
  const routes = app.routes.filter((r) => r.method !== "ALL").map((r) => ({ method: r.method, re: new RegExp(`^/_emulator${r.path.replace(/:[^/]+/g, "[^/]+").replace(/\/$/, "")}/?$`) }));
  app.all("*", (c) => {
    const allowed = [...new Set(routes.filter((r) => r.re.test(c.req.path)).map((r) => r.method))];
    const error = allowed.length
      ? new ApiError(405, undefined, `${c.req.path} takes ${allowed.join(", ")}, not ${c.req.method}.`, { Allow: allowed.join(", ") })
      : new ApiError(404, undefined, `No control operation at ${c.req.method} ${c.req.path}; see /_emulator/openapi.json.`);
    for (const [k, v] of Object.entries(error.headers)) c.header(k, v);
    return renderControlError(c, error);
  });
  return app;
}

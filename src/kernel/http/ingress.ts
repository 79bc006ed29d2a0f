// First step of every request: a request id (x-openstack-request-id, as every OpenStack service returns),
// and a journal record once the response is known. Control API calls are not journaled.

import type { MiddlewareHandler } from "hono";
import type { Kernel } from "../kernel.js";
import type { AppEnv } from "./context.js";

export function ingress(kernel: Kernel, _maxBodyBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = kernel.requestIds.requestId();
    c.set("requestId", requestId);
    await next();
    c.header("x-openstack-request-id", requestId);
    const path = c.req.path;
    if (path.startsWith("/_emulator")) return;
    kernel.requests.push({
      requestId,
      at: kernel.clock.date().toISOString(),
      method: c.req.method,
      path,
      service: c.get("service") ?? null,
      operation: c.get("operation") ?? null,
      project: c.get("principal")?.projectId ?? null,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    });
  };
}

// First step of every request: a request id (x-openstack-request-id, as every OpenStack service returns),
// and a journal record once the response is known. Control API calls are not journaled.

import type { MiddlewareHandler } from "hono";
import type { Kernel } from "../kernel.js";
import type { AppEnv } from "./context.js";

/** Journal status of a request whose connection a fault dropped (nginx's "client closed request"). */
export const DROPPED = 499;

export function ingress(kernel: Kernel): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = kernel.requestIds.requestId();
    c.set("requestId", requestId);
    // Set before the handler runs, so c.json() builds the response with it. Setting a header on a
    // finished response makes Hono rebuild it around a body stream, which the node server must then read:
    // that cost about a quarter of token-validation throughput.
    c.header("x-openstack-request-id", requestId);
    let status: number | undefined;
    try {
      await next();
      // Not checked afterwards: reading c.res.headers turns the node server's plain header record into a
      // Headers object, the slow path. Handlers that build their own Response use jsonResponse(), which
      // adds the id.
      status = c.res.status;
    } finally {
      // a transport fault in-process rejects the call instead of answering: journal it as dropped
      if (!c.req.path.startsWith("/_emulator")) {
        kernel.requests.push({
          requestId,
          at: kernel.clock.now(),
          method: c.req.method,
          path: c.req.path,
          service: c.get("service") ?? null,
          operation: c.get("operation") ?? null,
          project: c.get("principal")?.projectId ?? null,
          status: status ?? DROPPED,
          durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        });
      }
    }
  };
}

// First and last step of every request to a service: a request id (x-openstack-request-id, as every
// OpenStack service returns) and a journal record once the response is known. It wraps each service
// route rather than sitting in front as a middleware: one async layer less on every request. Control API
// calls are not journaled; paths under no service get only the id.

import type { Kernel } from "../kernel.js";
import type { Ctx } from "./context.js";

/** Journal status of a request whose connection a fault dropped (nginx's "client closed request"). */
export const DROPPED = 499;

/** Gives the request its id: on the context, and as a response header for responses Hono builds. */
export function stampRequest(kernel: Kernel, c: Ctx): string {
  const requestId = kernel.requestIds.requestId();
  c.set("requestId", requestId);
  // Set before the handler runs, so c.json() builds the response with it; responses built directly
  // (jsonResponse) carry it themselves. Reading or changing c.res afterwards would make the node server
  // take its slow path.
  c.header("x-openstack-request-id", requestId);
  return requestId;
}

/** Runs a service request with its id, and journals it once answered (or dropped by a transport fault). */
export async function journaled(kernel: Kernel, c: Ctx, handle: () => Promise<Response> | Response): Promise<Response> {
  const started = performance.now();
  const requestId = stampRequest(kernel, c);
  let status = DROPPED;
  try {
    const response = await handle();
    status = response.status;
    return response;
  } finally {
    kernel.requests.push({
      requestId,
      at: kernel.clock.now(),
      method: c.req.method,
      path: c.req.path,
      service: c.get("service") ?? null,
      operation: c.get("operation") ?? null,
      project: c.get("principal")?.projectId ?? null,
      status,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    });
  }
}

// First and last step of every request to a service: a request id (x-openstack-request-id, as every
// OpenStack service returns, or the service's own style: request-ids.ts) and a journal record once the
// response is known. It wraps each service route rather than sitting in front as a middleware, and stays
// synchronous when the route is: a response returned (not promised) to @hono/node-server is written at
// once, without an await or a close listener per request. Control API calls are not journaled; paths
// under no service get only the id.

import type { Kernel } from "../kernel.js";
import { REQUEST_ID_HEADER, type Ctx } from "./context.js";
import { settle, type MaybePromise } from "./maybe-promise.js";
import { carriesRequestId, useRecordResponses } from "./record-response.js";
import type { RequestIdStyle } from "./request-ids.js";

/** Journal status of a request whose connection a fault dropped (nginx's "client closed request"). */
export const DROPPED = 499;

/**
 * Gives the request its id, on the context; the response gets it as a header once it is built. `style`:
 * a service's own (undefined: x-openstack-request-id, the cheapest: one string, no header record).
 */
export function stampRequest(kernel: Kernel, c: Ctx, style?: RequestIdStyle): string {
  if (style === undefined) {
    const requestId = kernel.requestIds.next();
    c.set("requestId", requestId);
    return requestId;
  }
  const { id, headers } = style.make(kernel.requestIds.next(), kernel.clock.now());
  c.set("requestId", id);
  c.set("requestIdHeaders", headers);
  return id;
}

/**
 * Adds the request id header to a response that does not carry it yet: one a handler built itself with
 * `new Response`. Those built through the context (record-response.ts) carry it already; setting it on them
 * would make Hono's node server copy their headers into a Headers object first (its slow path).
 */
function withRequestId(response: Response, c: Ctx, requestId: string): Response {
  if (carriesRequestId(response)) return response;
  const ids = c.get("requestIdHeaders");
  if (ids === undefined) response.headers.set(REQUEST_ID_HEADER, requestId);
  else for (const name in ids) response.headers.set(name, ids[name]!);
  return response;
}

/** Runs a service request with its id, and journals it once answered (or dropped by a transport fault). */
export function journaled(
  kernel: Kernel,
  c: Ctx,
  handle: () => MaybePromise<Response>,
  style?: RequestIdStyle,
): MaybePromise<Response> {
  const started = performance.now();
  const requestId = stampRequest(kernel, c, style);
  const ids = c.get("requestIdHeaders");
  useRecordResponses(c, ids === undefined ? { [REQUEST_ID_HEADER]: requestId } : { ...ids });
  const record = (status: number) =>
    kernel.requests.record(
      requestId,
      kernel.clock.now(),
      c.req.method,
      c.req.path,
      c.get("service") ?? null,
      c.get("operation") ?? null,
      c.get("principal")?.projectId ?? null,
      status,
      Math.round((performance.now() - started) * 1000) / 1000,
    );
  return settle(
    handle,
    (response) => {
      record(response.status);
      return withRequestId(response, c, requestId);
    },
    (error) => {
      record(DROPPED);
      throw error;
    },
  );
}

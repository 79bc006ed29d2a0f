// What the request pipeline records on Hono's context for later steps (routes, views, the journal).

import type { Context } from "hono";
import type { Principal } from "../auth/principal.js";
import { callerOf, type Caller } from "../operation.js";
import { REQUEST_ID_HEADER } from "./request-ids.js";

export { REQUEST_ID_HEADER };

export interface AppVariables {
  requestId: string;
  /** the request id headers of a service that declared its own style (unset: x-openstack-request-id) */
  requestIdHeaders: Record<string, string> | undefined;
  service: string;
  operation: string;
  principal: Principal | undefined;
  /** the route's body limit in bytes: the JSON one, or the streamed one on a `body: "stream"` route */
  bodyLimit: number;
}

export type AppEnv = { Variables: AppVariables };

export type Ctx = Context<AppEnv>;

/** node's request, when the app serves a socket (absent in-process: app.request()) */
interface Incoming {
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  socket?: { encrypted?: boolean; remoteAddress?: string };
}

function incomingOf(c: Context): Incoming | undefined {
  return (c.env as { incoming?: Incoming } | undefined)?.incoming;
}

function isTls(c: Context): boolean {
  const incoming = incomingOf(c);
  return incoming ? incoming.socket?.encrypted === true : c.req.url.startsWith("https:");
}

/**
 * One request header (name in lower case). Over a socket it is read from node's own parsed headers:
 * Hono's c.req.header() first builds a web Headers object from the raw list, a cost on every request.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * One query parameter. Over a socket, a request line without a query answers at once from node's own
 * parsed URL: Hono's c.req.query() scans the full URL it builds, a cost on every request of a hot path.
 */
export function queryParam(c: Context, name: string): string | undefined {
  const url = incomingOf(c)?.url;
  if (url !== undefined && !url.includes("?")) return undefined;
  return c.req.query(name);
}

/**
 * The peer's address: the socket's remote address; `local` in-process (app.request() has no socket).
 * X-Forwarded-For is not read: any client could set it, and a budget keyed by it would be one header away.
 */
export function clientAddress(c: Context): string {
  return incomingOf(c)?.socket?.remoteAddress ?? "local";
}

/** The address the client used, so catalog and link URLs point back at it (proxies: X-Forwarded-*). */
export function baseUrl(c: Context): string {
  const forwardedProto = requestHeader(c, "x-forwarded-proto");
  const host = requestHeader(c, "x-forwarded-host") ?? requestHeader(c, "host");
  if (host) return `${forwardedProto ?? (isTls(c) ? "https" : "http")}://${host}`;
  const url = new URL(c.req.url);
  return `${forwardedProto ?? url.protocol.slice(0, -1)}://${url.host}`;
}

/** The caller's principal on a route whose policy required a token. */
export function principalOf(c: Ctx): Principal {
  const principal = c.get("principal");
  if (!principal) throw new Error("route has no principal: its policy must not be `public`");
  return principal;
}

/**
 * The operation caller the route's token stands for. A token that cannot act on a project (unscoped or
 * domain-scoped, without admin) is refused with `refuse()`, worded in the service's own error shape.
 */
export function tokenCaller(c: Ctx, refuse: () => Error): Caller {
  const who = callerOf(principalOf(c));
  if (!who) throw refuse();
  return who;
}

/** The URL's path, still percent-encoded (URL.pathname without parsing the URL again). */
export function requestPath(c: Context): string {
  const url = c.req.url;
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0) return "/";
  let end = url.indexOf("?", start);
  if (end < 0) end = url.length;
  const hash = url.indexOf("#", start);
  return url.slice(start, hash >= 0 && hash < end ? hash : end);
}

/** The request target as the client sent it: path and query, still percent-encoded. */
export function requestTarget(c: Context): string {
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("://") + 3));
}

/**
 * A JSON response whose body is already text (or bytes), with `headers` beside the ones the request's
 * pipeline set (request id, microversion): one plain header record (record-response.ts).
 */
export function jsonResponse(c: Ctx, status: number, body: string | Uint8Array, headers: Record<string, string> = {}): Response {
  return c.body(body as string, status as 200, { ...headers, "content-type": "application/json" });
}

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
  /** the header lines as sent: name, value, name, value... */
  rawHeaders?: string[];
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
 * Every request header as a web Headers object lists them (what c.req.raw.headers and c.req.header() give):
 * lower-case names in sorted order, a repeated header's values joined with ", ", set-cookie one entry per
 * line. Over a socket it is read from node's header lines, without making the web Headers object (which
 * loads Node's fetch stack on first use: light-response.ts).
 */
export function requestHeaderEntries(c: Context): Array<[string, string]> {
  const raw = incomingOf(c)?.rawHeaders;
  if (!raw) return [...c.req.raw.headers];
  const joined = new Map<string, string>();
  const cookies: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name.startsWith(":")) continue;
    if (name === "set-cookie") cookies.push(value);
    else {
      const had = joined.get(name);
      joined.set(name, had === undefined ? value : `${had}, ${value}`);
    }
  }
  const entries: Array<[string, string]> = [...joined];
  for (const cookie of cookies) entries.push(["set-cookie", cookie]);
  return entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** Every request header by name, as Hono's c.req.header() answers (for set-cookie, the last line). */
export function requestHeaderRecord(c: Context): Record<string, string> {
  return Object.fromEntries(requestHeaderEntries(c));
}

type Queries = Readonly<Record<string, string[]>>;
const NO_QUERIES: Queries = Object.freeze(Object.create(null) as Record<string, string[]>);
/** where a request keeps its parsed queries: a property of Hono's request object (a WeakMap costs more per request) */
const PARSED_QUERIES = Symbol("parsed queries");

/**
 * Every query parameter with all its values, in the order sent: Hono's c.req.queries(), parsed once per
 * request (each call of Hono's own scans the whole URL again). A null-prototype record: an absent name is
 * undefined, whatever it is called. Shared by the request's readers, so never changed in place.
 */
export function queries(c: Context): Queries {
  const request = c.req as typeof c.req & { [PARSED_QUERIES]?: Queries };
  let parsed = request[PARSED_QUERIES];
  if (parsed === undefined) {
    const url = incomingOf(c)?.url ?? c.req.url;
    parsed = url.includes("?") ? (c.req.queries() as Queries) : NO_QUERIES;
    request[PARSED_QUERIES] = parsed;
  }
  return parsed;
}

/** One query parameter: its first value ("" when named without one), as Hono's c.req.query(name). */
export function queryParam(c: Context, name: string): string | undefined {
  return queries(c)[name]?.[0];
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

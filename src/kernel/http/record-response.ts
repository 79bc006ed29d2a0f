// Responses whose headers are one plain record, for every request a service or the control API answers.
// Hono's own c.json, c.body, c.newResponse, c.text, c.html, c.redirect and c.header build a web Headers
// object as soon as a response has more than one header (every service response has: content type, request
// id, a microversion's three), and the node server must then copy it out again into the record node:http
// writes. Here the same calls collect the headers in a record with lower-case names, and the response is
// built with it; @hono/node-server writes it as it is. The request id headers are in the record from the
// start, so ingress never has to add them afterwards.

import type { Ctx } from "./context.js";
import { LightweightResponse } from "./light-response.js";

type HeaderValue = string | string[];
type HeaderRecord = Record<string, HeaderValue>;
type HeadersInput = HeaderRecord | Headers | ReadonlyArray<readonly [string, string]> | undefined;
type ResponseArg = number | { status?: number; headers?: HeadersInput } | undefined;

/** Marks a response built with the request id header already (a property: a WeakSet costs the GC more). */
const STAMPED = Symbol("carries the request id");

/** Whether the response was built with the request id header already (by this module). */
export function carriesRequestId(response: Response): boolean {
  return STAMPED in response;
}

function merge(into: HeaderRecord, headers: HeadersInput): void {
  if (headers === undefined) return;
  // a plain record is told apart first: reading the global Headers would load Node's fetch stack (light-response.ts)
  if (Array.isArray(headers) || (Object.getPrototypeOf(headers) !== Object.prototype && headers instanceof Headers)) {
    for (const [name, value] of headers as Iterable<[string, string]>) add(into, name.toLowerCase(), value);
    return;
  }
  for (const name in headers as HeaderRecord) {
    const value = (headers as HeaderRecord)[name];
    if (value !== undefined) into[name.toLowerCase()] = value;
  }
}

/** set-cookie stays a list (node writes one header line per entry); any other repeated header is joined */
function add(into: HeaderRecord, name: string, value: string): void {
  const had = into[name];
  if (had === undefined) into[name] = value;
  else if (name === "set-cookie") into[name] = [...(Array.isArray(had) ? had : [had]), value];
  else into[name] = `${Array.isArray(had) ? had.join(", ") : had}, ${value}`;
}

/**
 * A response with `status`, `body` and `headers` (lower-case names) as its one header record, stamped. Over
 * a socket (`lightweight`) it is the node server's own class where the bundle has it (light-response.ts); in
 * process (app.request()) the caller gets a web Response.
 */
export function recordResponse(status: number, body: BodyInit | null, headers: HeaderRecord, lightweight = false): Response {
  const Class = lightweight && LightweightResponse !== undefined ? LightweightResponse : Response;
  const response = new Class(body, { status, headers: headers as Record<string, string> });
  (response as Response & { [STAMPED]?: true })[STAMPED] = true;
  return response;
}

/**
 * Makes this request's c.header, c.status, c.body, c.newResponse, c.text, c.json, c.html and c.redirect
 * collect headers in one record that starts as `initial` (the request id headers), and build their
 * responses with it.
 */
export function useRecordResponses(c: Ctx, initial: HeaderRecord): void {
  const pending: HeaderRecord = initial;
  let pendingStatus = 200;
  const overSocket = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
  const build = (body: BodyInit | null, arg: ResponseArg, headers: HeadersInput, contentType?: string): Response => {
    const record: HeaderRecord = { ...pending };
    let status = pendingStatus;
    if (typeof arg === "number") status = arg;
    else if (arg !== undefined) {
      status = arg.status ?? status;
      merge(record, arg.headers);
    }
    merge(record, headers);
    if (contentType !== undefined && record["content-type"] === undefined) record["content-type"] = contentType;
    return recordResponse(status, body, record, overSocket);
  };
  const ctx = c as unknown as Record<"header" | "status" | "body" | "newResponse" | "text" | "json" | "html" | "redirect", unknown>;
  ctx.header = (name: string, value: string | undefined, options?: { append?: boolean }) => {
    const key = name.toLowerCase();
    if (value === undefined) delete pending[key];
    else if (options?.append) add(pending, key, value);
    else pending[key] = value;
  };
  ctx.status = (status: number) => {
    pendingStatus = status;
  };
  ctx.body = (body: BodyInit | null, arg?: ResponseArg, headers?: HeadersInput) => build(body, arg, headers);
  // what Hono's helpers (streamSSE, stream) answer with, after their c.header calls
  ctx.newResponse = ctx.body;
  ctx.text = (text: string, arg?: ResponseArg, headers?: HeadersInput) => build(text, arg, headers, "text/plain; charset=UTF-8");
  ctx.json = (value: unknown, arg?: ResponseArg, headers?: HeadersInput) => build(JSON.stringify(value), arg, headers, "application/json");
  // Hono's html also takes a promised (JSX) body
  ctx.html = (html: string | Promise<string>, arg?: ResponseArg, headers?: HeadersInput) =>
    typeof html === "string" ? build(html, arg, headers, "text/html; charset=UTF-8") : html.then((text) => build(String(text), arg, headers, "text/html; charset=UTF-8"));
  ctx.redirect = (location: string, status = 302) => build(null, status, { location });
}

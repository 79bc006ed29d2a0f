// Builds a service's Hono sub-app from its route table and the edge it declares (credentials, error shape,
// body limits, request ids). Every route runs the same steps, in order: the request target's encoding ->
// prepare -> fault gate -> credentials and policy -> rate limit -> body (read within its limit, validated
// by the route's schema) -> handler; every error is rendered in the service's own shape, as are an unknown
// path's 404 and a known path's 405.

import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError, type z } from "zod";
import { ApiError, badRequest, forbidden, type ErrorEnvelope } from "../errors.js";
import { defaultPolicy, allows, type Policy } from "../auth/principal.js";
import { DEFAULT_SCHEMES, identify, type AuthScheme } from "../auth/schemes.js";
import { BlobTooLarge } from "../blobs/types.js";
import type { Kernel } from "../kernel.js";
import { UnknownMarker } from "../pagination.js";
import { bodyTooLarge, describeIssues, readJson, readText, validate } from "./body.js";
import { clientAddress, requestHeader, type AppEnv, type Ctx } from "./context.js";
import { gate, injectedError, TransportFault, type GateTarget } from "./fault-gate.js";
import { DROPPED, journaled } from "./ingress.js";
import { settle, type MaybePromise } from "./maybe-promise.js";
import { jsonErrors, type ErrorRenderer } from "./render.js";
import { openstackRequestIds, type RequestIdStyle } from "./request-ids.js";
import type { OperationVariants } from "./variants.js";

export { TransportFault };

/**
 * HEAD is served by the GET route of the same path (Hono does this), so it is not a route method. COPY is
 * Swift's server-side copy (Hono routes any method name); OPTIONS is a browser's CORS preflight.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "COPY" | "OPTIONS";

/** Swift's and S3's largest single upload: a streamed body's limit when the service names none. */
export const DEFAULT_MAX_STREAM_BYTES = 5 * 1024 ** 3;

export interface RouteDef<S extends z.ZodType = z.ZodType> {
  method: Method;
  /** Hono path below the service's mount, `:name` for parameters */
  path: string;
  /** operation name for the journal and fault rules, e.g. `identity.token.create` */
  operation: string;
  /**
   * the operations its requests divide into, each a name a fault rule may aim at: one per key of an
   * `/action` body (actionVariants), one per S3 call (requestVariants); `operation` names them all
   */
  variants?: OperationVariants;
  /** who may call it; reads default to `reader`, writes to `member` */
  policy?: Policy;
  /** the 403 of a caller the policy refuses, when the service words it itself (Neutron's PolicyNotAuthorized naming its rule) */
  forbidden?: () => ApiError;
  /**
   * runs once the caller is known, before the route's policy and body: what refuses the request whatever
   * the caller's role and the body (a path naming another project than the token's, pathProjectMismatch)
   */
  checkCaller?: (c: Ctx) => void;
  /**
   * `json` (the default): a route with a `schema` has its body read by the edge, up to maxJsonBytes.
   * `stream`: bytes the handler reads as they arrive (streamedBody), up to maxStreamBytes; never
   * buffered, not even by the fault gate.
   */
  body?: "json" | "stream";
  /**
   * the JSON body's zod schema: the edge reads the body within the route's limit, validates it (a failure
   * is a 400 in the service's shape) and hands the handler what it parsed; the fuzzer (test/fuzz/)
   * generates bodies from it. Every route that reads a JSON body declares one. Declare routes with
   * `route()` so that the handler's body is typed by it.
   */
  schema?: S;
  /**
   * the schema of this request, when it depends on the request (a Nova microversion): what the edge
   * validates with, instead of `schema`, which stays the widest, for the fuzzer. It runs before the body
   * is read, so it is also where a route refuses what it answers whatever the body (an ApiError: a route
   * the microversion does not have, a parent resource the caller cannot see).
   */
  schemaFor?: (c: Ctx) => z.ZodType<z.output<S>>;
  /**
   * `parsed`: the edge only parses the JSON, and the handler validates it part by part (an `/action`
   * body dispatched on its one key; `schema` lists every action's body for the fuzzer); the handler's
   * body is `unknown`. `optional`: an empty body is allowed and validated as `undefined` (the schema says
   * what that means: `.optional()`, a default).
   */
  bodyCheck?: "parsed" | "optional";
  /** this route's body limit in bytes, instead of the service's */
  maxBytes?: number;
  /** `body` is what the edge read and validated (see `schema`); undefined on a route without a schema */
  handler(c: Ctx, body: z.output<S>): MaybePromise<Response>;
}

/**
 * A route whose handler's body is typed by its schema; a route table stays a plain array of them:
 * `route({ method: "POST", path: "/flavors", operation, schema: flavorCreateSchema, handler: (c, body) => ... })`.
 */
export function route<S extends z.ZodType>(def: RouteDef<S>): RouteDef {
  return def as RouteDef;
}

export interface ServiceHttp {
  name: string;
  mountPath: string;
  /** the JSON error envelope (the OpenStack services); a service with another shape declares `errors` */
  envelope?: ErrorEnvelope;
  /** errors as a whole body: xmlErrors() (S3), htmlErrors or textErrors (Swift); default jsonErrors(envelope) */
  errors?: ErrorRenderer;
  /** extra headers on an error response (Keystone's WWW-Authenticate on 401) */
  errorHeaders?: (c: Ctx, error: ApiError) => Record<string, string>;
  /**
   * Runs first on every route of the service, before the fault gate: request-wide negotiation such as
   * Nova's microversion (it may set response headers, and throw an ApiError: 400, 406).
   */
  prepare?: (c: Ctx) => void;
  /** the credentials accepted, tried in order (auth/schemes.ts, auth/sigv4.ts); default [xAuthToken] */
  auth?: readonly AuthScheme[];
  /** how requests are named in headers and the journal; default x-openstack-request-id, `req-<uuid>` */
  requestIds?: RequestIdStyle;
  /** JSON bodies' limit; default the emulator's maxBodyBytes option */
  maxJsonBytes?: number;
  /** streamed bodies' limit; default DEFAULT_MAX_STREAM_BYTES */
  maxStreamBytes?: number;
}

/** What the edge resolves of a service's declarations once, when its app is built. */
interface Edge {
  service: ServiceHttp;
  render: ErrorRenderer;
  schemes: readonly AuthScheme[];
  /** undefined for the default style: the cheapest path (see ingress.ts) */
  ids: RequestIdStyle | undefined;
}

interface ServiceApp {
  routes: ReadonlyArray<Readonly<RouteDef>>;
  /** the 404 or 405, in the service's envelope, for a path under its mount that no route matched */
  unmatched: (c: Ctx) => MaybePromise<Response>;
}

const serviceApps = new WeakMap<Hono<AppEnv>, ServiceApp>();

/** The route table a service app was built from (the coverage table is generated from it). */
export function routeTable(app: Hono<AppEnv>): ReadonlyArray<Readonly<RouteDef>> {
  return serviceApps.get(app)?.routes ?? [];
}

/**
 * The answer of a service app to a path under its mount that none of its routes matched. The app that
 * mounts service apps calls it from its notFound handler: a catch-all route in each service app would
 * match every request too, and a request matching two handlers goes through Hono's (always async)
 * middleware composition instead of a direct call.
 */
export function unmatchedHandler(app: Hono<AppEnv>): ((c: Ctx) => MaybePromise<Response>) | undefined {
  return serviceApps.get(app)?.unmatched;
}

export function buildServiceApp(kernel: Kernel, service: ServiceHttp, routes: RouteDef[]): Hono<AppEnv> {
  const edge = resolveEdge(service);
  const app = new Hono<AppEnv>();
  for (const def of routes) {
    const route = bindRoute(kernel, edge, def);
    app.on(def.method, def.path, (c) => journaled(kernel, c, () => run(kernel, edge, route, c), edge.ids));
  }
  const patterns = routes.map((r) => ({ method: r.method, re: pathToRegExp(r.path) }));
  const unmatched = (c: Ctx) =>
    journaled(
      kernel,
      c,
      () => {
        c.set("service", service.name);
        const path = c.req.path.slice(service.mountPath.length) || "/";
        const method = c.req.method === "HEAD" ? "GET" : c.req.method;
        const known = patterns.filter((p) => p.re.test(path));
        // `DELETE /images/`: a trailing slash names an item with an empty id, which no service has (404, as
        // Nova answers), not a collection refusing the method (405)
        // (the app routes without the trailing slash, so the raw URL is read)
        const query = c.req.url.indexOf("?");
        const emptyId = path !== "/" && c.req.url.charAt((query < 0 ? c.req.url.length : query) - 1) === "/";
        const error = known.length && !emptyId && !known.some((p) => p.method === method)
          ? new ApiError(405, undefined, `The method ${c.req.method} is not allowed for ${c.req.path}.`, {
              Allow: [...new Set(known.map((p) => p.method))].join(", "),
            })
          : new ApiError(404, undefined, `The resource could not be found: ${c.req.path}`);
        return render(edge, c, error);
      },
      edge.ids,
    );
  serviceApps.set(app, { routes, unmatched });
  return app;
}

function resolveEdge(service: ServiceHttp): Edge {
  const render = service.errors ?? (service.envelope && jsonErrors(service.envelope));
  if (!render) throw new Error(`service ${service.name} declares neither an error envelope nor an error renderer`);
  const ids = service.requestIds === openstackRequestIds ? undefined : service.requestIds;
  return { service, render, schemes: service.auth ?? DEFAULT_SCHEMES, ids };
}

/** A route with what the edge works out for it once: its body limit and what the fault gate matches. */
interface BoundRoute {
  def: RouteDef;
  stream: boolean;
  limit: number;
  gate: GateTarget;
}

function bindRoute(kernel: Kernel, edge: Edge, def: RouteDef): BoundRoute {
  const { name, mountPath, maxStreamBytes, maxJsonBytes } = edge.service;
  const stream = def.body === "stream";
  const limit = def.maxBytes ?? (stream ? maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES : maxJsonBytes ?? kernel.options.maxBodyBytes);
  return { def, stream, limit, gate: { service: name, mountPath, operation: def.operation, variants: def.variants, schemes: edge.schemes, jsonBody: !stream } };
}

/**
 * target encoding -> prepare -> fault gate -> credentials and policy -> rate limit -> body ->
 * handler, synchronous for as long as every step is (see ingress.ts); any error becomes the service's shape.
 */
function run(kernel: Kernel, edge: Edge, route: BoundRoute, c: Ctx): MaybePromise<Response> {
  const { def, limit } = route;
  c.set("service", route.gate.service);
  c.set("operation", def.operation);
  c.set("bodyLimit", limit);
  const fail = (error: unknown): MaybePromise<Response> => {
    if (error instanceof TransportFault) return transport(c, error);
    return render(edge, c, toApiError(error));
  };
  return settle(
    () => {
      checkEncoding(c);
      edge.service.prepare?.(c);
      return gate(kernel, route.gate, c);
    },
    (fault) => {
      authorize(kernel, edge.schemes, def.policy ?? defaultPolicy(def.method), c, def.forbidden, def.checkCaller);
      throttle(kernel, c);
      // a declared length past the limit is refused before a byte is read (a JSON body's in readJson)
      if (route.stream && Number(requestHeader(c, "content-length") ?? 0) > limit) throw bodyTooLarge(limit);
      return settle(
        () => (def.schema && !route.stream ? routeBody(c, def, limit).then((body) => def.handler(c, body)) : def.handler(c, undefined)),
        (response) => {
          // a false negative reports a change that was made; a handler that failed made none, so its answer stands
          if (fault?.type === "false-negative" && response.status < 400) throw injectedError(fault.status, fault.code, fault.message);
          return response;
        },
        fail,
      );
    },
    fail,
  );
}

/** The route's JSON body, read once within `limit` and checked as the route declares (see RouteDef.schema). */
async function routeBody(c: Ctx, def: RouteDef, limit: number): Promise<unknown> {
  // the per-request schema first: a route the negotiated version does not have refuses before the body
  const schema = def.schemaFor?.(c) ?? def.schema!;
  if (def.bodyCheck === "optional" && (await readText(c, limit)).trim() === "") return validate(schema, undefined);
  const json = await readJson(c, limit);
  return def.bodyCheck === "parsed" ? json : validate(schema, json);
}

/**
 * A path or query that is not valid percent-encoding (`/tags/%ff`) is a 400 before any handler decodes it;
 * Hono leaves such a parameter undecoded, and a handler's own decodeURIComponent would throw.
 */
function checkEncoding(c: Ctx): void {
  const url = c.req.url;
  if (!url.includes("%")) return;
  try {
    decodeURIComponent(url);
  } catch {
    throw malformedEncoding();
  }
}

const malformedEncoding = () => badRequest("The request path or query is not valid percent-encoding (UTF-8).");

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return new ApiError(400, undefined, describeIssues(error));
  if (error instanceof UnknownMarker) return new ApiError(400, undefined, error.message);
  // a handler decoding a value Hono already decoded once (`%25ff` -> `%ff`): the client's input, not a fault
  if (error instanceof URIError) return malformedEncoding();
  if (error instanceof BlobTooLarge) return bodyTooLarge(error.limit);
  console.error("skymock: unexpected error", error);
  return new ApiError(500, undefined, "An unexpected error prevented the server from fulfilling your request.");
}

/** The error in the service's shape; headers a `prepare` step set on the context are kept. */
function render(edge: Edge, c: Ctx, error: ApiError): Response {
  const headers: Record<string, string> = { ...error.headers, ...edge.service.errorHeaders?.(c, error) };
  const { body, contentType } = edge.render(error, { requestId: c.get("requestId"), method: c.req.method, path: c.req.path });
  headers["content-type"] = contentType;
  return c.body(body, error.status as ContentfulStatusCode, headers);
}

/**
 * The caller, by the first declared scheme whose credential the request carries; the route's own check
 * (checkCaller) and then its policy decide. A public route takes an anonymous caller, and one whose credential does not resolve as anonymous.
 */
function authorize(kernel: Kernel, schemes: readonly AuthScheme[], policy: Policy, c: Ctx, refusal = forbidden, check?: (c: Ctx) => void): void {
  const found = identify(schemes, c, kernel);
  if (policy === "public") {
    c.set("principal", found instanceof ApiError ? undefined : found);
    return;
  }
  if (found === undefined) throw schemes[0]!.missing();
  if (found instanceof ApiError) throw found;
  c.set("principal", found);
  check?.(c);
  if (!allows(policy, found)) throw refusal();
}

/**
 * The rate limit: a caller's budget is its project's (an unscoped caller's, its user's); a request without
 * a credential (issuing a token, discovery, a public read) spends its client address's.
 */
function throttle(kernel: Kernel, c: Ctx): void {
  const principal = c.get("principal");
  const key = principal ? principal.projectId ?? `user:${principal.userId}` : `address:${clientAddress(c)}`;
  const wait = kernel.rateLimiter.take(key);
  if (wait !== undefined) {
    throw new ApiError(429, undefined, "This request was rate-limited; retry later.", { "Retry-After": String(wait) });
  }
}

function transport(c: Ctx, fault: TransportFault): MaybePromise<Response> {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  if (incoming?.socket) {
    incoming.socket.destroy();
    return new Response(null, { status: DROPPED });
  }
  // in-process (app.request): there is no connection to drop, so the call itself fails (rejects)
  return Promise.reject(fault);
}

function pathToRegExp(path: string): RegExp {
  const body = path
    .split("/")
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.+?^${}()|[\]\\*]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

// Builds a service's Hono sub-app from its route table. Every route runs the same steps, in order:
// fault gate -> token and policy -> rate limit -> handler; every error is rendered in the service's own
// envelope; an unknown path is a 404 and a known path with the wrong method a 405, both in that envelope.

import { Hono } from "hono";
import { ZodError } from "zod";
import { ApiError, type ErrorEnvelope } from "../errors.js";
import { defaultPolicy, allows, type Policy } from "../auth/principal.js";
import type { Kernel } from "../kernel.js";
import { UnknownMarker } from "../pagination.js";
import { bodyResourceName, describeIssues } from "./body.js";
import { requestHeader, type AppEnv, type Ctx } from "./context.js";
import { journaled } from "./ingress.js";
import { settle, type MaybePromise } from "./maybe-promise.js";
import type { FaultEffect } from "../faults.js";
import { DROPPED } from "./ingress.js";

/** HEAD is served by the GET route of the same path (Hono does this), so it is not a route method. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteDef {
  method: Method;
  /** Hono path below the service's mount, `:name` for parameters */
  path: string;
  /** operation name for the journal and fault rules, e.g. `identity.token.create` */
  operation: string;
  /** who may call it; reads default to `reader`, writes to `member` */
  policy?: Policy;
  handler: (c: Ctx) => MaybePromise<Response>;
}

export interface ServiceHttp {
  name: string;
  mountPath: string;
  envelope: ErrorEnvelope;
  /** extra headers on an error response (Keystone's WWW-Authenticate on 401) */
  errorHeaders?: (c: Ctx, error: ApiError) => Record<string, string>;
  /**
   * Runs first on every route of the service, before the fault gate: request-wide negotiation such as
   * Nova's microversion (it may set response headers, and throw an ApiError: 400, 406).
   */
  prepare?: (c: Ctx) => void;
}

/** A connection-level fault: the client sees a dropped connection, not an HTTP response. */
export class TransportFault extends Error {
  constructor(readonly kind: "reset" | "hang") {
    super(kind === "reset" ? "connection reset by fault injection" : "connection hung by fault injection");
  }
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
  const app = new Hono<AppEnv>();
  for (const route of routes) {
    app.on(route.method, route.path, (c) => journaled(kernel, c, () => run(kernel, service, route, c)));
  }
  const patterns = routes.map((r) => ({ method: r.method, re: pathToRegExp(r.path) }));
  const unmatched = (c: Ctx) =>
    journaled(kernel, c, () => {
      const path = c.req.path.slice(service.mountPath.length) || "/";
      const method = c.req.method === "HEAD" ? "GET" : c.req.method;
      const known = patterns.filter((p) => p.re.test(path));
      c.set("service", service.name);
      const error = known.length && !known.some((p) => p.method === method)
        ? new ApiError(405, undefined, `The method ${c.req.method} is not allowed for ${c.req.path}.`, {
            Allow: [...new Set(known.map((p) => p.method))].join(", "),
          })
        : new ApiError(404, undefined, `The resource could not be found: ${c.req.path}`);
      return render(service, c, error);
    });
  serviceApps.set(app, { routes, unmatched });
  return app;
}

/**
 * prepare -> fault gate -> token and policy -> rate limit -> handler, synchronous for as long as every
 * step is (see ingress.ts); any error becomes the service's envelope.
 */
function run(kernel: Kernel, service: ServiceHttp, route: RouteDef, c: Ctx): MaybePromise<Response> {
  c.set("service", service.name);
  c.set("operation", route.operation);
  const fail = (error: unknown): MaybePromise<Response> => {
    if (error instanceof TransportFault) return transport(c, error);
    return render(service, c, toApiError(error));
  };
  return settle(
    () => {
      service.prepare?.(c);
      return gate(kernel, service, route, c);
    },
    (fault) => {
      const policy = route.policy ?? defaultPolicy(route.method);
      authorize(kernel, policy, c);
      throttle(kernel, c);
      return settle(
        () => route.handler(c),
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

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return new ApiError(400, undefined, describeIssues(error));
  if (error instanceof UnknownMarker) return new ApiError(400, undefined, error.message);
  console.error("skymock: unexpected error", error);
  return new ApiError(500, undefined, "An unexpected error prevented the server from fulfilling your request.");
}

export function render(service: ServiceHttp, c: Ctx, error: ApiError): Response {
  const headers: Record<string, string> = { ...error.headers, ...(service.errorHeaders?.(c, error) ?? {}) };
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json(service.envelope(error) as object, error.status as 400);
}

/**
 * Fault gate: returns a false-negative effect for the caller to apply after the handler. It waits only
 * when it must: to read the body's resource name for a rule on names, or for an injected delay.
 */
function gate(kernel: Kernel, service: ServiceHttp, route: RouteDef, c: Ctx): MaybePromise<FaultEffect | undefined> {
  if (!kernel.faults.active) return undefined;
  // rules on resource names read the body's name; Hono caches the text for the handler
  if (kernel.faults.wantsResourceName && c.req.method !== "GET") {
    return c.req.text().then((text) => applyFault(matchFault(kernel, service, route, c, bodyResourceName(text))));
  }
  return applyFault(matchFault(kernel, service, route, c, undefined));
}

function matchFault(kernel: Kernel, service: ServiceHttp, route: RouteDef, c: Ctx, name: string | undefined): FaultEffect | undefined {
  return kernel.faults.match({
    service: service.name,
    method: c.req.method,
    path: c.req.path.slice(service.mountPath.length) || "/",
    fullPath: c.req.path,
    operation: route.operation,
    project: () => {
      const token = requestHeader(c, "x-auth-token");
      const principal = token ? kernel.tokens.resolve(token) : undefined;
      return principal && { id: principal.projectId, name: principal.projectName };
    },
    resourceName: () => name,
  })?.effect;
}

function applyFault(effect: FaultEffect | undefined): MaybePromise<FaultEffect | undefined> {
  if (!effect) return undefined;
  switch (effect.type) {
    case "latency":
      return sleep(effect.ms).then(() => undefined);
    case "error":
      throw injectedError(effect.status, effect.code, effect.message);
    case "throttle":
      throw new ApiError(429, undefined, "Rate limit exceeded (injected fault); retry later.", {
        "Retry-After": String(effect.retryAfter),
      });
    case "reset":
      throw new TransportFault("reset");
    case "hang":
      return sleep(effect.ms).then(() => {
        throw new TransportFault("hang");
      });
    case "false-negative":
      return effect;
  }
}

function injectedError(status: number, code: string | undefined, message: string | undefined): ApiError {
  return new ApiError(status, code, message ?? `Injected fault: HTTP ${status}.`);
}

function authorize(kernel: Kernel, policy: Policy, c: Ctx): void {
  const token = requestHeader(c, "x-auth-token");
  if (policy === "public") {
    c.set("principal", token ? kernel.tokens.resolve(token) : undefined);
    return;
  }
  if (!token) throw new ApiError(401, undefined, "The request you have made requires authentication.");
  const principal = kernel.tokens.resolve(token);
  if (!principal) throw new ApiError(401, undefined, "The request you have made requires authentication.");
  c.set("principal", principal);
  if (!allows(policy, principal)) {
    throw new ApiError(403, undefined, "You are not authorized to perform the requested action.");
  }
}

function throttle(kernel: Kernel, c: Ctx): void {
  const principal = c.get("principal");
  if (!principal) return;
  const wait = kernel.rateLimiter.take(principal.projectId ?? `user:${principal.userId}`);
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function pathToRegExp(path: string): RegExp {
  const body = path
    .split("/")
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.+?^${}()|[\]\\*]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${body}/?$`);
}

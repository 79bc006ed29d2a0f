// What the request pipeline records on Hono's context for later steps (routes, views, the journal).

import type { Context } from "hono";
import type { Principal } from "../auth/principal.js";

export interface AppVariables {
  requestId: string;
  service: string;
  operation: string;
  principal: Principal | undefined;
}

export type AppEnv = { Variables: AppVariables };

export type Ctx = Context<AppEnv>;

/** The address the client used, so catalog and link URLs point back at it (proxies: X-Forwarded-*). */
export function baseUrl(c: Context): string {
  const forwardedProto = c.req.header("x-forwarded-proto");
  const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
  if (host) return `${forwardedProto ?? (c.req.url.startsWith("https:") ? "https" : "http")}://${host}`;
  const url = new URL(c.req.url);
  return `${forwardedProto ?? url.protocol.slice(0, -1)}://${url.host}`;
}

/** The caller's principal on a route whose policy required a token. */
export function principalOf(c: Ctx): Principal {
  const principal = c.get("principal");
  if (!principal) throw new Error("route has no principal: its policy must not be `public`");
  return principal;
}

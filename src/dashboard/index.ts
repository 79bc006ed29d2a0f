// The dashboard at /dashboard: one server-rendered page (page.tsx, Hono JSX) and its script, which drives
// the control API and the services' APIs as any client does (no state of its own, no business rules).
// Built on the first request (a dynamic import, which the bundle keeps lazy): nothing here costs start-up.

import type { Hono } from "hono";
import type { AppEnv } from "../kernel/http/context.js";

/**
 * The page forbids framing (a one-click "fail host" button must not be clickjacked) and loads nothing but
 * its own script and style.
 */
const HEADERS = {
  "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-cache",
};

export function dashboardRoutes(app: Hono<AppEnv>, services: ReadonlyArray<{ name: string; mountPath: string }>): void {
  const list = services.map((s) => ({ name: s.name, path: s.mountPath }));
  const assets = () => import("./assets.js");
  app.get("/dashboard", async (c) => c.html((await assets()).page(list), 200, HEADERS));
  app.get("/dashboard/", async (c) => c.html((await assets()).page(list), 200, HEADERS));
  app.get("/dashboard/app.js", async (c) => c.body((await assets()).script(), 200, { ...HEADERS, "content-type": "text/javascript; charset=utf-8" }));
  app.get("/dashboard/app.css", async (c) => c.body((await assets()).STYLE, 200, { ...HEADERS, "content-type": "text/css; charset=utf-8" }));
}

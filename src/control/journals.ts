// Control: the events journal (domain events, newest last) and the requests journal.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { numberOrUndefined } from "./faults.js";

export function journalRoutes(app: Hono<AppEnv>, kernel: Kernel): void {
  app.get("/events", (c) => {
    const type = c.req.query("type");
    const filter = type
      ? (e: { type: string }) => (type.endsWith("*") ? e.type.startsWith(type.slice(0, -1)) : e.type === type)
      : undefined;
    return c.json({ events: kernel.events.log.list({ after: numberOrUndefined(c.req.query("after")), limit: numberOrUndefined(c.req.query("limit")), filter }) });
  });
  app.delete("/events", (c) => {
    kernel.events.log.clear();
    return c.body(null, 204);
  });
  app.get("/requests", (c) => {
    const service = c.req.query("service");
    const filter = service ? (r: { service: string | null }) => r.service === service : undefined;
    return c.json({ requests: kernel.requests.list({ after: numberOrUndefined(c.req.query("after")), limit: numberOrUndefined(c.req.query("limit")), filter }) });
  });
  app.delete("/requests", (c) => {
    kernel.requests.clear();
    return c.body(null, 204);
  });
}

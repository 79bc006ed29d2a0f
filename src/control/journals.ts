// Control: the events journal (domain events, oldest first) and the requests journal.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { handle, queryInt } from "./http.js";

export function journalRoutes(app: Hono<AppEnv>, kernel: Kernel): void {
  app.get(
    "/events",
    handle((c) => {
      const type = c.req.query("type");
      const filter = type
        ? (e: { type: string }) => (type.endsWith("*") ? e.type.startsWith(type.slice(0, -1)) : e.type === type)
        : undefined;
      return c.json({ events: kernel.events.log.list({ after: queryInt(c, "after"), limit: queryInt(c, "limit"), filter }) });
    }),
  );
  app.delete("/events", (c) => {
    kernel.events.log.clear();
    return c.body(null, 204);
  });
  app.get(
    "/requests",
    handle((c) => {
      const service = c.req.query("service");
      const filter = service ? (r: { service: string | null }) => r.service === service : undefined;
      const requests = kernel.requests.list({ after: queryInt(c, "after"), limit: queryInt(c, "limit"), filter });
      return c.json({ requests: requests.map((r) => ({ ...r, at: new Date(Math.floor(r.at)).toISOString() })) });
    }),
  );
  app.delete("/requests", (c) => {
    kernel.requests.clear();
    return c.body(null, 204);
  });
}

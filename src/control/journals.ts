// Control: the events journal (domain events, oldest first; filtered by type glob) and the requests journal.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import { compileGlob } from "../kernel/glob.js";
import type { Assert, Equals, Flat } from "../kernel/type-equals.js";
import type { EventMap, LoggedEvent } from "../kernel/events.js";
import type { RequestRecord as KernelRecord } from "../kernel/request-journal.js";
import type { DomainEvent, EventPayloads, RequestRecord } from "../client/types.js";
import { handle, queryInt } from "./http.js";

/** Each payload as one plain object, so Equals compares members rather than how intersections were written. */
type FlatPayloads<M> = { [K in keyof M]: Flat<M[K]> };

// the typed client's wire types are the server's, or this file does not compile (requests render `at` as ISO):
// the events the services declare, payload by payload, and the journal's fields around them
type _Payloads = Assert<Equals<FlatPayloads<EventMap>, FlatPayloads<EventPayloads>>>;
type _Event = Assert<Equals<keyof LoggedEvent, keyof DomainEvent>>;
type _Request = Assert<Equals<Flat<Omit<KernelRecord, "at"> & { seq: number; at: string }>, RequestRecord>>;

export function journalRoutes(app: Hono<AppEnv>, kernel: Kernel): void {
  app.get(
    "/events",
    handle((c) => {
      // an exact type or a glob: `identity.*`, `compute.*.error` (`*` matches across dots)
      const type = c.req.query("type");
      const pattern = type === undefined ? undefined : compileGlob(type, true);
      const filter = pattern ? (e: { type: string }) => pattern.test(e.type) : undefined;
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

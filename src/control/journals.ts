// Control: the events journal (domain events, oldest first) and the requests journal, filtered alike by
// their list (GET /events, /requests) and their live tails (journal-streams.ts).

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { AppEnv } from "../kernel/http/context.js";
import type { Assert, Equals, Flat } from "../kernel/type-equals.js";
import type { EventMap, LoggedEvent } from "../kernel/events.js";
import type { RequestRecord as KernelRecord } from "../kernel/request-journal.js";
import type { DomainEvent, EventPayloads, RequestRecord } from "../client/types.js";
import { handle, queryInt } from "./http.js";
import { journalStreamRoutes } from "./journal-streams.js";
import { eventFilter, requestFilter, requestView } from "./journal-filters.js";

/** Each payload as one plain object, so Equals compares members rather than how intersections were written. */
type FlatPayloads<M> = { [K in keyof M]: Flat<M[K]> };

// the typed client's wire types are the server's, or this file does not compile (requests render `at` as ISO):
// the events the services declare, payload by payload, and the journal's fields around them
type _Payloads = Assert<Equals<FlatPayloads<EventMap>, FlatPayloads<EventPayloads>>>;
type _Event = Assert<Equals<keyof LoggedEvent, keyof DomainEvent>>;
type _Request = Assert<Equals<Flat<Omit<KernelRecord, "at"> & { seq: number; at: string }>, RequestRecord>>;

export function journalRoutes(app: Hono<AppEnv>, kernel: Kernel, closing?: AbortSignal): void {
  // the tails first: /events/stream is not an event
  journalStreamRoutes(app, kernel, closing);
  app.get(
    "/events",
    handle((c) => c.json({ events: kernel.events.log.list({ after: queryInt(c, "after"), limit: queryInt(c, "limit"), filter: eventFilter(c) }) })),
  );
  app.delete("/events", (c) => {
    kernel.events.log.clear();
    return c.body(null, 204);
  });
  app.get(
    "/requests",
    handle((c) => {
      const requests = kernel.requests.list({ after: queryInt(c, "after"), limit: queryInt(c, "limit"), filter: requestFilter(c) });
      return c.json({ requests: requests.map(requestView) });
    }),
  );
  app.delete("/requests", (c) => {
    kernel.requests.clear();
    return c.body(null, 204);
  });
}

// /messages (cinder/api/v3/messages.py, views/messages.py; 3.3+, a 404 before): list (the caller's project's,
// every project's for an admin; filters, paging and sorting from 3.5), show and delete (204). Messages past
// their guaranteed_until are gone (Cinder's cleanup), read against the virtual clock.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import * as ops from "../operations/messages.js";
import { rejectInvalidFilters } from "./resource-filters.js";
import type { UserMessage } from "../state.js";
import { collectionBody, resourceLinks } from "../views/links.js";
import type { BlockStorageDeps } from "./deps.js";
import { listPage, listQuery } from "./list.js";

const MESSAGES = 3;
const PAGINATION = 5;
const SORT_KEYS = ["created_at", "id", "event_id", "resource_type", "resource_uuid", "message_level", "request_id"] as const;

function messageView(c: Ctx, m: UserMessage) {
  return {
    id: m.id,
    event_id: ops.eventIdOf(m),
    user_message: ops.userMessageOf(m),
    message_level: "ERROR",
    created_at: isoMicroNoZone(m.createdAt),
    guaranteed_until: isoMicroNoZone(m.expiresAt),
    request_id: m.requestId,
    links: resourceLinks(c, "messages", m.id),
    resource_type: m.resourceType,
    ...(m.resourceUuid ? { resource_uuid: m.resourceUuid } : {}),
  };
}

/** A filter's value as the message compares it (resource_filters.json: message). */
const FILTERS: Record<string, (m: UserMessage) => string | null> = {
  resource_uuid: (m) => m.resourceUuid,
  resource_type: (m) => m.resourceType,
  event_id: ops.eventIdOf,
  request_id: (m) => m.requestId,
  message_level: () => "ERROR",
};

export function messageRoutes(deps: BlockStorageDeps): RouteDef[] {
  const gated = (r: RouteDef): RouteDef => ({
    ...r,
    handler: (c: Ctx, body: unknown) => {
      const v = microversion(c);
      if (v < MESSAGES) throw itemNotFound(`API version 3.${v} is not supported on this method.`);
      return r.handler(c, body as never);
    },
  });
  const id = (c: Ctx) => c.req.param("id")!;
  const list = (c: Ctx) => {
    const s = deps.state();
    const caller = deps.caller(c);
    const now = deps.kernel.clock.now();
    // from 3.31 a member's unknown filter keys are refused (messages.py index, resource_filters.json: message)
    rejectInvalidFilters(c, caller, "message");
    // before 3.5 no query parameter is read
    const paged = microversion(c) >= PAGINATION;
    const base = paged
      ? listQuery(c, caller, deps.kernel.options.maxPageSize, SORT_KEYS)
      : { limit: Number.MAX_SAFE_INTEGER, marker: undefined, offset: 0, sort: [], projectId: caller.projectId };
    // an admin's query is not limited to a project (Cinder's project_only query)
    const query = { ...base, projectId: caller.isAdmin ? undefined : caller.projectId };
    const wanted = paged ? Object.entries(FILTERS).flatMap(([key, of]) => (queryParam(c, key) === undefined ? [] : [[of, queryParam(c, key)] as const])) : [];
    const match = (m: UserMessage) => ops.alive(m, now) && wanted.every(([of, value]) => of(m) === value);
    const value = (m: UserMessage, key: string) =>
      key === "created_at" ? m.createdAt : key === "id" ? m.id : key === "message_level" ? "ERROR" : key === "event_id" ? ops.eventIdOf(m) : FILTERS[key]!(m);
    const page = listPage(ops.messageTable(s), query, match, value);
    return c.json(collectionBody(c, "messages", page.items.map((m) => messageView(c, m)), query.limit, () => page.items.at(-1)!.id));
  };
  const routes: RouteDef[] = [
    { method: "GET", path: "/messages", operation: "block-storage.message.list", handler: list },
    {
      method: "GET",
      path: "/messages/:id",
      operation: "block-storage.message.show",
      handler: (c) => c.json({ message: messageView(c, ops.visibleMessage(deps.state(), deps.caller(c), id(c), deps.kernel.clock.now())) }),
    },
    {
      method: "DELETE",
      path: "/messages/:id",
      operation: "block-storage.message.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => ops.deleteMessage(s, ctx, id(c)));
        return c.body(null, 204);
      },
    },
  ];
  return routes.map(gated);
}

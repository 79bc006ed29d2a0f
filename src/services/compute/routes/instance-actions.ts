// os-instance-actions: the action log of a server, newest first (2.58: limit, marker, changes-since; 2.66:
// changes-before), and one action by request id. From 2.21 a deleted server's log stays readable.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { badRequest, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { actionLogOf } from "../operations/server-instance-actions.js";
import { visibleServer } from "../operations/servers.js";
import type { InstanceAction } from "../server-records.js";
import { instanceActionDetail, instanceActionView } from "../views/instance-actions.js";
import { markerNotFound, page, pageParams } from "../views/collection.js";
import type { ComputeDeps } from "./deps.js";
import { MAX_LIMIT } from "./server-list.js";

function timeQuery(c: Ctx, key: string): number | undefined {
  const raw = queryParam(c, key);
  if (raw === undefined) return undefined;
  const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  if (Number.isNaN(at)) throw badRequest(`Invalid input for query parameters ${key}. Value: ${raw}. '${raw}' is not a 'date-time'`);
  return at;
}

export function instanceActionRoutes(deps: ComputeDeps): RouteDef[] {
  /** The log, if the caller may see the server (before 2.21, only while it exists). */
  const logOf = (c: Ctx): InstanceAction[] => {
    const caller = deps.caller(c);
    const id = c.req.param("id")!;
    const s = deps.state();
    if (microversion(c) < 21) visibleServer(s, caller, id);
    const log = actionLogOf(s, caller, id);
    if (log) return log;
    visibleServer(s, caller, id);
    return [];
  };
  return [
    {
      method: "GET",
      path: "/v2.1/servers/:id/os-instance-actions",
      operation: "compute.server.instance_actions.list",
      handler: (c) => {
        const v = microversion(c);
        const id = c.req.param("id")!;
        let rows = [...logOf(c)].reverse();
        if (v < 58) return c.json({ instanceActions: rows.map((a) => instanceActionView(id, a, v)) });
        const since = timeQuery(c, "changes-since");
        const before = v >= 66 ? timeQuery(c, "changes-before") : undefined;
        if (since !== undefined && before !== undefined && before < since) {
          throw badRequest("The value of changes-since must be less than or equal to changes-before.");
        }
        if (since !== undefined) rows = rows.filter((a) => a.updatedAt >= since);
        if (before !== undefined) rows = rows.filter((a) => a.updatedAt <= before);
        const { items, links } = page(c, rows, (a) => a.requestId, pageParams(c), MAX_LIMIT, markerNotFound);
        const body: Record<string, unknown> = { instanceActions: items.map((a) => instanceActionView(id, a, v)) };
        if (links) body.links = links;
        return c.json(body);
      },
    },
    {
      method: "GET",
      path: "/v2.1/servers/:id/os-instance-actions/:requestId",
      operation: "compute.server.instance_actions.show",
      handler: (c) => {
        const v = microversion(c);
        const requestId = c.req.param("requestId")!;
        const action = logOf(c).find((a) => a.requestId === requestId);
        if (!action) throw itemNotFound(`Action ${requestId} not found`);
        return c.json({ instanceAction: instanceActionDetail(c.req.param("id")!, action, v, deps.caller(c).isAdmin) });
      },
    },
  ];
}



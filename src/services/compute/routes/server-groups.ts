// Server groups (Nova v2.1): list (limit/offset; all_projects for admins), create (200),
// show, delete (204), in the 2.1 / 2.13 / 2.64 shapes.

import { type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { microversion } from "../microversion.js";
import { badRequest } from "../errors.js";
import { createServerGroup, deleteServerGroup, listServerGroups, visibleServerGroup } from "../operations/server-groups.js";
import { parseServerGroupCreate, serverGroupCreateSchema } from "../schemas/server-groups.js";
import { serverGroupView } from "../views/server-groups.js";
import { pageParams } from "../views/collection.js";
import type { ComputeDeps } from "./deps.js";

const idOf = (c: Ctx) => c.req.param("groupId") ?? "";

/** nova common.limited: `offset` and `limit`, non-negative integers. */
function offsetOf(c: Ctx): number {
  const raw = queryParam(c, "offset");
  if (raw === undefined) return 0;
  if (!/^-?\d+$/.test(raw.trim())) throw badRequest("offset param must be an integer");
  const offset = Number(raw);
  if (offset < 0) throw badRequest("offset param must be positive");
  return offset;
}

export function serverGroupRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.1/os-server-groups",
      operation: "compute.server_group.list",
      handler: (c) => {
        const mv = microversion(c);
        const { limit } = pageParams(c);
        const offset = offsetOf(c);
        const max = deps.kernel.options.maxPageSize;
        const all = queryParam(c, "all_projects") !== undefined;
        const rows = listServerGroups(deps.state(), deps.caller(c), all).slice(offset, offset + Math.min(limit || max, max));
        return c.json({ server_groups: rows.map((g) => serverGroupView(g, mv)) });
      },
    },
    {
      method: "POST",
      path: "/v2.1/os-server-groups",
      operation: "compute.server_group.create",
      schema: serverGroupCreateSchema,
      // the body's shape differs by microversion (2.64): parseServerGroupCreate validates it
      bodyCheck: "parsed",
      handler: (c, body) => {
        const mv = microversion(c);
        const input = parseServerGroupCreate(body, mv);
        const group = deps.write(c, (s, ctx) => createServerGroup(s, ctx, input));
        return c.json({ server_group: serverGroupView(group, mv) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-server-groups/:groupId",
      operation: "compute.server_group.show",
      handler: (c) => c.json({ server_group: serverGroupView(visibleServerGroup(deps.state(), deps.caller(c), idOf(c)), microversion(c)) }),
    },
    {
      method: "DELETE",
      path: "/v2.1/os-server-groups/:groupId",
      operation: "compute.server_group.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteServerGroup(s, ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}

// /segments (masakari/api/openstack/ha/segments.py): create (201), list with recovery_method,
// service_type and enabled filters, show, update (PUT), delete (204). Admin only, as Masakari's policy.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { badRequest, policyRefused } from "../errors.js";
import { microversion } from "../microversion.js";
import { createSegment, deleteSegment, findSegment, updateSegment } from "../operations/segments.js";
import { segmentCreateSchema, segmentUpdateSchema } from "../schemas/segments.js";
import type { Segment } from "../state.js";
import { segmentView } from "../views/segments.js";
import type { InstanceHaDeps } from "./deps.js";
import { boolFilter, listPage, listQuery, seqLookup } from "./list.js";

const SORT_KEYS = ["created_at", "updated_at", "name", "description", "recovery_method", "service_type", "uuid", "id", "enabled"];

export function sortValue(row: { id: string; seq: number; createdAt: number; updatedAt: number | null }, key: string) {
  switch (key) {
    case "created_at":
      return row.createdAt;
    case "updated_at":
      return row.updatedAt;
    case "uuid":
      return row.id;
    case "id":
      return row.seq;
    default: {
      const field = key.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase());
      const v = (row as unknown as Record<string, unknown>)[field];
      return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : null;
    }
  }
}

/** `enabled` arrived in 1.2: before it Masakari's schema has no such property */
function refuseEnabledBefore12(c: Ctx, body: { enabled?: unknown }) {
  if (body.enabled !== undefined && microversion(c) < 2) throw badRequest("Additional properties are not allowed ('enabled' was unexpected)");
}

const id = (c: Ctx) => c.req.param("segment_id")!;
const rule = (name: string) => ({ policy: "admin" as const, forbidden: () => policyRefused(`os_masakari_api:segments:${name}`) });

export function segmentRoutes(deps: InstanceHaDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/segments",
      operation: "instance-ha.segment.create",
      ...rule("create"),
      schema: segmentCreateSchema,
      handler: (c, { segment: body }) => {
        refuseEnabledBefore12(c, body);
        const segment = deps.write(c, (s, ctx) =>
          createSegment(s, ctx, {
            name: body.name,
            description: body.description,
            recoveryMethod: body.recovery_method,
            serviceType: body.service_type,
            enabled: body.enabled,
          }),
        );
        return c.json({ segment: segmentView(segment, microversion(c)) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/segments",
      operation: "instance-ha.segment.list",
      ...rule("index"),
      handler: (c) => {
        const mv = microversion(c);
        const query = listQuery(c, deps.kernel.options.maxPageSize, SORT_KEYS);
        const [method, serviceType] = [queryParam(c, "recovery_method"), queryParam(c, "service_type")];
        const enabled = mv >= 2 ? boolFilter(c, "enabled") : undefined;
        const match = (seg: Segment) =>
          (method === undefined || seg.recoveryMethod === method) &&
          (serviceType === undefined || seg.serviceType === serviceType) &&
          (enabled === undefined || seg.enabled === enabled);
        const rows = listPage(deps.state().segments, query, match, sortValue, seqLookup(deps.state(), "segment"));
        return c.json({ segments: rows.map((seg) => segmentView(seg, mv)) });
      },
    },
    {
      method: "GET",
      path: "/segments/:segment_id",
      operation: "instance-ha.segment.show",
      ...rule("detail"),
      handler: (c) => c.json({ segment: segmentView(findSegment(deps.state(), id(c)), microversion(c)) }),
    },
    route({
      method: "PUT",
      path: "/segments/:segment_id",
      operation: "instance-ha.segment.update",
      ...rule("update"),
      schema: segmentUpdateSchema,
      handler: (c, { segment: body }) => {
        refuseEnabledBefore12(c, body);
        const segment = deps.write(c, (s, ctx) =>
          updateSegment(s, ctx, id(c), {
            name: body.name,
            description: body.description,
            recoveryMethod: body.recovery_method,
            serviceType: body.service_type,
            enabled: body.enabled,
          }),
        );
        return c.json({ segment: segmentView(segment, microversion(c)) });
      },
    }),
    {
      method: "DELETE",
      path: "/segments/:segment_id",
      operation: "instance-ha.segment.delete",
      ...rule("delete"),
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteSegment(s, ctx, id(c)));
        return c.body(null, 204);
      },
    },
  ];
}

// Segments (Neutron v2.0 /segments), admin only: a non-admin lists none, finds none, may change none.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { isoSeconds } from "../../../kernel/time.js";
import { policyNotAuthorized } from "../errors.js";
import { resourceNotFound } from "../extension-errors.js";
import type { Segment } from "../extension-state.js";
import { segmentCreateSchema, segmentUpdateSchema } from "../schemas/segments.js";
import { allSegments, createSegment, deleteSegment, findSegment, updateSegment } from "../operations/segments.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

export function segmentView(seg: Segment) {
  return {
    id: seg.id,
    network_id: seg.networkId,
    name: seg.name,
    description: seg.description,
    network_type: seg.networkType,
    physical_network: seg.physicalNetwork,
    segmentation_id: seg.segmentationId,
    created_at: isoSeconds(seg.createdAt),
    updated_at: isoSeconds(seg.updatedAt),
    revision_number: seg.revision,
  };
}

export function segmentRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const member = "/v2.0/segments/:segment_id";
  const visible = (c: Ctx) => {
    if (!deps.caller(c).isAdmin) throw resourceNotFound();
    return findSegment(deps.state(), c.req.param("segment_id")!);
  };
  return [
    {
      method: "GET",
      path: "/v2.0/segments",
      operation: "networking.segment.list",
      handler: (c) => {
        const rows = deps.caller(c).isAdmin ? allSegments(deps.state()) : [];
        return c.json(listBody(c, "segments", lazyMap(rows, segmentView), kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/segments",
      operation: "networking.segment.create",
      policy: "admin",
      forbidden: () => policyNotAuthorized("create_segment"),
      schema: segmentCreateSchema,
      handler: (c, { segment: b }) => {
        const segment = deps.write(c, (s, ctx) =>
          createSegment(s, ctx, {
            networkId: b.network_id,
            networkType: b.network_type,
            physicalNetwork: b.physical_network,
            segmentationId: b.segmentation_id,
            name: b.name,
            description: b.description,
          }),
        );
        return c.json({ segment: segmentView(segment) }, 201);
      },
    }),
    {
      method: "GET",
      path: member,
      operation: "networking.segment.show",
      handler: (c) => c.json({ segment: selectFields(segmentView(visible(c)), fieldsOf(c)) }),
    },
    route({
      method: "PUT",
      path: member,
      operation: "networking.segment.update",
      policy: "admin",
      forbidden: () => policyNotAuthorized("update_segment"),
      schema: segmentUpdateSchema,
      handler: (c, { segment: b }) => {
        const segment = deps.write(c, (s, ctx) => updateSegment(s, ctx, findSegment(s, c.req.param("segment_id")!), b));
        return c.json({ segment: segmentView(segment) });
      },
    }),
    {
      method: "DELETE",
      path: member,
      operation: "networking.segment.delete",
      policy: "admin",
      forbidden: () => policyNotAuthorized("delete_segment"),
      handler: (c) => {
        deps.write(c, (s) => deleteSegment(s, findSegment(s, c.req.param("segment_id")!)));
        return c.body(null, 204);
      },
    },
  ];
}

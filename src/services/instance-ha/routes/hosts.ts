// /segments/{segment_id}/hosts (masakari/api/openstack/ha/hosts.py): create (201), list with type,
// control_attributes, on_maintenance and reserved filters, show, update (PUT), delete (204). Admin only.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { get } from "../../../kernel/store/table.js";
import { policyRefused } from "../errors.js";
import { microversion } from "../microversion.js";
import { createHost, deleteHost, findHost, updateHost } from "../operations/hosts.js";
import { findSegment } from "../operations/segments.js";
import { hostCreateSchema, hostUpdateSchema } from "../schemas/hosts.js";
import type { Host } from "../state.js";
import { hostView } from "../views/segments.js";
import type { InstanceHaDeps } from "./deps.js";
import { boolFilter, listPage, listQuery, seqLookup } from "./list.js";
import { sortValue } from "./segments.js";

const SORT_KEYS = ["created_at", "updated_at", "type", "name", "control_attributes", "on_maintenance", "reserved", "uuid", "id"];

const segmentId = (c: Ctx) => c.req.param("segment_id")!;
const hostId = (c: Ctx) => c.req.param("host_id")!;
const rule = (name: string) => ({ policy: "admin" as const, forbidden: () => policyRefused(`os_masakari_api:os-hosts:${name}`) });

export function hostRoutes(deps: InstanceHaDeps): RouteDef[] {
  const view = (c: Ctx, host: Host) => hostView(host, get(deps.state().segments, host.segmentId)!, microversion(c));
  return [
    route({
      method: "POST",
      path: "/segments/:segment_id/hosts",
      operation: "instance-ha.host.create",
      ...rule("create"),
      schema: hostCreateSchema,
      handler: (c, { host: body }) => {
        const host = deps.write(c, (s, ctx) =>
          createHost(s, ctx, segmentId(c), {
            name: body.name,
            type: body.type,
            controlAttributes: body.control_attributes,
            reserved: body.reserved,
            onMaintenance: body.on_maintenance,
          }),
        );
        return c.json({ host: view(c, host) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/segments/:segment_id/hosts",
      operation: "instance-ha.host.list",
      ...rule("index"),
      handler: (c) => {
        const s = deps.state();
        const segment = findSegment(s, segmentId(c));
        const query = listQuery(c, deps.kernel.options.maxPageSize, SORT_KEYS);
        const [type, control] = [queryParam(c, "type"), queryParam(c, "control_attributes")];
        const [onMaintenance, reserved] = [boolFilter(c, "on_maintenance"), boolFilter(c, "reserved")];
        const match = (h: Host) =>
          h.segmentId === segment.id &&
          (type === undefined || h.type === type) &&
          (control === undefined || h.controlAttributes === control) &&
          (onMaintenance === undefined || h.onMaintenance === onMaintenance) &&
          (reserved === undefined || h.reserved === reserved);
        const rows = listPage(s.hosts, query, match, sortValue, seqLookup(s, "host"));
        return c.json({ hosts: rows.map((h) => hostView(h, segment, microversion(c))) });
      },
    },
    {
      method: "GET",
      path: "/segments/:segment_id/hosts/:host_id",
      operation: "instance-ha.host.show",
      ...rule("detail"),
      handler: (c) => c.json({ host: view(c, findHost(deps.state(), segmentId(c), hostId(c))) }),
    },
    route({
      method: "PUT",
      path: "/segments/:segment_id/hosts/:host_id",
      operation: "instance-ha.host.update",
      ...rule("update"),
      schema: hostUpdateSchema,
      handler: (c, { host: body }) => {
        const host = deps.write(c, (s, ctx) =>
          updateHost(s, ctx, segmentId(c), hostId(c), {
            name: body.name,
            type: body.type,
            controlAttributes: body.control_attributes,
            reserved: body.reserved,
            onMaintenance: body.on_maintenance,
          }),
        );
        return c.json({ host: view(c, host) });
      },
    }),
    {
      method: "DELETE",
      path: "/segments/:segment_id/hosts/:host_id",
      operation: "instance-ha.host.delete",
      ...rule("delete"),
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteHost(s, ctx, segmentId(c), hostId(c)));
        return c.body(null, 204);
      },
    },
  ];
}

// Trunks (Neutron v2.0 /trunks): CRUD, PUT add_subports / remove_subports (answer: the trunk), GET
// get_subports (answer: {sub_ports}). A caller sees its project's trunks; admins all.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { isoSeconds } from "../../../kernel/time.js";
import type { NetworkingState } from "../state.js";
import type { SubPort, Trunk } from "../extension-state.js";
import { addSubPortsSchema, removeSubPortsSchema, trunkCreateSchema, trunkUpdateSchema } from "../schemas/trunks.js";
import { addSubPorts, createTrunk, deleteTrunk, removeSubPorts, trunkStatus, updateTrunk, visibleTrunk } from "../operations/trunks.js";
import { owns } from "../operations/common.js";
import { fieldsOf, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

const subPortView = (sub: SubPort) => ({ port_id: sub.portId, segmentation_type: sub.segmentationType, segmentation_id: sub.segmentationId });

export function trunkView(s: NetworkingState, t: Trunk) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    project_id: t.projectId,
    tenant_id: t.projectId,
    port_id: t.portId,
    admin_state_up: t.adminStateUp,
    status: trunkStatus(s, t),
    sub_ports: t.subPorts.map(subPortView),
    created_at: isoSeconds(t.createdAt),
    updated_at: isoSeconds(t.updatedAt),
    revision_number: t.revision,
    tags: t.tags,
  };
}

const subPortsOf = (subs: Array<{ port_id: string; segmentation_type: string; segmentation_id: number }>): SubPort[] =>
  subs.map((sub) => ({ portId: sub.port_id, segmentationType: sub.segmentation_type, segmentationId: sub.segmentation_id }));

export function trunkRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const member = "/v2.0/trunks/:trunk_id";
  const id = (c: Ctx) => c.req.param("trunk_id")!;
  return [
    {
      method: "GET",
      path: "/v2.0/trunks",
      operation: "networking.trunk.list",
      handler: (c) => {
        const s = deps.state();
        const caller = deps.caller(c);
        const views = (function* () {
          for (const t of scan(s.ext.trunks)) if (owns(caller, t)) yield trunkView(s, t);
        })();
        return c.json(listBody(c, "trunks", views, kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: "/v2.0/trunks",
      operation: "networking.trunk.create",
      schema: trunkCreateSchema,
      handler: (c, { trunk: b }) => {
        const trunk = deps.write(c, (s, ctx) =>
          createTrunk(s, ctx, {
            portId: b.port_id,
            name: b.name,
            description: b.description,
            adminStateUp: b.admin_state_up,
            projectId: b.project_id ?? b.tenant_id,
            tags: b.tags,
            subPorts: subPortsOf(b.sub_ports ?? []),
          }),
        );
        return c.json({ trunk: trunkView(deps.state(), trunk) }, 201);
      },
    }),
    {
      method: "GET",
      path: member,
      operation: "networking.trunk.show",
      handler: (c) => {
        const s = deps.state();
        return c.json({ trunk: selectFields(trunkView(s, visibleTrunk(s, deps.caller(c), id(c))), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: member,
      operation: "networking.trunk.update",
      schema: trunkUpdateSchema,
      handler: (c, { trunk: b }) => {
        const trunk = deps.write(c, (s, ctx) =>
          updateTrunk(s, ctx, visibleTrunk(s, ctx.caller, id(c)), { name: b.name, description: b.description, adminStateUp: b.admin_state_up }),
        );
        return c.json({ trunk: trunkView(deps.state(), trunk) });
      },
    }),
    {
      method: "DELETE",
      path: member,
      operation: "networking.trunk.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteTrunk(s, visibleTrunk(s, ctx.caller, id(c))));
        return c.body(null, 204);
      },
    },
    route({
      method: "PUT",
      path: `${member}/add_subports`,
      operation: "networking.trunk.add_subports",
      schema: addSubPortsSchema,
      handler: (c, b) => {
        const trunk = deps.write(c, (s, ctx) => addSubPorts(s, ctx, visibleTrunk(s, ctx.caller, id(c)), subPortsOf(b.sub_ports)));
        return c.json(trunkView(deps.state(), trunk));
      },
    }),
    route({
      method: "PUT",
      path: `${member}/remove_subports`,
      operation: "networking.trunk.remove_subports",
      schema: removeSubPortsSchema,
      handler: (c, b) => {
        const trunk = deps.write(c, (s, ctx) => removeSubPorts(s, ctx, visibleTrunk(s, ctx.caller, id(c)), b.sub_ports.map((sub) => sub.port_id)));
        return c.json(trunkView(deps.state(), trunk));
      },
    }),
    {
      method: "GET",
      path: `${member}/get_subports`,
      operation: "networking.trunk.get_subports",
      handler: (c) => c.json({ sub_ports: visibleTrunk(deps.state(), deps.caller(c), id(c)).subPorts.map(subPortView) }),
    },
  ];
}

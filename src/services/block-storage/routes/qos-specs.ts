// QoS specifications (Cinder v3 qos-specs, admin only; 403 for others): list, show, create (200, links at
// the top level of the body, as Cinder answers), update, delete (`force`), delete_keys, and the
// associations with volume types, which Cinder drives with GETs (associate, disassociate, disassociate_all).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { values } from "../../../kernel/store/table.js";
import {
  associate,
  associatedTypes,
  createQos,
  deleteQos,
  deleteQosKeys,
  disassociate,
  disassociateAll,
  qosSpec,
  updateQos,
} from "../operations/qos-specs.js";
import { queryBool } from "../schemas/parameter-types.js";
import { createQosBody, deleteKeysBody, updateQosBody } from "../schemas/qos-specs.js";
import type { QosSpec } from "../state.js";
import { resourceLinks } from "../views/links.js";
import type { BlockStorageDeps } from "./deps.js";

const view = (q: QosSpec) => ({ id: q.id, name: q.name, consumer: q.consumer, specs: q.specs });

export function qosSpecRoutes(deps: BlockStorageDeps): RouteDef[] {
  const id = (c: Ctx) => c.req.param("id")!;
  const withLinks = (c: Ctx, q: QosSpec) => ({ qos_specs: view(q), links: resourceLinks(c, "qos-specs", q.id) });
  const accepted = (c: Ctx) => c.body(null, 202);
  const admin = { policy: "admin" as const };
  return [
    { method: "GET", path: "/qos-specs", operation: "block-storage.qos_spec.list", ...admin, handler: (c) => c.json({ qos_specs: values(deps.state().qosSpecs).map(view) }) },
    route({
      method: "POST",
      path: "/qos-specs",
      operation: "block-storage.qos_spec.create",
      ...admin,
      schema: createQosBody,
      handler: (c, { qos_specs }) => {
        const created = deps.write(c, (s, ctx) => createQos(s, ctx, qos_specs));
        return c.json(withLinks(c, created));
      },
    }),
    { method: "GET", path: "/qos-specs/:id", operation: "block-storage.qos_spec.show", ...admin, handler: (c) => c.json(withLinks(c, qosSpec(deps.state(), id(c)))) },
    route({
      method: "PUT",
      path: "/qos-specs/:id",
      operation: "block-storage.qos_spec.update",
      ...admin,
      schema: updateQosBody,
      handler: (c, { qos_specs }) => {
        deps.write(c, (s) => updateQos(s, id(c), qos_specs));
        return c.json({ qos_specs });
      },
    }),
    {
      method: "DELETE",
      path: "/qos-specs/:id",
      operation: "block-storage.qos_spec.delete",
      ...admin,
      handler: (c) => {
        const force = queryBool(queryParam(c, "force") ?? "false") ?? false;
        deps.write(c, (s) => deleteQos(s, id(c), force));
        return accepted(c);
      },
    },
    route({
      method: "PUT",
      path: "/qos-specs/:id/delete_keys",
      operation: "block-storage.qos_spec.delete_keys",
      ...admin,
      schema: deleteKeysBody,
      handler: (c, { keys }) => {
        deps.write(c, (s) => deleteQosKeys(s, id(c), keys));
        return accepted(c);
      },
    }),
    {
      method: "GET",
      path: "/qos-specs/:id/associations",
      operation: "block-storage.qos_spec.associations",
      ...admin,
      handler: (c) => {
        qosSpec(deps.state(), id(c));
        const types = associatedTypes(deps.state(), id(c));
        return c.json({ qos_associations: types.map((t) => ({ association_type: "volume_type", name: t.name, id: t.id })) });
      },
    },
    {
      method: "GET",
      path: "/qos-specs/:id/associate",
      operation: "block-storage.qos_spec.associate",
      ...admin,
      handler: (c) => {
        deps.write(c, (s) => associate(s, id(c), queryParam(c, "vol_type_id")));
        return accepted(c);
      },
    },
    {
      method: "GET",
      path: "/qos-specs/:id/disassociate",
      operation: "block-storage.qos_spec.disassociate",
      ...admin,
      handler: (c) => {
        deps.write(c, (s) => disassociate(s, id(c), queryParam(c, "vol_type_id")));
        return accepted(c);
      },
    },
    {
      method: "GET",
      path: "/qos-specs/:id/disassociate_all",
      operation: "block-storage.qos_spec.disassociate_all",
      ...admin,
      handler: (c) => {
        deps.write(c, (s) => disassociateAll(s, id(c)));
        return accepted(c);
      },
    },
  ];
}

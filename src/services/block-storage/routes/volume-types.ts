// Volume types (Cinder v3 types, types_manage, types_extra_specs, volume_type_access): everyone lists and
// shows the types they may use; admins create, update and delete them, their extra specs and the projects a
// private type is shared with. Create answers 200 (not 201), delete 202, as Cinder does.

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { values, get } from "../../../kernel/store/table.js";
import { own } from "../../../kernel/own.js";
import { badRequest, extraSpecNotFound, volumeTypeNotFound } from "../errors.js";
import {
  accessList,
  addProjectAccess,
  canUseType,
  createType,
  deleteExtraSpec,
  deleteType,
  removeProjectAccess,
  setExtraSpecs,
  updateType,
  visibleType,
} from "../operations/volume-types.js";
import { queryBool } from "../schemas/parameter-types.js";
import { createTypeBody, extraSpecItemBody, extraSpecsBody, typeActionBody, updateTypeBody } from "../schemas/volume-types.js";
import { createdTypeView, typeView, updatedTypeView } from "../views/volume-types.js";
import type { BlockStorageDeps } from "./deps.js";
import { actionVariants } from "../../../kernel/http/variants.js";

export function volumeTypeRoutes(deps: BlockStorageDeps): RouteDef[] {
  const id = (c: Ctx) => c.req.param("id")!;
  const view = (c: Ctx, typeId: string) => c.json({ volume_type: typeView(deps.caller(c), visibleType(deps.state(), deps.caller(c), typeId)) });
  return [
    {
      method: "GET",
      path: "/types",
      operation: "block-storage.volume_type.list",
      handler: (c) => {
        const caller = deps.caller(c);
        rejectInvalidFilters(c, caller, "volume_type");
        // is_public (admins): true public only, false private only, anything else ("None", as the openstack
        // CLI sends it) all; users always see the public types and the private ones shared with them
        const raw = queryParam(c, "is_public");
        const isPublic = caller.isAdmin && raw !== undefined ? queryBool(raw) : undefined;
        const types = values(deps.state().volumeTypes).filter((t) => canUseType(caller, t) && (isPublic === undefined || t.isPublic === isPublic));
        return c.json({ volume_types: types.map((t) => typeView(caller, t)) });
      },
    },
    {
      method: "GET",
      path: "/types/default",
      operation: "block-storage.volume_type.default",
      handler: (c) => view(c, deps.state().defaultTypeId),
    },
    { method: "GET", path: "/types/:id", operation: "block-storage.volume_type.show", handler: (c) => view(c, id(c)) },
    route({
      method: "POST",
      path: "/types",
      operation: "block-storage.volume_type.create",
      policy: "admin",
      schema: createTypeBody,
      handler: (c, { volume_type: t }) => {
        const created = deps.write(c, (s, ctx) =>
          createType(s, ctx, { name: t.name, description: t.description, isPublic: t["os-volume-type-access:is_public"] ?? t.is_public, extraSpecs: t.extra_specs }),
        );
        return c.json({ volume_type: createdTypeView(created) });
      },
    }),
    route({
      method: "PUT",
      path: "/types/:id",
      operation: "block-storage.volume_type.update",
      policy: "admin",
      schema: updateTypeBody,
      handler: (c, { volume_type: t }) => {
        const updated = deps.write(c, (s) => updateType(s, id(c), { name: t.name ?? undefined, description: t.description, isPublic: t.is_public }));
        return c.json({ volume_type: updatedTypeView(updated) });
      },
    }),
    {
      method: "DELETE",
      path: "/types/:id",
      operation: "block-storage.volume_type.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteType(s, ctx, id(c)));
        return c.body(null, 202);
      },
    },
    {
      method: "GET",
      path: "/types/:id/extra_specs",
      operation: "block-storage.volume_type.extra_specs.list",
      policy: "admin",
      handler: (c) => {
        const type = get(deps.state().volumeTypes, id(c));
        if (!type) throw volumeTypeNotFound(id(c));
        return c.json({ extra_specs: type.extraSpecs });
      },
    },
    route({
      method: "POST",
      path: "/types/:id/extra_specs",
      operation: "block-storage.volume_type.extra_specs.update",
      policy: "admin",
      schema: extraSpecsBody,
      handler: (c, { extra_specs }) => {
        deps.write(c, (s) => setExtraSpecs(s, id(c), extra_specs));
        return c.json({ extra_specs });
      },
    }),
    {
      method: "GET",
      path: "/types/:id/extra_specs/:key",
      operation: "block-storage.volume_type.extra_specs.show",
      policy: "admin",
      handler: (c) => {
        const type = get(deps.state().volumeTypes, id(c));
        if (!type) throw volumeTypeNotFound(id(c));
        const key = c.req.param("key")!;
        const value = own(type.extraSpecs, key);
        if (value === undefined) throw extraSpecNotFound(id(c), key);
        return c.json({ [key]: value });
      },
    },
    route({
      method: "PUT",
      path: "/types/:id/extra_specs/:key",
      operation: "block-storage.volume_type.extra_specs.set",
      policy: "admin",
      schema: extraSpecItemBody,
      handler: (c, body) => {
        const key = c.req.param("key")!;
        const entries = Object.entries(body);
        if (entries.length !== 1) throw badRequest("Request body contains too many items.");
        if (entries[0]![0] !== key) throw badRequest("Request body and URI mismatch");
        deps.write(c, (s) => setExtraSpecs(s, id(c), body));
        return c.json(body);
      },
    }),
    {
      method: "DELETE",
      path: "/types/:id/extra_specs/:key",
      operation: "block-storage.volume_type.extra_specs.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteExtraSpec(s, id(c), c.req.param("key")!));
        return c.body(null, 202);
      },
    },
    {
      method: "GET",
      path: "/types/:id/os-volume-type-access",
      operation: "block-storage.volume_type.access.list",
      policy: "admin",
      handler: (c) => {
        const projects = accessList(deps.state(), id(c));
        return c.json({ volume_type_access: projects.map((p) => ({ volume_type_id: id(c), project_id: p })) });
      },
    },
    route({
      method: "POST",
      path: "/types/:id/action",
      operation: "block-storage.volume_type.action",
      variants: actionVariants("block-storage.volume_type.action", ["addProjectAccess", "removeProjectAccess"]),
      policy: "admin",
      schema: typeActionBody,
      handler: (c, body) => {
        deps.write(c, (s) =>
          "addProjectAccess" in body ? addProjectAccess(s, id(c), body.addProjectAccess.project) : removeProjectAccess(s, id(c), body.removeProjectAccess.project),
        );
        return c.body(null, 202);
      },
    }),
  ];
}

// Group types and their group specs (cinder/api/v3/group_types.py, group_specs.py), from 3.11 (a 404 before):
// admins write, everyone reads the public ones; group_specs are shown to admins only. No default group type
// is configured, as in a default Cinder (GET /group_types/default is 404).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { badRequest, invalidInput, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import * as ops from "../operations/group-types.js";
import { queryBool } from "../schemas/parameter-types.js";
import { createGroupSpecsBody, createGroupTypeBody, updateGroupSpecBody, updateGroupTypeBody } from "../schemas/group-types.js";
import type { GroupType } from "../state.js";
import type { BlockStorageDeps } from "./deps.js";

const GROUP_TYPE = 11;

export function groupTypeRoutes(deps: BlockStorageDeps): RouteDef[] {
  const admin = { policy: "admin" as const };
  const since = (c: Ctx) => {
    const v = microversion(c);
    if (v < GROUP_TYPE) throw itemNotFound(`API version 3.${v} is not supported on this method.`);
  };
  /** each route's handler after the microversion check (before it, a 404 whatever else is wrong) */
  const gated = <R extends RouteDef>(r: R): R => ({ ...r, handler: (c: Ctx, body: unknown) => (since(c), r.handler(c, body as never)) });
  const view = (c: Ctx, t: GroupType) => ({
    id: t.id, name: t.name, description: t.description, is_public: t.isPublic,
    ...(deps.caller(c).isAdmin ? { group_specs: { ...t.groupSpecs } } : {}),
  });
  const id = (c: Ctx) => c.req.param("id")!;
  const routes: RouteDef[] = [
    {
      method: "GET",
      path: "/group_types",
      operation: "block-storage.group_type.list",
      handler: (c) => {
        // Cinder's _parse_is_public: public ones unless asked; `None` for all
        const raw = queryParam(c, "is_public");
        const isPublic = raw === undefined ? true : raw.toLowerCase() === "none" ? undefined : queryBool(raw);
        if (raw !== undefined && raw.toLowerCase() !== "none" && isPublic === undefined) throw invalidInput(`Invalid is_public filter [${raw}]`);
        const types = ops.listGroupTypes(deps.state(), deps.caller(c), isPublic);
        return c.json({ group_types: types.map((t) => view(c, t)) });
      },
    },
    {
      method: "GET",
      path: "/group_types/:id",
      operation: "block-storage.group_type.show",
      handler: (c) => {
        if (id(c) === "default") throw itemNotFound("Default group type can not be found.");
        return c.json({ group_type: view(c, ops.visibleGroupType(deps.state(), deps.caller(c), id(c))) });
      },
    },
    route({
      method: "POST",
      path: "/group_types",
      operation: "block-storage.group_type.create",
      ...admin,
      schema: createGroupTypeBody,
      handler: (c, { group_type: b }) => {
        const made = deps.write(c, (s, ctx) => ({ ...ops.createGroupType(s, ctx, { name: b.name, description: b.description, isPublic: b.is_public, groupSpecs: b.group_specs }) }));
        return c.json({ group_type: view(c, made) }, 202);
      },
    }),
    route({
      method: "PUT",
      path: "/group_types/:id",
      operation: "block-storage.group_type.update",
      ...admin,
      schema: updateGroupTypeBody,
      handler: (c, { group_type: b }) => {
        const updated = deps.write(c, (s) => ({ ...ops.updateGroupType(s, id(c), { name: b.name ?? undefined, description: b.description, isPublic: b.is_public }) }));
        return c.json({ group_type: view(c, updated) });
      },
    }),
    {
      method: "DELETE",
      path: "/group_types/:id",
      operation: "block-storage.group_type.delete",
      ...admin,
      handler: (c) => {
        deps.write(c, (s) => ops.deleteGroupType(s, id(c)));
        return c.body(null, 202);
      },
    },
    {
      method: "GET",
      path: "/group_types/:id/group_specs",
      operation: "block-storage.group_spec.list",
      ...admin,
      handler: (c) => c.json({ group_specs: { ...ops.groupSpecsOf(deps.state(), id(c)) } }),
    },
    route({
      method: "POST",
      path: "/group_types/:id/group_specs",
      operation: "block-storage.group_spec.create",
      ...admin,
      schema: createGroupSpecsBody,
      handler: (c, { group_specs }) => {
        deps.write(c, (s) => ops.setGroupSpecs(s, id(c), group_specs));
        return c.json({ group_specs }, 202);
      },
    }),
    {
      method: "GET",
      path: "/group_types/:id/group_specs/:key",
      operation: "block-storage.group_spec.show",
      ...admin,
      handler: (c) => {
        const key = c.req.param("key")!;
        return c.json(Object.fromEntries([[key, ops.groupSpec(deps.state(), id(c), key)]]));
      },
    },
    route({
      method: "PUT",
      path: "/group_types/:id/group_specs/:key",
      operation: "block-storage.group_spec.update",
      ...admin,
      schema: updateGroupSpecBody,
      handler: (c, body) => {
        const key = c.req.param("key")!;
        if (Object.keys(body).length !== 1 || !Object.hasOwn(body, key)) throw badRequest("Request body and URI mismatch");
        deps.write(c, (s) => ops.setGroupSpecs(s, id(c), body));
        return c.json(body);
      },
    }),
    {
      method: "DELETE",
      path: "/group_types/:id/group_specs/:key",
      operation: "block-storage.group_spec.delete",
      ...admin,
      handler: (c) => {
        deps.write(c, (s) => ops.deleteGroupSpec(s, id(c), c.req.param("key")!));
        return c.body(null, 202);
      },
    },
  ];
  return routes.map(gated);
}

// Keystone v3 /roles: create, list (name and its __ filters, domain_id), show, update, delete. Admin only.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { roleCreateSchema, roleUpdateSchema } from "../schemas.js";
import { requireRole } from "../operations/directory.js";
import { addRole, deleteRole, listRoles, updateRole } from "../operations/roles.js";
import { roleView } from "../views-directory.js";
import type { Role } from "../state.js";
import { filterList, queryOf } from "../operations/list-filters.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function roleRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, r: Role) => ({ role: roleView(r, baseUrl(c)) });
  return [
    route({
      method: "POST",
      path: "/v3/roles",
      operation: "identity.role.create",
      schema: roleCreateSchema,
      policy: "admin",
      handler: (c, { role }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => addRole(s, ctx, kit.newId(), role))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/roles",
      operation: "identity.role.list",
      policy: "admin",
      handler: (c) => {
        // name, and Keystone's name__contains, __startswith, ... (list-filters.ts)
        const all = listRoles(deps.state(), { domainId: queryParam(c, "domain_id") });
        const roles = filterList(all, queryOf(c.req.url), ["name"], (r) => r.name);
        return listResponse(c, "roles", roles.map((r) => roleView(r, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: "/v3/roles/:roleId",
      operation: "identity.role.show",
      policy: "admin",
      handler: (c) => c.json(one(c, requireRole(deps.state(), param(c, "roleId")))),
    },
    route({
      method: "PATCH",
      path: "/v3/roles/:roleId",
      operation: "identity.role.update",
      schema: roleUpdateSchema,
      policy: "admin",
      handler: (c, { role }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => updateRole(s, ctx, param(c, "roleId"), role))));
      },
    }),
    {
      method: "DELETE",
      path: "/v3/roles/:roleId",
      operation: "identity.role.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteRole(s, ctx, param(c, "roleId")));
        return c.body(null, 204);
      },
    },
  ];
}

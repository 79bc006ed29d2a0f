// Keystone v3 implied roles: PUT/GET/HEAD/DELETE /roles/{prior}/implies/{implied}, GET /roles/{prior}/implies
// and GET /role_inferences. Admin only.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { checkImpliedRole, createImpliedRole, deleteImpliedRole, impliedBy, listInferences } from "../operations/implied-roles.js";
import { get } from "../../../kernel/store/table.js";
import type { Role } from "../state.js";
import { roleRefView } from "../views-groups.js";
import { param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const MEMBER = "/v3/roles/:priorId/implies/:impliedId";

export function impliedRoleRoutes(deps: IdentityDeps): RouteDef[] {
  const v3 = (c: Ctx) => `${baseUrl(c)}/identity/v3`;
  const one = (c: Ctx, prior: Role, implied: Role) => ({
    role_inference: { prior_role: roleRefView(prior, baseUrl(c)), implies: roleRefView(implied, baseUrl(c)) },
    links: { self: `${v3(c)}/roles/${prior.id}/implies/${implied.id}` },
  });
  return [
    {
      method: "PUT",
      path: MEMBER,
      operation: "identity.implied_role.create",
      policy: "admin",
      handler: (c) => {
        const [prior, implied] = [param(c, "priorId"), param(c, "impliedId")];
        deps.write(c, (s) => createImpliedRole(s, prior, implied));
        const found = checkImpliedRole(deps.state(), prior, implied);
        return c.json(one(c, found.prior, found.implied), 201);
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.implied_role.show",
      policy: "admin",
      handler: (c) => {
        const found = checkImpliedRole(deps.state(), param(c, "priorId"), param(c, "impliedId"));
        // HEAD answers 204 without a body, as Keystone's check_implied_role does
        if (c.req.method === "HEAD") return c.body(null, 204);
        return c.json(one(c, found.prior, found.implied));
      },
    },
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.implied_role.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteImpliedRole(s, param(c, "priorId"), param(c, "impliedId")));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v3/roles/:priorId/implies",
      operation: "identity.implied_role.list",
      policy: "admin",
      handler: (c) => {
        const { prior, implied } = impliedBy(deps.state(), param(c, "priorId"));
        return c.json({
          role_inference: { prior_role: roleRefView(prior, baseUrl(c)), implies: implied.map((r) => roleRefView(r, baseUrl(c))) },
          links: { self: `${v3(c)}/roles/${prior.id}/implies` },
        });
      },
    },
    {
      method: "GET",
      path: "/v3/role_inferences",
      operation: "identity.role_inference.list",
      policy: "admin",
      handler: (c) => {
        const s = deps.state();
        const role_inferences = listInferences(s).flatMap((rule) => {
          const prior = get(s.roles, rule.id);
          if (!prior) return [];
          const implies = rule.implied.map((id) => get(s.roles, id)).filter((r): r is Role => !!r);
          return [{ prior_role: roleRefView(prior, baseUrl(c)), implies: implies.map((r) => roleRefView(r, baseUrl(c))) }];
        });
        return c.json({ role_inferences, links: { self: `${v3(c)}/role_inferences`, previous: null, next: null } });
      },
    },
  ];
}

// Role grants (Keystone v3 PUT/HEAD/DELETE .../users/{u}/roles/{r} and GET .../users/{u}/roles) on a
// project, a domain or the system. Admin only. A group's grants and OS-INHERIT are in group-grants.ts,
// GET /role_assignments in role-assignments.ts.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { checkGrant, grantedRoles, grantRole, revokeRole } from "../operations/assignments.js";
import { roleView } from "../views-directory.js";
import type { AssignmentScope } from "../state.js";
import { listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export interface GrantTarget {
  prefix: string;
  scope(c: Ctx): AssignmentScope;
}

export const TARGETS: GrantTarget[] = [
  { prefix: "/v3/projects/:projectId", scope: (c) => ({ project: param(c, "projectId") }) },
  { prefix: "/v3/domains/:domainId", scope: (c) => ({ domain: param(c, "domainId") }) },
  { prefix: "/v3/system", scope: () => ({ system: "all" }) },
];

export function grantRoutes(deps: IdentityDeps): RouteDef[] {
  const routes: RouteDef[] = TARGETS.flatMap(({ prefix, scope }): RouteDef[] => [
    {
      method: "GET",
      path: `${prefix}/users/:userId/roles`,
      operation: "identity.grant.list",
      policy: "admin",
      handler: (c) => {
        const roles = grantedRoles(deps.state(), param(c, "userId"), scope(c));
        return listResponse(c, "roles", roles.map((r) => roleView(r, baseUrl(c))));
      },
    },
    {
      // HEAD reaches this route too: Hono answers HEAD with the GET route, without the body
      method: "GET",
      path: `${prefix}/users/:userId/roles/:roleId`,
      operation: "identity.grant.check",
      policy: "admin",
      handler: (c) => {
        checkGrant(deps.state(), param(c, "userId"), scope(c), param(c, "roleId"));
        return c.body(null, 204);
      },
    },
    {
      method: "PUT",
      path: `${prefix}/users/:userId/roles/:roleId`,
      operation: "identity.grant.create",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => grantRole(s, ctx, param(c, "userId"), scope(c), param(c, "roleId")));
        return c.body(null, 204);
      },
    },
    {
      method: "DELETE",
      path: `${prefix}/users/:userId/roles/:roleId`,
      operation: "identity.grant.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => revokeRole(s, ctx, param(c, "userId"), scope(c), param(c, "roleId")));
        return c.body(null, 204);
      },
    },
  ]);
  return routes;
}

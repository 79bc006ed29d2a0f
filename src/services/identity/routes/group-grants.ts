// A group's role grants (Keystone v3 .../groups/{g}/roles[/{r}] on a project, a domain or the system) and
// the OS-INHERIT grants (/v3/OS-INHERIT/{domains|projects}/{id}/{users|groups}/{id}/roles/{r}/inherited_to_projects).
// Admin only; HEAD reaches the GET routes. Keystone's policy calls every one of these writes create_grant.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import {
  checkGroupGrant, checkInherited, grantGroupRole, grantInherited, groupRoles, inheritedRoles, revokeGroupRole, revokeInherited,
} from "../operations/group-grants.js";
import type { IdentityState, Role } from "../state.js";
import type { Actor, InheritScope } from "../state-groups.js";
import { roleView } from "../views-directory.js";
import { listResponse, param } from "./directory-helpers.js";
import { TARGETS } from "./grants.js";
import type { IdentityDeps } from "./deps.js";

interface Grants {
  list(c: Ctx): Role[];
  check(c: Ctx): void;
  grant(s: IdentityState, c: Ctx): void;
  revoke(s: IdentityState, c: Ctx): void;
}

function routesFor(deps: IdentityDeps, collection: string, member: string, kind: string, g: Grants, withList: boolean): RouteDef[] {
  const routes: RouteDef[] = [
    {
      method: "GET",
      path: member,
      operation: "identity.grant.check",
      policy: "admin",
      handler: (c) => {
        g.check(c);
        return c.body(null, 204);
      },
    },
    {
      method: "PUT",
      path: member,
      operation: "identity.grant.create",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => g.grant(s, c));
        return c.body(null, 204);
      },
    },
    {
      method: "DELETE",
      path: member,
      operation: "identity.grant.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => g.revoke(s, c));
        return c.body(null, 204);
      },
    },
  ];
  if (withList) {
    routes.unshift({
      method: "GET",
      path: collection,
      operation: `identity.${kind}.list`,
      policy: "admin",
      handler: (c) => listResponse(c, "roles", g.list(c).map((r) => roleView(r, baseUrl(c)))),
    });
  }
  return routes;
}

export function groupGrantRoutes(deps: IdentityDeps): RouteDef[] {
  const s = () => deps.state();
  const direct = TARGETS.flatMap(({ prefix, scope }) => {
    const group = (c: Ctx) => param(c, "groupId");
    const role = (c: Ctx) => param(c, "roleId");
    return routesFor(deps, `${prefix}/groups/:groupId/roles`, `${prefix}/groups/:groupId/roles/:roleId`, "grant", {
      list: (c) => groupRoles(s(), group(c), scope(c)),
      check: (c) => checkGroupGrant(s(), group(c), scope(c), role(c)),
      grant: (draft, c) => grantGroupRole(draft, group(c), scope(c), role(c)),
      revoke: (draft, c) => revokeGroupRole(draft, group(c), scope(c), role(c)),
    }, true);
  });
  const inherited: RouteDef[] = [];
  const targets: Array<{ path: string; scope: (c: Ctx) => InheritScope; list: boolean }> = [
    { path: "/v3/OS-INHERIT/domains/:targetId", scope: (c) => ({ domain: param(c, "targetId") }), list: true },
    { path: "/v3/OS-INHERIT/projects/:targetId", scope: (c) => ({ project: param(c, "targetId") }), list: false },
  ];
  for (const t of targets) {
    for (const kind of ["users", "groups"] as const) {
      const actor = (c: Ctx): Actor => (kind === "users" ? { user: param(c, "actorId") } : { group: param(c, "actorId") });
      const base = `${t.path}/${kind}/:actorId/roles`;
      inherited.push(
        ...routesFor(deps, `${base}/inherited_to_projects`, `${base}/:roleId/inherited_to_projects`, "inherited_grant", {
          list: (c) => inheritedRoles(s(), actor(c), t.scope(c)),
          check: (c) => checkInherited(s(), actor(c), t.scope(c), param(c, "roleId")),
          grant: (draft, c) => grantInherited(draft, actor(c), t.scope(c), param(c, "roleId")),
          revoke: (draft, c) => revokeInherited(draft, actor(c), t.scope(c), param(c, "roleId")),
        }, t.list),
      );
    }
  }
  return [...direct, ...inherited];
}

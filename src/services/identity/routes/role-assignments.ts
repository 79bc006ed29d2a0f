// Keystone v3 GET /role_assignments: filters user.id, group.id, role.id, scope.project.id, scope.domain.id,
// scope.system, scope.OS-INHERIT:inherited_to, and effective, include_names, include_subtree. Admin only.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl } from "../../../kernel/http/context.js";
import { listRoleAssignments } from "../operations/role-assignments.js";
import { roleAssignmentRowView } from "../views-groups.js";
import { flagQuery, listResponse } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function roleAssignmentRoutes(deps: IdentityDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v3/role_assignments",
      operation: "identity.role_assignment.list",
      policy: "admin",
      handler: (c) => {
        const q = (key: string) => queryParam(c, key);
        const s = deps.state();
        const inheritedTo = q("scope.OS-INHERIT:inherited_to");
        const rows = listRoleAssignments(s, {
          userId: q("user.id"),
          groupId: q("group.id"),
          roleId: q("role.id"),
          projectId: q("scope.project.id"),
          domainId: q("scope.domain.id"),
          system: q("scope.system") !== undefined,
          inherited: inheritedTo === undefined ? undefined : inheritedTo === "projects",
          effective: flagQuery(c, "effective"),
          includeSubtree: flagQuery(c, "include_subtree"),
        });
        const names = flagQuery(c, "include_names");
        return listResponse(c, "role_assignments", rows.map((a) => roleAssignmentRowView(s, a, baseUrl(c), names)));
      },
    },
  ];
}

// Role grants on a project, a domain or the system (Keystone v3 .../users/{u}/roles/{r}) and the
// /role_assignments query. Every assignment here is direct: no groups, no inheritance.

import { filter, get } from "../../../kernel/store/table.js";
import { validationError } from "../errors.js";
import { assignmentId, rolesOn, type Assignment, type AssignmentScope, type IdentityState, type Role } from "../state.js";
import { assignmentNotFound, checkScope, requireRole, requireUser } from "./directory.js";

export { grantRole, revokeRole } from "./directory.js";

/** GET|HEAD .../users/{u}/roles/{r}: 204 when granted, 404 otherwise. */
export function checkGrant(s: IdentityState, userId: string, scope: AssignmentScope, roleId: string): void {
  requireUser(s, userId);
  requireRole(s, roleId);
  checkScope(s, scope);
  if (!get(s.assignments, assignmentId(userId, scope, roleId))) throw assignmentNotFound(userId, scope, roleId);
}

/** GET .../users/{u}/roles: the roles granted directly on the scope. */
export function grantedRoles(s: IdentityState, userId: string, scope: AssignmentScope): Role[] {
  requireUser(s, userId);
  checkScope(s, scope);
  return rolesOn(s, userId, scope).map((id) => get(s.roles, id)!);
}

export interface AssignmentFilter {
  userId?: string;
  roleId?: string;
  projectId?: string;
  domainId?: string;
  system?: boolean;
  /** group.id or OS-INHERIT asked for: we hold neither kind, so nothing matches */
  nothing?: boolean;
}

export function listAssignments(s: IdentityState, f: AssignmentFilter): Assignment[] {
  const scopes = [f.projectId, f.domainId, f.system || undefined].filter((v) => v !== undefined);
  if (scopes.length > 1) throw validationError("Specify a project, a domain or the system as scope, not more than one.");
  if (f.nothing) return [];
  return filter(s.assignments, (a) => {
    if (f.userId !== undefined && a.userId !== f.userId) return false;
    if (f.roleId !== undefined && a.roleId !== f.roleId) return false;
    if (f.projectId !== undefined) return "project" in a.scope && a.scope.project === f.projectId;
    if (f.domainId !== undefined) return "domain" in a.scope && a.scope.domain === f.domainId;
    if (f.system) return "system" in a.scope;
    return true;
  });
}

// A user's role grants on a project, a domain or the system (Keystone v3 .../users/{u}/roles/{r}). Removing
// one ends only the user's tokens that carried a role resting on it (effective-roles.ts), as Keystone revokes
// by user, scope and role.

import type { IdentityContext } from "./context.js";
import { get, put, remove, scan } from "../../../kernel/store/table.js";
import { assignmentId, type AssignmentScope, type IdentityState, type Role } from "../state.js";
import { assignmentNotFound, checkScope, requireRole, requireUser } from "./directory.js";
import { assertRoleFitsScope } from "./group-grants.js";

/** PUT .../users/{u}/roles/{r}: idempotent. */
export function grantRole(s: IdentityState, ctx: IdentityContext, userId: string, scope: AssignmentScope, roleId: string): void {
  requireUser(s, userId);
  const role = requireRole(s, roleId);
  checkScope(s, scope);
  assertRoleFitsScope(s, role, scope);
  const id = assignmentId(userId, scope, roleId);
  if (get(s.assignments, id)) return;
  put(s.assignments, { id, userId, roleId, scope });
  ctx.tx.emit("identity.role_assignment.created", { userId, roleId, scope });
}

/** DELETE .../users/{u}/roles/{r}. */
export function revokeRole(s: IdentityState, ctx: IdentityContext, userId: string, scope: AssignmentScope, roleId: string): void {
  checkGrant(s, userId, scope, roleId);
  remove(s.assignments, assignmentId(userId, scope, roleId));
  ctx.tx.emit("identity.role_assignment.deleted", { userId, roleId, scope });
}

/** GET|HEAD .../users/{u}/roles/{r}: 204 when granted, 404 otherwise. */
export function checkGrant(s: IdentityState, userId: string, scope: AssignmentScope, roleId: string): void {
  requireUser(s, userId);
  requireRole(s, roleId);
  checkScope(s, scope);
  if (!get(s.assignments, assignmentId(userId, scope, roleId))) throw assignmentNotFound(userId, scope, roleId);
}

/** GET .../users/{u}/roles: the roles granted to the user directly on the scope. */
export function grantedRoles(s: IdentityState, userId: string, scope: AssignmentScope): Role[] {
  requireUser(s, userId);
  checkScope(s, scope);
  const out: Role[] = [];
  for (const role of scan(s.roles)) if (get(s.assignments, assignmentId(userId, scope, role.id))) out.push(role);
  return out;
}

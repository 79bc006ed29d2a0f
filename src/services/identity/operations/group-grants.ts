// Group role grants on a project, a domain or the system (Keystone v3 .../groups/{g}/roles/{r}) and the
// OS-INHERIT grants of users and groups on a domain or a project (.../roles/{r}/inherited_to_projects).
// Removing one ends only the tokens whose roles rested on it (effective-roles.ts).

import { ApiError } from "../../../kernel/errors.js";
import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import { forbidden, validationError } from "../errors.js";
import { scopeKey, type AssignmentScope, type IdentityState, type Role } from "../state.js";
import { actorKey, type Actor, type InheritScope } from "../state-groups.js";
import { checkScope, requireGroup, requireRole, requireUser } from "./directory.js";

export const groupGrantId = (groupId: string, scope: AssignmentScope, roleId: string) => `${groupId}|${scopeKey(scope)}|${roleId}`;
export const inheritedGrantId = (actor: Actor, scope: InheritScope, roleId: string) => `${actorKey(actor)}|${scopeKey(scope)}|${roleId}`;

/** Keystone's RoleAssignmentNotFound. */
export function roleAssignmentNotFound(roleId: string, actorId: string, scope: AssignmentScope): ApiError {
  const target = "project" in scope ? scope.project : "domain" in scope ? scope.domain : "system";
  return new ApiError(
    404,
    "Not Found",
    `Could not find role assignment with role: ${roleId}, user or group: ${actorId}, project, domain, or system: ${target}.`,
  );
}

/**
 * A domain-specific role granted on a project must be the project's domain's (Keystone's
 * DomainSpecificRoleMismatch, 403); on a domain Keystone checks nothing; on the system it is refused (400).
 */
export function assertRoleFitsScope(s: IdentityState, role: Role, scope: AssignmentScope): void {
  if (role.domainId === null || "domain" in scope) return;
  if (!("project" in scope)) throw validationError(`Role ${role.id} is a domain-specific role. Unable to use a domain-specific role in a system assignment.`);
  if (get(s.projects, scope.project)?.domainId === role.domainId) return;
  throw forbidden(`Project ${scope.project} must be in the same domain as the role ${role.id} being assigned.`);
}

function requireActor(s: IdentityState, actor: Actor): string {
  if ("user" in actor) return requireUser(s, actor.user).id;
  return requireGroup(s, actor.group).id;
}

function checked(s: IdentityState, actor: Actor, scope: AssignmentScope, roleId: string): Role {
  requireActor(s, actor);
  const role = requireRole(s, roleId);
  checkScope(s, scope);
  return role;
}

// --- a group's grants ---

export function grantGroupRole(s: IdentityState, groupId: string, scope: AssignmentScope, roleId: string): void {
  const role = checked(s, { group: groupId }, scope, roleId);
  assertRoleFitsScope(s, role, scope);
  const id = groupGrantId(groupId, scope, roleId);
  if (!get(s.groupAssignments, id)) put(s.groupAssignments, { id, groupId, roleId, scope });
}

export function checkGroupGrant(s: IdentityState, groupId: string, scope: AssignmentScope, roleId: string): void {
  checked(s, { group: groupId }, scope, roleId);
  if (!get(s.groupAssignments, groupGrantId(groupId, scope, roleId))) throw roleAssignmentNotFound(roleId, groupId, scope);
}

export function revokeGroupRole(s: IdentityState, groupId: string, scope: AssignmentScope, roleId: string): void {
  checkGroupGrant(s, groupId, scope, roleId);
  remove(s.groupAssignments, groupGrantId(groupId, scope, roleId));
}

export function groupRoles(s: IdentityState, groupId: string, scope: AssignmentScope): Role[] {
  requireGroup(s, groupId);
  checkScope(s, scope);
  const out: Role[] = [];
  for (const role of scan(s.roles)) if (get(s.groupAssignments, groupGrantId(groupId, scope, role.id))) out.push(role);
  return out;
}

// --- OS-INHERIT grants ---

export function grantInherited(s: IdentityState, actor: Actor, scope: InheritScope, roleId: string): void {
  const role = checked(s, actor, scope, roleId);
  assertRoleFitsScope(s, role, scope);
  const id = inheritedGrantId(actor, scope, roleId);
  if (!get(s.inheritedAssignments, id)) put(s.inheritedAssignments, { id, actor, roleId, scope });
}

export function checkInherited(s: IdentityState, actor: Actor, scope: InheritScope, roleId: string): void {
  checked(s, actor, scope, roleId);
  if (!get(s.inheritedAssignments, inheritedGrantId(actor, scope, roleId))) {
    throw roleAssignmentNotFound(roleId, "user" in actor ? actor.user : actor.group, scope);
  }
}

export function revokeInherited(s: IdentityState, actor: Actor, scope: InheritScope, roleId: string): void {
  checkInherited(s, actor, scope, roleId);
  remove(s.inheritedAssignments, inheritedGrantId(actor, scope, roleId));
}

export function inheritedRoles(s: IdentityState, actor: Actor, scope: InheritScope): Role[] {
  requireActor(s, actor);
  checkScope(s, scope);
  const out: Role[] = [];
  for (const role of scan(s.roles)) if (get(s.inheritedAssignments, inheritedGrantId(actor, scope, role.id))) out.push(role);
  return out;
}

/** Every group and inherited grant naming a role, for the role's delete. */
export function dropRoleGrants(s: IdentityState, roleId: string): void {
  for (const a of filter(s.groupAssignments, (a) => a.roleId === roleId)) remove(s.groupAssignments, a.id);
  for (const a of filter(s.inheritedAssignments, (a) => a.roleId === roleId)) remove(s.inheritedAssignments, a.id);
}

/** Every group and inherited grant on a project or domain, for its delete (a per-project reset too). */
export function dropTargetGrants(s: IdentityState, scope: InheritScope): void {
  const key = scopeKey(scope);
  for (const a of filter(s.groupAssignments, (a) => scopeKey(a.scope) === key)) remove(s.groupAssignments, a.id);
  for (const a of filter(s.inheritedAssignments, (a) => scopeKey(a.scope) === key)) remove(s.inheritedAssignments, a.id);
}

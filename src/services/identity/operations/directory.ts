// Creating domains, projects, users and roles, and granting roles: the rules shared by the admin API and
// the seed loader (uniqueness per scope, references that must exist), plus the helpers the per-resource
// operations share (lookups that 404, the name index on rename, removing assignments). No HTTP in here.

import type { IdentityContext } from "./context.js";
import type { ApiError } from "../../../kernel/errors.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove } from "../../../kernel/store/table.js";
import { conflict, notFound } from "../errors.js";
import { hashSecret } from "../secrets.js";
import {
  assignmentId, findByName, nameKey, scopeKey,
  type Assignment, type AssignmentScope, type Domain, type IdentityState, type Project, type Role, type User,
} from "../state.js";
import type { Group } from "../state-groups.js";

export function requireDomain(s: IdentityState, id: string): Domain {
  const domain = get(s.domains, id);
  if (!domain) throw notFound("domain", id);
  return domain;
}

export function requireProject(s: IdentityState, id: string): Project {
  const project = get(s.projects, id);
  if (!project) throw notFound("project", id);
  return project;
}

export function requireUser(s: IdentityState, id: string): User {
  const user = get(s.users, id);
  if (!user) throw notFound("user", id);
  return user;
}

export function requireRole(s: IdentityState, id: string): Role {
  const role = get(s.roles, id);
  if (!role) throw notFound("role", id);
  return role;
}

export function requireGroup(s: IdentityState, id: string): Group {
  const group = get(s.groups, id);
  if (!group) throw notFound("group", id);
  return group;
}

/** Moves a row's entry in the name index from `from` to `to`; a name another row holds is a conflict. */
export function renameKey(s: IdentityState, from: string, to: string, id: string, duplicate: () => ApiError): void {
  if (from === to) return;
  const holder = dictGet(s.names, to);
  if (holder !== undefined && holder !== id) throw duplicate();
  dictDelete(s.names, from);
  dictSet(s.names, to, id);
}

/**
 * Removes the assignments given (`which`: a test every grant is put to, or the grants themselves, read from
 * an index); returns the ids of the users who lost one.
 */
export function removeAssignments(s: IdentityState, ctx: Pick<IdentityContext, "tx">, which: ((a: Assignment) => boolean) | Iterable<Assignment>): Set<string> {
  const users = new Set<string>();
  for (const a of typeof which === "function" ? filter(s.assignments, which) : Array.from(which)) {
    remove(s.assignments, a.id);
    users.add(a.userId);
    ctx.tx.emit("identity.role_assignment.deleted", { userId: a.userId, roleId: a.roleId, scope: a.scope });
  }
  return users;
}

export function createDomain(s: IdentityState, ctx: Pick<IdentityContext, "tx">, d: Domain): Domain {
  if (get(s.domains, d.id)) throw conflict("domain", `Duplicate ID, ${d.id}`);
  if (findByName(s, s.domains, nameKey.domain(d.name))) throw conflict("domain", `Duplicate entry found with name ${d.name}`);
  put(s.domains, d);
  dictSet(s.names, nameKey.domain(d.name), d.id);
  ctx.tx.emit("identity.domain.created", { id: d.id, name: d.name });
  return d;
}

export function createProject(s: IdentityState, ctx: Pick<IdentityContext, "tx">, p: Project): Project {
  if (!get(s.domains, p.domainId)) throw notFound("domain", p.domainId);
  if (p.parentId !== null && p.parentId !== p.domainId && !get(s.projects, p.parentId)) throw notFound("project", p.parentId);
  if (get(s.projects, p.id)) throw conflict("project", `Duplicate ID, ${p.id}`);
  if (findByName(s, s.projects, nameKey.project(p.domainId, p.name))) {
    throw conflict("project", `Duplicate entry found with name ${p.name} at domain ID ${p.domainId}`);
  }
  put(s.projects, p);
  dictSet(s.names, nameKey.project(p.domainId, p.name), p.id);
  ctx.tx.emit("identity.project.created", { id: p.id, name: p.name, domainId: p.domainId });
  return p;
}

export interface NewUser extends Omit<User, "passwordHash" | "tokenEpoch"> {
  password: string | null;
}

export function createUser(s: IdentityState, ctx: Pick<IdentityContext, "tx">, u: NewUser, salt: string): User {
  if (!get(s.domains, u.domainId)) throw notFound("domain", u.domainId);
  if (u.defaultProjectId !== null && !get(s.projects, u.defaultProjectId)) throw notFound("project", u.defaultProjectId);
  if (get(s.users, u.id)) throw conflict("user", `Duplicate ID, ${u.id}`);
  if (findByName(s, s.users, nameKey.user(u.domainId, u.name))) {
    throw conflict("user", `Duplicate entry found with name ${u.name} at domain ID ${u.domainId}`);
  }
  const { password, ...rest } = u;
  const user: User = { ...rest, passwordHash: password === null ? null : hashSecret(password, salt), tokenEpoch: 0 };
  put(s.users, user);
  dictSet(s.names, nameKey.user(u.domainId, u.name), u.id);
  ctx.tx.emit("identity.user.created", { id: u.id, name: u.name, domainId: u.domainId });
  return user;
}

export function createRole(s: IdentityState, ctx: Pick<IdentityContext, "tx">, r: Role): Role {
  if (get(s.roles, r.id)) throw conflict("role", `Duplicate ID, ${r.id}`);
  if (findByName(s, s.roles, nameKey.role(r.name))) throw conflict("role", `Duplicate entry found with name ${r.name}`);
  put(s.roles, r);
  dictSet(s.names, nameKey.role(r.name), r.id);
  ctx.tx.emit("identity.role.created", { id: r.id, name: r.name });
  return r;
}

export function assignmentNotFound(userId: string, scope: AssignmentScope, roleId: string): ApiError {
  return notFound("role assignment", `role ${roleId}, user ${userId}, ${scopeKey(scope)}`);
}

export function checkScope(s: IdentityState, scope: AssignmentScope): void {
  if ("project" in scope && !get(s.projects, scope.project)) throw notFound("project", scope.project);
  if ("domain" in scope && !get(s.domains, scope.domain)) throw notFound("domain", scope.domain);
}

/** PUT .../users/{u}/roles/{r}: idempotent. */
export function grantRole(s: IdentityState, ctx: Pick<IdentityContext, "tx">, userId: string, scope: AssignmentScope, roleId: string): void {
  if (!get(s.users, userId)) throw notFound("user", userId);
  if (!get(s.roles, roleId)) throw notFound("role", roleId);
  checkScope(s, scope);
  const id = assignmentId(userId, scope, roleId);
  if (get(s.assignments, id)) return;
  put(s.assignments, { id, userId, roleId, scope });
  ctx.tx.emit("identity.role_assignment.created", { userId, roleId, scope });
}


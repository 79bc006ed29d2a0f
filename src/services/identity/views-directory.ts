// Keystone v3 wire shapes of domains, projects, users, roles and role assignments.

import { get } from "../../kernel/store/table.js";
import type { Assignment, Domain, IdentityState, Project, Role, User } from "./state.js";

export function domainView(d: Domain, base: string) {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    enabled: d.enabled,
    tags: [],
    options: {},
    links: { self: `${base}/identity/v3/domains/${d.id}` },
  };
}

export function projectView(p: Project, base: string) {
  return {
    id: p.id,
    name: p.name,
    domain_id: p.domainId,
    description: p.description,
    enabled: p.enabled,
    is_domain: false,
    // a top-level project's parent is its domain, as Keystone reports it
    parent_id: p.parentId ?? p.domainId,
    tags: p.tags,
    options: {},
    links: { self: `${base}/identity/v3/projects/${p.id}` },
  };
}

export function userView(u: User, base: string) {
  const view: Record<string, unknown> = {
    id: u.id,
    name: u.name,
    domain_id: u.domainId,
    enabled: u.enabled,
    password_expires_at: null,
    options: {},
    links: { self: `${base}/identity/v3/users/${u.id}` },
  };
  if (u.defaultProjectId) view.default_project_id = u.defaultProjectId;
  if (u.description !== null) view.description = u.description;
  if (u.email !== null) view.email = u.email;
  return view;
}

export function roleView(r: Role, base: string) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    domain_id: r.domainId,
    options: {},
    links: { self: `${base}/identity/v3/roles/${r.id}` },
  };
}

function named(d: Domain | undefined, id: string) {
  return { id, name: d?.name ?? null };
}

/** The grant's own URL: where a client would HEAD or DELETE it. */
export function assignmentUrl(a: Assignment, base: string): string {
  const target = "project" in a.scope ? `projects/${a.scope.project}` : "domain" in a.scope ? `domains/${a.scope.domain}` : "system";
  return `${base}/identity/v3/${target}/users/${a.userId}/roles/${a.roleId}`;
}

/**
 * One /role_assignments item. With include_names the role, user and scope carry names and their domains
 * as well (OSC prints `user@domain`); a global role has no `domain` key.
 */
export function roleAssignmentView(s: IdentityState, a: Assignment, base: string, includeNames: boolean) {
  let role: Record<string, unknown> = { id: a.roleId };
  let user: Record<string, unknown> = { id: a.userId };
  let scope: Record<string, unknown>;
  if ("system" in a.scope) scope = { system: { all: true } };
  else if ("domain" in a.scope) scope = { domain: { id: a.scope.domain } };
  else scope = { project: { id: a.scope.project } };
  if (includeNames) {
    const r = get(s.roles, a.roleId);
    role = { id: a.roleId, name: r?.name ?? null };
    if (r?.domainId) role.domain = named(get(s.domains, r.domainId), r.domainId);
    const u = get(s.users, a.userId);
    user = { id: a.userId, name: u?.name ?? null, domain: u ? named(get(s.domains, u.domainId), u.domainId) : null };
    if ("domain" in a.scope) scope = { domain: named(get(s.domains, a.scope.domain), a.scope.domain) };
    else if ("project" in a.scope) {
      const p = get(s.projects, a.scope.project);
      scope = {
        project: { id: a.scope.project, name: p?.name ?? null, domain: p ? named(get(s.domains, p.domainId), p.domainId) : null },
      };
    }
  }
  return { role, user, scope, links: { assignment: assignmentUrl(a, base) } };
}

// Keystone v3 wire shapes of domains, projects, users, roles and role assignments.

import type { Domain, Project, Role, User } from "./state.js";
import type { UserRecord } from "./directory-state.js";
import { passwordExpiresAt } from "./operations/user-records.js";

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

/** A project; a domain seen as the project acting as it has no domain and no parent. */
export function projectView(p: Project & { isDomain?: true }, base: string) {
  return {
    id: p.id,
    name: p.name,
    domain_id: p.isDomain ? null : p.domainId,
    description: p.description,
    enabled: p.enabled,
    is_domain: p.isDomain === true,
    // a top-level project's parent is its domain, as Keystone reports it
    parent_id: p.isDomain ? null : (p.parentId ?? p.domainId),
    tags: [...p.tags],
    options: {},
    links: { self: `${base}/identity/v3/projects/${p.id}` },
  };
}

/** A user as Keystone shows it: its extra attributes as top-level keys, its options, its password expiry. */
export function userView(u: User, base: string, rec?: UserRecord) {
  const view: Record<string, unknown> = { ...(rec?.extra ?? {}) };
  Object.assign(view, {
    id: u.id,
    name: u.name,
    domain_id: u.domainId,
    enabled: u.enabled,
    password_expires_at: passwordExpiresAt(rec),
    options: { ...(rec?.options ?? {}) },
    links: { self: `${base}/identity/v3/users/${u.id}` },
  });
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



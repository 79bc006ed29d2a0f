// Keystone v3 wire shapes of domains, projects, users, roles and role assignments.

import type { Domain, Project, Role, User } from "./state.js";

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

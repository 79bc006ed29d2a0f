// Identity's resource kinds as the control API lists them and the dashboard shows them: domains, projects
// (a tenant's teardown and a snapshot import ask which exist), users, role assignments and application
// credentials. A detail never holds a password hash or a credential's secret (or its hash).

import { plainDetail, resourceKind } from "../../kernel/resources.js";
import { get } from "../../kernel/store/table.js";
import { SLICE, type Assignment, type IdentityState } from "./state.js";

const slice = (root: Readonly<Record<string, unknown>>) => root[SLICE] as IdentityState;

/** An assignment's scope as a person reads it, with the names of what it points at. */
function scopeOf(s: IdentityState, { scope }: Assignment): Record<string, unknown> {
  if ("project" in scope) return { project: { id: scope.project, name: get(s.projects, scope.project)?.name ?? null } };
  if ("domain" in scope) return { domain: { id: scope.domain, name: get(s.domains, scope.domain)?.name ?? null } };
  return { system: scope.system };
}

const assignmentProject = ({ scope }: Assignment) => ("project" in scope ? scope.project : null);

export const identityResources = [
  resourceKind({
    type: "identity.domain",
    table: (s: IdentityState) => s.domains,
    summary: (d) => ({ id: d.id, name: d.name, enabled: d.enabled }),
    detail: (d) => plainDetail(d),
  }),
  resourceKind({
    type: "identity.project",
    table: (s: IdentityState) => s.projects,
    projectOf: (p) => p.id,
    summary: (p) => ({ id: p.id, name: p.name, domainId: p.domainId }),
    detail: (p, root) => ({ ...plainDetail(p), domainName: get(slice(root).domains, p.domainId)?.name ?? null }),
  }),
  resourceKind({
    type: "identity.user",
    table: (s: IdentityState) => s.users,
    projectOf: (u) => u.defaultProjectId,
    summary: (u) => ({ id: u.id, name: u.name, domainId: u.domainId, defaultProjectId: u.defaultProjectId }),
    // the password's hash stays in the state
    detail: (u) => plainDetail(u, ["passwordHash", "tokenEpoch"]),
  }),
  resourceKind({
    type: "identity.role-assignment",
    table: (s: IdentityState) => s.assignments,
    projectOf: assignmentProject,
    summary: (a) => ({ id: a.id, userId: a.userId, roleId: a.roleId, projectId: assignmentProject(a) }),
    detail: (a, root) => {
      const s = slice(root);
      return { user: { id: a.userId, name: get(s.users, a.userId)?.name ?? null }, role: { id: a.roleId, name: get(s.roles, a.roleId)?.name ?? null }, scope: scopeOf(s, a) };
    },
  }),
  resourceKind({
    type: "identity.application-credential",
    table: (s: IdentityState) => s.appCredentials,
    projectOf: (c) => c.projectId,
    summary: (c) => ({ id: c.id, name: c.name, userId: c.userId, projectId: c.projectId }),
    // the secret is shown once, by the create; its hash stays in the state
    detail: (c, root) => {
      const s = slice(root);
      return { ...plainDetail(c, ["secretHash", "roleIds"]), roles: c.roleIds.map((id) => ({ id, name: get(s.roles, id)?.name ?? null })) };
    },
  }),
];

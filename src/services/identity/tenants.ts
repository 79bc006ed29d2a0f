// Identity's part of a tenant (POST /_emulator/tenants) and of a per-project reset: give a tenant its
// project, member user and role grant; drop a project the seed world lacks, with the users made for it.

import { ApiError } from "../../kernel/errors.js";
import type { NewTenant, TenantHooks } from "../../kernel/service.js";
import type { Tx } from "../../kernel/store/store.js";
import { filter, find, get, remove, scan } from "../../kernel/store/table.js";
import { findByName, nameKey, type IdentityState } from "./state.js";
import type { IdentityContext } from "./operations/context.js";
import { createProject, createUser, grantRole } from "./operations/directory.js";
import { deleteProject } from "./operations/projects.js";
import { deleteUser } from "./operations/users.js";

const DOMAIN = "default";

export const identityTenants: TenantHooks<IdentityState> = {
  setUp(s, t, ctx) {
    const made = createTenantIdentity(s, ctx, t);
    t.made.project = made.project;
    t.made.user = made.user;
    t.domainName = made.domainName;
  },
  dropProject: dropUnseededProject,
};

/** The project, its user (default project: it) and the role on it. Keystone's 409 on a name taken. */
function createTenantIdentity(s: IdentityState, ctx: Pick<IdentityContext, "tx">, t: NewTenant) {
  const domain = get(s.domains, DOMAIN);
  if (!domain) throw new ApiError(400, undefined, "The world has no `default` domain to make tenants in.");
  const role = findByName(s, s.roles, nameKey.role(t.roleName));
  if (!role) {
    const roles = Array.from(scan(s.roles), (r) => r.name).join(", ");
    throw new ApiError(400, undefined, `No role named ${t.roleName}. Roles: ${roles || "none"}.`);
  }
  createProject(s, ctx, { id: t.projectId, name: t.projectName, domainId: DOMAIN, description: "A tenant (POST /_emulator/tenants)", enabled: true, parentId: null, tags: [] });
  createUser(
    s,
    ctx,
    { id: t.userId, name: t.userName, domainId: DOMAIN, password: t.password, enabled: true, defaultProjectId: t.projectId, description: null, email: null },
    t.salt,
  );
  grantRole(s, ctx, t.userId, { project: t.projectId }, role.id);
  return { project: { id: t.projectId, name: t.projectName, domainId: DOMAIN }, user: { id: t.userId, name: t.userName }, domainName: domain.name };
}

/**
 * A project the seed world does not have goes entirely: the project, the role assignments on it, tokens
 * scoped to it, and the users made for it (not seeded, default project this one, no role anywhere else)
 * with their tokens. A project with child projects stays (Keystone deletes only leaves). Returns the ids of
 * the users removed; nothing when the project is seeded or absent.
 */
function dropUnseededProject(s: IdentityState, seeded: IdentityState, projectId: string, tx: Tx): string[] {
  if (get(seeded.projects, projectId) || !get(s.projects, projectId)) return [];
  if (find(s.projects, (p) => p.parentId === projectId)) return [];
  const onOtherScope = (userId: string) =>
    find(s.assignments, (a) => a.userId === userId && !("project" in a.scope && a.scope.project === projectId)) !== undefined;
  const users = filter(s.users, (u) => u.defaultProjectId === projectId && !get(seeded.users, u.id) && !onOtherScope(u.id)).map((u) => u.id);
  const gone = new Set(users);
  for (const token of filter(s.tokens, (t) => gone.has(t.userId) || (t.scope.kind === "project" && t.scope.projectId === projectId))) {
    remove(s.tokens, token.id);
  }
  for (const id of users) deleteUser(s, { tx }, id);
  deleteProject(s, { tx }, projectId);
  return users;
}

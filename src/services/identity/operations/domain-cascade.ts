// Keystone's domain delete under `--profile upstream`: a disabled domain goes with everything it owns (its
// projects, leaves first, its users, groups and domain-specific roles), as Keystone's delete callbacks do. The
// spec profile refuses a domain that still owns something instead (domains.ts), so nothing goes by surprise.

import { filter, get } from "../../../kernel/store/table.js";
import type { IdentityState } from "../state.js";
import type { IdentityContext } from "./context.js";
import { forbidden } from "../errors.js";
import { requireDomain } from "./directory.js";
import { deleteDomain } from "./domains.js";
import { deleteProject } from "./projects.js";
import { deleteUser } from "./users.js";
import { deleteRole } from "./roles.js";

export function deleteDomainCascade(s: IdentityState, ctx: IdentityContext, id: string): void {
  const domain = requireDomain(s, id);
  if (domain.enabled) throw forbidden("Cannot delete a domain that is enabled, please disable it first.");
  const projects = filter(s.projects, (p) => p.domainId === id);
  // deepest first, so every project is a leaf when its turn comes
  const depth = new Map<string, number>();
  const depthOf = (projectId: string): number => {
    const known = depth.get(projectId);
    if (known !== undefined) return known;
    const parent = get(s.projects, projectId)?.parentId;
    const d = parent && parent !== id && get(s.projects, parent) ? depthOf(parent) + 1 : 0;
    depth.set(projectId, d);
    return d;
  };
  for (const p of projects.sort((a, b) => depthOf(b.id) - depthOf(a.id))) deleteProject(s, ctx, p.id);
  for (const u of filter(s.users, (u) => u.domainId === id)) deleteUser(s, ctx, u.id);
  for (const r of filter(s.roles, (r) => r.domainId === id)) deleteRole(s, ctx, r.id);
  deleteDomain(s, ctx, id);
}

// Keystone v3 wire shapes of groups, implied-role rules and /role_assignments items (the links Keystone's
// role_assignments API builds: the grant's own URL, the membership behind an effective row, the prior role).

import { get } from "../../kernel/store/table.js";
import type { Domain, IdentityState, Role } from "./state.js";
import type { Group } from "./state-groups.js";
import { isInherited, type AssignmentRow } from "./operations/role-assignments.js";

const v3 = (base: string) => `${base}/identity/v3`;

export function groupView(g: Group, base: string) {
  return { ...g.extra, id: g.id, name: g.name, domain_id: g.domainId, description: g.description, links: { self: `${v3(base)}/groups/${g.id}` } };
}

export function roleRefView(r: Role, base: string) {
  return { id: r.id, links: { self: `${v3(base)}/roles/${r.id}` }, name: r.name };
}

function named(d: Domain | undefined, id: string) {
  return { id, name: d?.name ?? null };
}

/** The path (below /v3) of the grant an assignment row comes from, as Keystone's _format_entity builds it. */
function assignmentPath(a: AssignmentRow): string {
  let path: string;
  let inherited = a.inherited;
  if (a.indirect?.domainId !== undefined) {
    inherited = true;
    path = `/domains/${a.indirect.domainId}`;
  } else if (a.indirect?.projectId !== undefined) {
    inherited = true;
    path = `/projects/${a.indirect.projectId}`;
  } else if ("project" in a.scope) path = `/projects/${a.scope.project}`;
  else if ("domain" in a.scope) path = `/domains/${a.scope.domain}`;
  else path = "/system";
  const groupId = a.groupId ?? a.indirect?.groupId;
  path += groupId !== undefined ? `/groups/${groupId}` : `/users/${a.userId}`;
  path += `/roles/${a.indirect?.roleId ?? a.roleId}`;
  return inherited ? `/OS-INHERIT${path}/inherited_to_projects` : path;
}

/** One /role_assignments item; with include_names the actor, role and scope carry names and domains. */
export function roleAssignmentRowView(s: IdentityState, a: AssignmentRow, base: string, includeNames: boolean) {
  const item: Record<string, unknown> = {};
  let scope: Record<string, unknown>;
  if ("system" in a.scope) scope = { system: { all: true } };
  else if ("domain" in a.scope) {
    scope = { domain: includeNames ? named(get(s.domains, a.scope.domain), a.scope.domain) : { id: a.scope.domain } };
  } else {
    const p = get(s.projects, a.scope.project);
    scope = {
      project: includeNames
        ? { id: a.scope.project, name: p?.name ?? null, domain: p ? named(get(s.domains, p.domainId), p.domainId) : null }
        : { id: a.scope.project },
    };
  }
  if (isInherited(a)) scope["OS-INHERIT:inherited_to"] = "projects";
  item.scope = scope;
  if (a.userId !== undefined) {
    const u = get(s.users, a.userId);
    item.user = includeNames ? { id: a.userId, name: u?.name ?? null, domain: u ? named(get(s.domains, u.domainId), u.domainId) : null } : { id: a.userId };
  } else {
    const g = get(s.groups, a.groupId!);
    item.group = includeNames ? { id: a.groupId, name: g?.name ?? null, domain: g ? named(get(s.domains, g.domainId), g.domainId) : null } : { id: a.groupId };
  }
  const r = get(s.roles, a.roleId);
  const role: Record<string, unknown> = includeNames ? { id: a.roleId, name: r?.name ?? null } : { id: a.roleId };
  if (includeNames && r?.domainId) role.domain = named(get(s.domains, r.domainId), r.domainId);
  item.role = role;
  const links: Record<string, string> = { assignment: `${v3(base)}${assignmentPath(a)}` };
  if (a.userId !== undefined && a.indirect?.groupId !== undefined) links.membership = `${v3(base)}/groups/${a.indirect.groupId}/users/${a.userId}`;
  // Keystone names the rule with the rows' roles the other way round: /prior_role/{implied}/implies/{prior}
  if (a.indirect?.roleId !== undefined) links.prior_role = `${v3(base)}/prior_role/${a.roleId}/implies/${a.indirect.roleId}`;
  item.links = links;
  return item;
}

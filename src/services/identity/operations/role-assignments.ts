// GET /v3/role_assignments (Keystone's assignment list): user, group and OS-INHERIT grants, and with
// `effective` what they amount to per user and project (group grants per member, inherited grants per
// project below their target, implied roles), the way keystone/assignment/core.py expands them.

import { get, mergeInOrder, scan, scanGroup } from "../../../kernel/store/table.js";
import { validationError } from "../errors.js";
import { groupsOfUser, inheritanceSources, type AssignmentScope, type IdentityState } from "../state.js";

/** One row of the listing, before rendering; `indirect` says where an effective row came from. */
export interface AssignmentRow {
  userId?: string;
  groupId?: string;
  roleId: string;
  scope: AssignmentScope;
  /** an OS-INHERIT grant itself (not effective mode) */
  inherited: boolean;
  indirect?: { groupId?: string; domainId?: string; projectId?: string; roleId?: string };
}

export interface AssignmentQuery {
  userId?: string;
  groupId?: string;
  roleId?: string;
  projectId?: string;
  domainId?: string;
  system?: boolean;
  /** scope.OS-INHERIT:inherited_to given: true when it says `projects` (only inherited grants) */
  inherited?: boolean;
  effective: boolean;
  includeSubtree: boolean;
}

/** The projects whose ancestry includes `projectId` (not itself). */
function subtreeOf(s: IdentityState, projectId: string): string[] {
  const out: string[] = [];
  for (const p of scan(s.projects)) {
    if (p.id !== projectId && inheritanceSources(s, p.id).some((src) => "project" in src && src.project === projectId)) out.push(p.id);
  }
  return out;
}

function projectsBelow(s: IdentityState, scope: { project: string } | { domain: string }): string[] {
  if ("project" in scope) return subtreeOf(s, scope.project);
  const out: string[] = [];
  for (const p of scan(s.projects)) if (p.domainId === scope.domain) out.push(p.id);
  return out;
}

function membersOf(s: IdentityState, groupId: string): string[] {
  const out: string[] = [];
  for (const m of scan(s.memberships)) if (m.groupId === groupId) out.push(m.userId);
  return out;
}

/** the most projects whose groups are merged; a wider subtree reads the whole table (a merge costs rows × groups) */
const MERGED_PROJECTS = 16;

/**
 * Every grant as it is stored: user grants, group grants, then OS-INHERIT grants. With `userId` (a user
 * filter) only what can reach that user: the user's own grants (read from their group of the table, whatever
 * other users hold) and the grants of the user's groups. With `projects` (a project filter, not effective)
 * the user grants are only those on these projects, read from each project's group in creation order.
 */
function storedRows(s: IdentityState, userId?: string, projects?: ReadonlySet<string>): AssignmentRow[] {
  const rows: AssignmentRow[] = [];
  const own =
    userId !== undefined
      ? scanGroup(s.assignments, userId)
      : projects !== undefined && projects.size <= MERGED_PROJECTS
        ? mergeInOrder(s.assignments, Array.from(projects, (p) => scanGroup(s.assignments, p, { by: "scope.project" })))
        : scan(s.assignments);
  for (const a of own) rows.push({ userId: a.userId, roleId: a.roleId, scope: a.scope, inherited: false });
  const groups = userId === undefined ? undefined : new Set(groupsOfUser(s, userId));
  for (const a of scan(s.groupAssignments)) {
    if (groups && !groups.has(a.groupId)) continue;
    rows.push({ groupId: a.groupId, roleId: a.roleId, scope: a.scope, inherited: false });
  }
  for (const a of scan(s.inheritedAssignments)) {
    const actor = "user" in a.actor ? { userId: a.actor.user } : { groupId: a.actor.group };
    rows.push({ ...actor, roleId: a.roleId, scope: a.scope, inherited: true });
  }
  return rows;
}

/** Group grants per member, inherited grants per project they reach. */
function expand(s: IdentityState, row: AssignmentRow): AssignmentRow[] {
  const users: Array<{ userId: string | undefined; groupId?: string }> =
    row.groupId !== undefined ? membersOf(s, row.groupId).map((userId) => ({ userId, groupId: row.groupId })) : [{ userId: row.userId }];
  const out: AssignmentRow[] = [];
  for (const u of users) {
    const viaGroup = u.groupId !== undefined ? { groupId: u.groupId } : {};
    if (!row.inherited) {
      out.push({ userId: u.userId, roleId: row.roleId, scope: row.scope, inherited: false, ...(u.groupId ? { indirect: viaGroup } : {}) });
      continue;
    }
    const target = row.scope as { project: string } | { domain: string };
    const from = "project" in target ? { projectId: target.project } : { domainId: target.domain };
    for (const projectId of projectsBelow(s, target)) {
      out.push({ userId: u.userId, roleId: row.roleId, scope: { project: projectId }, inherited: false, indirect: { ...viaGroup, ...from } });
    }
  }
  return out;
}

/** One copy of a row per role its role implies, transitively; the copy names its immediate prior. */
function withImplied(s: IdentityState, rows: AssignmentRow[]): AssignmentRow[] {
  const out = [...rows];
  const seen = new Set(rows.map(rowKey));
  const queue = [...rows];
  while (queue.length > 0) {
    const row = queue.pop()!;
    for (const implied of get(s.roleInferences, row.roleId)?.implied ?? []) {
      const copy: AssignmentRow = { ...row, roleId: implied, indirect: { ...row.indirect, roleId: row.roleId } };
      const key = rowKey(copy);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(copy);
      queue.push(copy);
    }
  }
  return out;
}

/** An OS-INHERIT grant, or an effective row that came from one. */
export function isInherited(r: AssignmentRow): boolean {
  return r.inherited || r.indirect?.domainId !== undefined || r.indirect?.projectId !== undefined;
}

function rowKey(r: AssignmentRow): string {
  return JSON.stringify([r.userId, r.groupId, r.roleId, r.scope, r.inherited, r.indirect]);
}

export function listRoleAssignments(s: IdentityState, q: AssignmentQuery): AssignmentRow[] {
  const scopes = [q.projectId, q.domainId, q.system || undefined].filter((v) => v !== undefined);
  if (scopes.length > 1) throw validationError("Specify a project, a domain or the system as scope, not more than one.");
  if (q.userId !== undefined && q.groupId !== undefined) throw validationError("Specify a user or group, not both");
  if (q.includeSubtree && q.projectId === undefined) {
    throw validationError("scope.project.id must be specified if include_subtree is also specified");
  }
  if (q.effective) {
    if (q.groupId !== undefined) throw validationError("Combining effective and group filter will always result in an empty list.");
    if (q.inherited && q.domainId !== undefined) {
      throw validationError("Combining effective, domain and inherited filters will always result in an empty list.");
    }
  }
  const projects = q.projectId === undefined ? undefined : new Set([q.projectId, ...(q.includeSubtree ? subtreeOf(s, q.projectId) : [])]);
  // effective rows on a project may come from grants elsewhere (inherited ones), so only stored rows narrow
  let rows = storedRows(s, q.userId, q.effective ? undefined : projects);
  if (q.effective) {
    rows = withImplied(s, rows.flatMap((r) => expand(s, r)));
    // a domain-specific role counts only through what it implies
    rows = rows.filter((r) => get(s.roles, r.roleId)?.domainId == null);
  }
  return rows.filter((r) => {
    if (q.userId !== undefined && r.userId !== q.userId) return false;
    if (q.groupId !== undefined && r.groupId !== q.groupId) return false;
    if (q.roleId !== undefined && r.roleId !== q.roleId) return false;
    if (q.inherited !== undefined && isInherited(r) !== q.inherited) return false;
    if (projects) return "project" in r.scope && projects.has(r.scope.project);
    if (q.domainId !== undefined) return "domain" in r.scope && r.scope.domain === q.domainId;
    if (q.system) return "system" in r.scope;
    return true;
  });
}

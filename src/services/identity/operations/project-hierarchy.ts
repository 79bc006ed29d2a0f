// GET /projects/{id} with parents_as_list, parents_as_ids, subtree_as_list, subtree_as_ids: the project's
// ancestors (its domain, the project acting as it, included) and descendants, as Keystone's resource manager
// gives them. The lists hold only the projects the caller has a role on, unless the token is system-scoped.

import type { Principal } from "../../../kernel/auth/principal.js";
import { get, scan } from "../../../kernel/store/table.js";
import { validationError } from "../errors.js";
import { projectsOfUser, type IdentityState, type Project } from "../state.js";
import { ancestors, domainAsProject, type ProjectRow } from "./projects.js";

export interface HierarchyQuery {
  parentsAsList: boolean;
  parentsAsIds: boolean;
  subtreeAsList: boolean;
  subtreeAsIds: boolean;
}

export interface Hierarchy {
  parents?: ProjectRow[] | IdTree | null;
  subtree?: ProjectRow[] | IdTree | null;
}

/** `{id: {parent id: ... null}}`, Keystone's nested id form */
export type IdTree = { [id: string]: IdTree | null };

export function checkHierarchyQuery(q: HierarchyQuery): void {
  if (q.parentsAsList && q.parentsAsIds) throw validationError("Cannot use parents_as_list and parents_as_ids query params at the same time.");
  if (q.subtreeAsList && q.subtreeAsIds) throw validationError("Cannot use subtree_as_list and subtree_as_ids query params at the same time.");
}

/** Ancestors nearest first, the domain last. */
function parentsOf(s: IdentityState, p: ProjectRow): ProjectRow[] {
  if (p.isDomain) return [];
  const out: ProjectRow[] = ancestors(s, p);
  const domain = get(s.domains, p.domainId);
  if (domain) out.push(domainAsProject(domain));
  return out;
}

function childrenIndex(s: IdentityState, p: ProjectRow): Map<string, Project[]> {
  const byParent = new Map<string, Project[]>();
  for (const child of scan(s.projects)) {
    if (child.domainId !== p.domainId) continue;
    const parent = child.parentId ?? child.domainId;
    byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
  }
  return byParent;
}

/** Descendants, depth first. */
function subtreeOf(byParent: Map<string, Project[]>, id: string, out: Project[] = []): Project[] {
  for (const child of byParent.get(id) ?? []) {
    out.push(child);
    subtreeOf(byParent, child.id, out);
  }
  return out;
}

function subtreeIds(byParent: Map<string, Project[]>, id: string): IdTree | null {
  const children = byParent.get(id);
  if (!children || children.length === 0) return null;
  const tree: IdTree = {};
  for (const child of children) tree[child.id] = subtreeIds(byParent, child.id);
  return tree;
}

function visibleTo(s: IdentityState, caller: Principal): (p: ProjectRow) => boolean {
  if (caller.system) return () => true;
  const mine = new Set(projectsOfUser(s, caller.userId).map((p) => p.id));
  return (p) => mine.has(p.id);
}

export function projectHierarchy(s: IdentityState, caller: Principal, project: ProjectRow, q: HierarchyQuery): Hierarchy {
  checkHierarchyQuery(q);
  const out: Hierarchy = {};
  if (q.parentsAsList || q.parentsAsIds) {
    const parents = parentsOf(s, project);
    // the id form: the nearest parent outermost, as Keystone nests them
    if (q.parentsAsList) out.parents = parents.filter(visibleTo(s, caller));
    else out.parents = parents.length === 0 ? null : nestNearestFirst(parents);
  }
  if (q.subtreeAsList || q.subtreeAsIds) {
    const byParent = childrenIndex(s, project);
    out.subtree = q.subtreeAsList ? subtreeOf(byParent, project.id).filter(visibleTo(s, caller)) : subtreeIds(byParent, project.id);
  }
  return out;
}

/** `{parent: {grandparent: {... domain: null}}}` */
function nestNearestFirst(parents: ProjectRow[]): IdTree {
  let tree: IdTree | null = null;
  for (let i = parents.length - 1; i >= 0; i--) tree = { [parents[i]!.id]: tree };
  return tree!;
}

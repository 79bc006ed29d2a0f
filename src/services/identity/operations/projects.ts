// Project administration (Keystone v3 /projects): create (top level, under a parent, or acting as a domain),
// update, delete, list with Keystone's filters, and the projects a user holds roles on. Hierarchy rules
// follow Keystone's resource manager; a project acting as a domain is a row of the domains table.

import type { IdentityContext } from "./context.js";
import type { Principal } from "../../../kernel/auth/principal.js";
import { dictDelete } from "../../../kernel/store/dict.js";
import { filter, find, get, remove, scanGroup, values } from "../../../kernel/store/table.js";
import { conflict, forbidden, notFound, validationError } from "../errors.js";
import type { ProjectCreate, ProjectUpdate } from "../schemas.js";
import { nameKey, namedInAnyDomain, projectsOfUser, type Domain, type IdentityState, type Project } from "../state.js";
import { createDomain, createProject, removeAssignments, renameKey, requireDomain, requireProject, requireUser } from "./directory.js";
import { assertSelfOrAdmin } from "./users.js";
import { dropCredentialsOf } from "./credentials.js";
import { applyListFilters, exactName, parseListFilters, type ListQuery } from "./list-filters.js";
import { matchesTagFilters, parseTagFilters } from "./project-tags.js";
import { deleteDomain, updateDomain } from "./domains.js";
import { dropTargetGrants } from "./group-grants.js";
import { dropProjectFilters } from "./endpoint-filter.js";
import { dropProjectTrustsAndLimits } from "./trust-reset.js";

/** The filters GET /projects honours (exact or with a `__` comparator), as Keystone's api lists them. */
export const PROJECT_LIST_FILTERS = ["domain_id", "enabled", "name", "parent_id", "is_domain"] as const;

/** Keystone's [DEFAULT] max_project_tree_depth: projects below a domain, at most this many levels. */
export const MAX_PROJECT_TREE_DEPTH = 5;

/** A project, or a domain seen as the project acting as it (`is_domain: true`). */
export type ProjectRow = Project & { isDomain?: true };

export function domainAsProject(d: Domain): ProjectRow {
  return { id: d.id, name: d.name, domainId: d.id, description: d.description, enabled: d.enabled, parentId: null, tags: [], isDomain: true };
}

/** GET /projects/{id}: a project, or a domain as the project acting as it. */
export function showProject(s: IdentityState, id: string): ProjectRow {
  const project = get(s.projects, id);
  if (project) return project;
  const domain = get(s.domains, id);
  if (domain) return domainAsProject(domain);
  throw notFound("project", id);
}

/** A listed attribute as the wire shows it: a top-level project's parent is its domain. */
export function projectAttr(p: ProjectRow, attr: string): unknown {
  switch (attr) {
    case "domain_id":
      return p.isDomain ? null : p.domainId;
    case "parent_id":
      return p.isDomain ? null : (p.parentId ?? p.domainId);
    case "is_domain":
      return p.isDomain === true;
    case "enabled":
      return p.enabled;
    case "name":
      return p.name;
    default:
      return undefined;
  }
}

/** The project's ancestors, nearest first (the domain is not one). */
export function ancestors(s: IdentityState, project: Project): Project[] {
  const out: Project[] = [];
  for (let p = project.parentId; p !== null && out.length < 64; ) {
    const parent = get(s.projects, p);
    if (!parent) break;
    out.push(parent);
    p = parent.parentId;
  }
  return out;
}

/** POST /projects with `is_domain: true`: Keystone creates a domain, shown as the project acting as it. */
function addDomainProject(s: IdentityState, ctx: IdentityContext, id: string, body: ProjectCreate): ProjectRow {
  if (body.parent_id) throw validationError("only root projects are allowed to act as domains.");
  const domain = createDomain(s, ctx, { id, name: body.name, description: body.description ?? "", enabled: body.enabled ?? true });
  return domainAsProject(domain);
}

export function addProject(s: IdentityState, ctx: IdentityContext, id: string, body: ProjectCreate, caller: Principal): ProjectRow {
  if (body.is_domain) return addDomainProject(s, ctx, id, body);
  const parentRef = body.parent_id ?? null;
  const parentProject = parentRef === null ? undefined : get(s.projects, parentRef);
  // Keystone takes the domain from the body, else from the parent, else from a domain-scoped token
  const domainId =
    body.domain_id ?? parentProject?.domainId ?? (parentRef !== null && get(s.domains, parentRef) ? parentRef : undefined) ?? caller.domainId ?? "default";
  requireDomain(s, domainId);
  let parentId: string | null = null;
  if (parentRef !== null && parentRef !== domainId) {
    if (get(s.domains, parentRef)) {
      throw validationError(`Cannot create project, the parent (${parentRef}) is acting as a domain, but this project's domain id (${domainId}) does not match the parent's id.`);
    }
    const parent = requireProject(s, parentRef);
    if (parent.domainId !== domainId) {
      throw validationError(`Cannot create project, since it specifies its domain_id ${domainId}, but specifies a parent in a different domain (${parent.domainId}).`);
    }
    const line = [parent, ...ancestors(s, parent)];
    const disabled = line.find((p) => !p.enabled);
    if (disabled) throw validationError(`cannot create a project in a branch containing a disabled project: ${disabled.id}`);
    if (line.length + 1 > MAX_PROJECT_TREE_DEPTH) throw forbidden(`Max hierarchy depth reached for ${parent.id} branch.`);
    parentId = parent.id;
  }
  return createProject(s, ctx, {
    id,
    name: body.name,
    domainId,
    description: body.description ?? "",
    enabled: body.enabled ?? true,
    parentId,
    tags: body.tags ?? [],
  });
}

export function updateProject(s: IdentityState, ctx: IdentityContext, id: string, patch: ProjectUpdate): ProjectRow {
  // a project acting as a domain: the update is the domain's (its name, description and enabled)
  if (!get(s.projects, id) && get(s.domains, id)) {
    if (patch.is_domain === false) throw validationError("Update of `is_domain` is not allowed.");
    if (patch.tags !== undefined || patch.parent_id || patch.domain_id) {
      throw validationError("Only the name, description and enabled of a project acting as a domain may be updated.");
    }
    const fields = Object.fromEntries(
      (["name", "description", "enabled"] as const).filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]]),
    );
    return domainAsProject(updateDomain(s, ctx, id, fields));
  }
  const project = requireProject(s, id);
  if (patch.domain_id !== undefined && patch.domain_id !== project.domainId) throw validationError("Cannot change Domain ID");
  if (patch.parent_id !== undefined && (patch.parent_id ?? project.domainId) !== (project.parentId ?? project.domainId)) {
    throw forbidden("Update of `parent_id` is not allowed.");
  }
  if (patch.is_domain === true) throw validationError("Update of `is_domain` is not allowed.");
  if (patch.name !== undefined) {
    const name = patch.name;
    renameKey(s, nameKey.project(project.domainId, project.name), nameKey.project(project.domainId, name), id, () =>
      conflict("project", `Duplicate entry found with name ${name} at domain ID ${project.domainId}`),
    );
    project.name = name;
  }
  if (patch.enabled === true && !project.enabled && ancestors(s, project).some((p) => !p.enabled)) {
    throw forbidden(`Cannot enable project ${id} since it has disabled parents`);
  }
  // children are created and enabled only under enabled parents, so checking them covers the subtree
  if (patch.enabled === false && project.enabled && find(s.projects, (p) => p.parentId === id && p.enabled)) {
    throw forbidden(`Cannot disable project ${id} since its subtree contains enabled projects.`);
  }
  if (patch.enabled !== undefined) project.enabled = patch.enabled;
  if (patch.description !== undefined) project.description = patch.description ?? "";
  if (patch.tags !== undefined) project.tags = patch.tags;
  ctx.tx.emit("identity.project.updated", { id, fields: Object.keys(patch) });
  return project;
}

/** Drops the project's role assignments and application credentials; its tokens stop resolving. */
export function deleteProject(s: IdentityState, ctx: Pick<IdentityContext, "tx">, id: string): void {
  // a project acting as a domain goes as the domain does: disabled first
  if (!get(s.projects, id) && get(s.domains, id)) return deleteDomain(s, ctx, id);
  const project = requireProject(s, id);
  if (find(s.projects, (p) => p.parentId === id)) {
    throw forbidden(`Cannot delete the project ${id} since it is not a leaf in the hierarchy. Use the cascade option if you want to delete a whole subtree.`);
  }
  // the project's grants, from the table's scope.project groups
  removeAssignments(s, ctx, scanGroup(s.assignments, id, { by: "scope.project" }));
  for (const cred of filter(s.appCredentials, (c) => c.projectId === id)) {
    remove(s.appCredentials, cred.id);
    dictDelete(s.names, nameKey.appCredential(cred.userId, cred.name));
  }
  dropCredentialsOf(s, { projectId: id });
  // group and inherited grants on it, its endpoint filters, trusts and limits: Keystone's delete callbacks
  dropTargetGrants(s, { project: id });
  dropProjectFilters(s, id);
  dropProjectTrustsAndLimits(s, id);
  dictDelete(s.names, nameKey.project(project.domainId, project.name));
  remove(s.projects, id);
  ctx.tx.emit("identity.project.deleted", { id, name: project.name, domainId: project.domainId });
}

/**
 * GET /projects: Keystone's attribute filters and tag filters. Without `is_domain` in the query only
 * projects are listed, as Keystone adds `is_domain=0`; with it, domains acting as projects too.
 */
export function listProjects(s: IdentityState, query: ListQuery): ProjectRow[] {
  // an exact name: only the projects of that name are read (the filters below still decide)
  const name = exactName(query);
  const projects = name === undefined ? values(s.projects) : namedInAnyDomain(s, s.projects, "project", name);
  return filterProjects(s, [...projects, ...values(s.domains).map(domainAsProject)], query);
}

export function filterProjects(s: IdentityState, rows: ProjectRow[], query: ListQuery): ProjectRow[] {
  const pairs = [...query];
  const filters = parseListFilters(pairs, PROJECT_LIST_FILTERS);
  if (!pairs.some(([k]) => k === "is_domain")) filters.push({ attr: "is_domain", comparator: "equals", value: "0", caseSensitive: true });
  const tags = parseTagFilters(pairs);
  return applyListFilters(rows, filters, projectAttr).filter((p) => matchesTagFilters(p.tags, tags));
}

/** GET /users/{id}/projects: the caller's own, or anyone's for an admin (filters domain_id, enabled, name). */
export function listUserProjects(s: IdentityState, caller: Principal, userId: string, query: ListQuery): Project[] {
  assertSelfOrAdmin(caller, userId);
  requireUser(s, userId);
  return applyListFilters(projectsOfUser(s, userId), parseListFilters(query, ["domain_id", "enabled", "name"]), projectAttr);
}

// Project administration (Keystone v3 /projects): create (top level or under a parent), update, delete,
// list, and the projects a user holds roles on. Hierarchy rules follow Keystone's resource manager.

import type { Principal } from "../../../kernel/auth/principal.js";
import { dictDelete } from "../../../kernel/store/dict.js";
import { filter, find, get, remove } from "../../../kernel/store/table.js";
import type { Tx } from "../../../kernel/store/store.js";
import { conflict, forbidden, validationError } from "../errors.js";
import type { ProjectCreate, ProjectUpdate } from "../schemas.js";
import { nameKey, projectsOfUser, type IdentityState, type Project } from "../state.js";
import { createProject, removeAssignments, renameKey, requireDomain, requireProject, requireUser } from "./directory.js";
import { assertSelfOrAdmin } from "./users.js";
import { dropCredentialsOf } from "./credentials.js";

export interface ProjectFilter {
  name?: string;
  domainId?: string;
  enabled?: boolean;
  /** as the wire reports it: a top-level project's parent is its domain */
  parentId?: string;
}

/** The project's ancestors, nearest first (the domain is not one). */
function ancestors(s: IdentityState, project: Project): Project[] {
  const out: Project[] = [];
  for (let p = project.parentId; p !== null && out.length < 64; ) {
    const parent = get(s.projects, p);
    if (!parent) break;
    out.push(parent);
    p = parent.parentId;
  }
  return out;
}

export function addProject(s: IdentityState, tx: Tx, id: string, body: ProjectCreate, caller: Principal): Project {
  if (body.is_domain) throw validationError("Projects acting as domains are not supported here; create a domain instead.");
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
    const disabled = [parent, ...ancestors(s, parent)].find((p) => !p.enabled);
    if (disabled) throw validationError(`cannot create a project in a branch containing a disabled project: ${disabled.id}`);
    parentId = parent.id;
  }
  return createProject(s, tx, {
    id,
    name: body.name,
    domainId,
    description: body.description ?? "",
    enabled: body.enabled ?? true,
    parentId,
    tags: body.tags ?? [],
  });
}

export function updateProject(s: IdentityState, tx: Tx, id: string, patch: ProjectUpdate): Project {
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
  tx.emit("identity.project.updated", { id, fields: Object.keys(patch) });
  return project;
}

/** Drops the project's role assignments and application credentials; its tokens stop resolving. */
export function deleteProject(s: IdentityState, tx: Tx, id: string): void {
  const project = requireProject(s, id);
  if (find(s.projects, (p) => p.parentId === id)) {
    throw forbidden(`Cannot delete the project ${id} since it is not a leaf in the hierarchy.`);
  }
  removeAssignments(s, tx, (a) => "project" in a.scope && a.scope.project === id);
  for (const cred of filter(s.appCredentials, (c) => c.projectId === id)) {
    remove(s.appCredentials, cred.id);
    dictDelete(s.names, nameKey.appCredential(cred.userId, cred.name));
  }
  dropCredentialsOf(s, { projectId: id });
  dictDelete(s.names, nameKey.project(project.domainId, project.name));
  remove(s.projects, id);
  tx.emit("identity.project.deleted", { id, name: project.name, domainId: project.domainId });
}

function matches(p: Project, f: ProjectFilter): boolean {
  return (
    (f.name === undefined || p.name === f.name) &&
    (f.domainId === undefined || p.domainId === f.domainId) &&
    (f.enabled === undefined || p.enabled === f.enabled) &&
    (f.parentId === undefined || (p.parentId ?? p.domainId) === f.parentId)
  );
}

export function listProjects(s: IdentityState, f: ProjectFilter): Project[] {
  return filter(s.projects, (p) => matches(p, f));
}

/** GET /users/{id}/projects: the caller's own, or anyone's for an admin. */
export function listUserProjects(s: IdentityState, caller: Principal, userId: string, f: ProjectFilter): Project[] {
  assertSelfOrAdmin(caller, userId);
  requireUser(s, userId);
  return projectsOfUser(s, userId).filter((p) => matches(p, f));
}

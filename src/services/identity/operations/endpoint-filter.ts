// OS-EP-FILTER: endpoint groups (filters on interface, service_id, region_id) and the project
// associations of endpoints and groups. A project with any association sees only those endpoints.

import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { conflict, notFound, validationError } from "../errors.js";
import type { IdentityState, Project } from "../state.js";
import { associationId, type CatalogEndpoint, type EndpointGroup, type EndpointGroupFilters } from "../catalog-state.js";
import type { EndpointGroupCreate, EndpointGroupUpdate } from "../schemas/catalog.js";
import { requireEndpoint } from "./catalog.js";

const FILTER_KEYS = ["service_id", "region_id", "interface"];
const INTERFACES = ["admin", "internal", "public"];

export function requireProject(s: IdentityState, id: string): Project {
  const project = get(s.projects, id);
  if (!project) throw notFound("project", id);
  return project;
}

export function requireEndpointGroup(s: IdentityState, id: string): EndpointGroup {
  const group = get(s.catalog.endpointGroups, id);
  if (!group) throw notFound("Endpoint Group", id);
  return group;
}

function checkedFilters(filters: Record<string, unknown>): EndpointGroupFilters {
  for (const [key, value] of Object.entries(filters)) {
    if (!FILTER_KEYS.includes(key)) {
      throw validationError(
        `Expecting to find ${FILTER_KEYS.join(" or ")} in endpoint_group. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.`,
      );
    }
    const ok = key === "interface" ? INTERFACES.includes(value as string) : key === "region_id" ? value === null || typeof value === "string" : typeof value === "string";
    if (!ok) throw validationError(`Invalid input for field 'filters.${key}': ${JSON.stringify(value)}`);
  }
  return filters as EndpointGroupFilters;
}

export function createEndpointGroup(s: IdentityState, id: string, body: EndpointGroupCreate): EndpointGroup {
  if (Object.keys(body.filters).length === 0) throw new ApiError(400, "Bad Request", "filters field is required and cannot be empty");
  const group: EndpointGroup = { id, name: body.name, description: body.description ?? null, filters: checkedFilters(body.filters) };
  put(s.catalog.endpointGroups, group);
  return group;
}

export function updateEndpointGroup(s: IdentityState, id: string, patch: EndpointGroupUpdate): EndpointGroup {
  const filters = patch.filters === undefined ? undefined : checkedFilters(patch.filters);
  if (patch.id !== undefined && patch.id !== id) throw validationError("Cannot change ID");
  const group = requireEndpointGroup(s, id);
  if (patch.name !== undefined) group.name = patch.name;
  if (patch.description !== undefined) group.description = patch.description;
  if (filters !== undefined) group.filters = filters;
  return group;
}

export function deleteEndpointGroup(s: IdentityState, id: string): void {
  requireEndpointGroup(s, id);
  remove(s.catalog.endpointGroups, id);
  for (const a of filter(s.catalog.projectEndpointGroups, (a) => a.targetId === id)) remove(s.catalog.projectEndpointGroups, a.id);
}

export function listEndpointGroups(s: IdentityState, name: string | undefined): EndpointGroup[] {
  return filter(s.catalog.endpointGroups, (g) => name === undefined || g.name === name);
}

export function matchesGroup(endpoint: CatalogEndpoint, filters: EndpointGroupFilters): boolean {
  if (filters.interface !== undefined && endpoint.interface !== filters.interface) return false;
  if (filters.service_id !== undefined && endpoint.serviceId !== filters.service_id) return false;
  if (filters.region_id !== undefined && endpoint.regionId !== filters.region_id) return false;
  return true;
}

export function endpointsOfGroup(s: IdentityState, id: string): CatalogEndpoint[] {
  const group = requireEndpointGroup(s, id);
  return filter(s.catalog.endpoints, (e) => matchesGroup(e, group.filters));
}

/**
 * The endpoints a project's associations name (directly, or through its endpoint groups), or undefined
 * when it has none: then the project sees the whole catalog (Keystone's return_all_endpoints_if_no_filter).
 */
export function filteredEndpointIds(s: IdentityState, projectId: string): Set<string> | undefined {
  const cat = s.catalog;
  if (cat.projectEndpoints.size === 0 && cat.projectEndpointGroups.size === 0) return undefined;
  const ids = new Set<string>();
  for (const a of scan(cat.projectEndpoints)) if (a.projectId === projectId && get(cat.endpoints, a.targetId)) ids.add(a.targetId);
  const groups = [];
  for (const a of scan(cat.projectEndpointGroups)) {
    const group = a.projectId === projectId ? get(cat.endpointGroups, a.targetId) : undefined;
    if (group) groups.push(group);
  }
  if (groups.length) for (const e of scan(cat.endpoints)) if (groups.some((g) => matchesGroup(e, g.filters))) ids.add(e.id);
  return ids.size ? ids : undefined;
}

export function endpointsOfProject(s: IdentityState, projectId: string): CatalogEndpoint[] {
  requireProject(s, projectId);
  const ids = filteredEndpointIds(s, projectId) ?? new Set<string>();
  return [...ids].map((id) => get(s.catalog.endpoints, id)!);
}

export function addEndpointToProject(s: IdentityState, projectId: string, endpointId: string): void {
  requireEndpoint(s, endpointId);
  requireProject(s, projectId);
  const id = associationId(projectId, endpointId);
  if (get(s.catalog.projectEndpoints, id)) throw conflict("project_endpoint", "Duplicate entry");
  put(s.catalog.projectEndpoints, { id, projectId, targetId: endpointId });
}

export function checkEndpointInProject(s: IdentityState, projectId: string, endpointId: string): void {
  requireEndpoint(s, endpointId);
  requireProject(s, projectId);
  if (!get(s.catalog.projectEndpoints, associationId(projectId, endpointId))) {
    throw new ApiError(404, "Not Found", `Endpoint ${endpointId} not found in project ${projectId}`);
  }
}

export function removeEndpointFromProject(s: IdentityState, projectId: string, endpointId: string): void {
  if (!remove(s.catalog.projectEndpoints, associationId(projectId, endpointId))) {
    throw new ApiError(404, "Not Found", `Endpoint ${endpointId} not found in project ${projectId}`);
  }
}

export function projectsOfEndpoint(s: IdentityState, endpointId: string): Project[] {
  requireEndpoint(s, endpointId);
  const out: Project[] = [];
  for (const a of scan(s.catalog.projectEndpoints)) {
    const project = a.targetId === endpointId ? get(s.projects, a.projectId) : undefined;
    if (project) out.push(project);
  }
  return out;
}

export function groupsOfProject(s: IdentityState, projectId: string): EndpointGroup[] {
  requireProject(s, projectId);
  const out: EndpointGroup[] = [];
  for (const a of scan(s.catalog.projectEndpointGroups)) {
    const group = a.projectId === projectId ? get(s.catalog.endpointGroups, a.targetId) : undefined;
    if (group) out.push(group);
  }
  return out;
}

export function projectsOfGroup(s: IdentityState, groupId: string): Project[] {
  requireEndpointGroup(s, groupId);
  const out: Project[] = [];
  for (const a of scan(s.catalog.projectEndpointGroups)) {
    const project = a.targetId === groupId ? get(s.projects, a.projectId) : undefined;
    if (project) out.push(project);
  }
  return out;
}

const GROUP_NOT_IN_PROJECT = () => new ApiError(404, "Not Found", "Endpoint Group Project Association not found");

export function groupInProject(s: IdentityState, groupId: string, projectId: string): void {
  requireProject(s, projectId);
  requireEndpointGroup(s, groupId);
  if (!get(s.catalog.projectEndpointGroups, associationId(projectId, groupId))) throw GROUP_NOT_IN_PROJECT();
}

export function addGroupToProject(s: IdentityState, groupId: string, projectId: string): void {
  requireProject(s, projectId);
  requireEndpointGroup(s, groupId);
  const id = associationId(projectId, groupId);
  if (get(s.catalog.projectEndpointGroups, id)) throw conflict("project_endpoint_group", "Duplicate entry");
  put(s.catalog.projectEndpointGroups, { id, projectId, targetId: groupId });
}

export function removeGroupFromProject(s: IdentityState, groupId: string, projectId: string): void {
  requireProject(s, projectId);
  requireEndpointGroup(s, groupId);
  if (!remove(s.catalog.projectEndpointGroups, associationId(projectId, groupId))) throw GROUP_NOT_IN_PROJECT();
}

/** A deleted project's associations go with it (Keystone's project-deleted callback). */
export function dropProjectFilters(s: IdentityState, projectId: string): void {
  for (const table of ["projectEndpoints", "projectEndpointGroups"] as const) {
    for (const a of filter(s.catalog[table], (a) => a.projectId === projectId)) remove(s.catalog[table], a.id);
  }
}

/** Per-project reset: the project's associations go back to the seed world's. */
export function resetProjectFilters(s: IdentityState, seeded: IdentityState, projectId: string): void {
  dropProjectFilters(s, projectId);
  for (const table of ["projectEndpoints", "projectEndpointGroups"] as const) {
    for (const a of scan(seeded.catalog[table])) if (a.projectId === projectId) put(s.catalog[table], { ...a });
  }
}

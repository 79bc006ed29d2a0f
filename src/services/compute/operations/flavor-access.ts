// Flavor access (nova/api/openstack/compute/flavor_access.py, flavor_manage.py actions): the projects a
// private flavor is shared with; public flavors have no list (404 to read, 409 to add to).

import { get, put } from "../../../kernel/store/table.js";
import type { ComputeState } from "../state.js";
import { conflictingRequest, itemNotFound } from "../errors.js";
import { showFlavor } from "./flavors.js";

export interface FlavorAccessRow {
  flavor_id: string;
  tenant_id: string;
}

export function flavorAccessList(s: ComputeState, flavorId: string): FlavorAccessRow[] {
  const flavor = showFlavor(s, flavorId);
  if (flavor.isPublic) throw itemNotFound("Access list not available for public flavors.");
  return (get(s.flavorAccess, flavor.id)?.projects ?? []).map((p) => ({ flavor_id: flavor.id, tenant_id: p }));
}

export function addFlavorAccess(s: ComputeState, flavorId: string, projectId: string): FlavorAccessRow[] {
  const flavor = showFlavor(s, flavorId);
  if (flavor.isPublic) throw conflictingRequest("Can not add access to a public flavor.");
  const projects = get(s.flavorAccess, flavor.id)?.projects ?? [];
  if (projects.includes(projectId)) {
    throw conflictingRequest(`Flavor access already exists for flavor ${flavor.id} and project ${projectId} combination.`);
  }
  put(s.flavorAccess, { id: flavor.id, projects: [...projects, projectId] });
  return flavorAccessList(s, flavor.id);
}

export function removeFlavorAccess(s: ComputeState, flavorId: string, projectId: string): FlavorAccessRow[] {
  const flavor = showFlavor(s, flavorId);
  const projects = get(s.flavorAccess, flavor.id)?.projects ?? [];
  if (!projects.includes(projectId)) throw itemNotFound(`Flavor access not found for ${flavor.id} / ${projectId} combination.`);
  put(s.flavorAccess, { id: flavor.id, projects: projects.filter((p) => p !== projectId) });
  return flavorAccessList(s, flavor.id);
}

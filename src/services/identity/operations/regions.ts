// Keystone regions: create (POST, or PUT with a chosen id), update, delete, list. A parent must exist and
// never be the region or one of its descendants; a region whose subtree holds endpoints cannot go.

import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { conflict, notFound, validationError } from "../errors.js";
import type { IdentityState } from "../state.js";
import type { CatalogRegion } from "../catalog-state.js";
import type { RegionCreate, RegionUpdate } from "../schemas/catalog.js";

const NAMED = new Set(["id", "description", "parent_region_id"]);

export function extraOf(body: Record<string, unknown>, named: Set<string>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (!named.has(key) && key !== "links") extra[key] = value;
  return extra;
}

export function requireRegion(s: IdentityState, id: string): CatalogRegion {
  const region = get(s.catalog.regions, id);
  if (!region) throw notFound("region", id);
  return region;
}

/** `pathId`: PUT /v3/regions/{id}, whose body may repeat the id but not name another. */
export function createRegion(s: IdentityState, newId: () => string, body: RegionCreate, pathId?: string): CatalogRegion {
  if (pathId !== undefined && body.id !== undefined && body.id !== pathId) {
    throw validationError(`Conflicting region IDs specified: "${pathId}" != "${body.id}"`);
  }
  const id = pathId ?? (body.id ? body.id : newId());
  if (get(s.catalog.regions, id)) throw conflict("region", `Duplicate ID, ${id}.`);
  const parentRegionId = body.parent_region_id ?? null;
  if (parentRegionId !== null) requireRegion(s, parentRegionId);
  const region: CatalogRegion = { id, description: body.description ?? "", parentRegionId, extra: extraOf(body, NAMED) };
  put(s.catalog.regions, region);
  return region;
}

export function updateRegion(s: IdentityState, id: string, patch: RegionUpdate): CatalogRegion {
  if (patch.id !== undefined && patch.id !== id) throw validationError("Cannot change ID");
  const region = requireRegion(s, id);
  if (patch.parent_region_id !== undefined && patch.parent_region_id !== null) {
    requireRegion(s, patch.parent_region_id);
    // walk up from the new parent: meeting the region itself would close a circle
    for (let at: string | null = patch.parent_region_id; at !== null; at = get(s.catalog.regions, at)?.parentRegionId ?? null) {
      if (at === id) throw new ApiError(400, "Bad Request", `The specified parent region ${id} would create a circular region hierarchy.`);
    }
  }
  if (patch.parent_region_id !== undefined) region.parentRegionId = patch.parent_region_id;
  if (patch.description !== undefined) region.description = patch.description ?? "";
  Object.assign(region.extra, extraOf(patch, NAMED));
  return region;
}

function descendants(s: IdentityState, id: string): string[] {
  const out: string[] = [];
  const queue = [id];
  while (queue.length) {
    const at = queue.shift()!;
    for (const child of scan(s.catalog.regions)) {
      if (child.parentRegionId === at && child.id !== id && !out.includes(child.id)) {
        out.push(child.id);
        queue.push(child.id);
      }
    }
  }
  return out;
}

/** Keystone deletes the child regions with it, unless any of them (or it) holds an endpoint: a 403. */
export function deleteRegion(s: IdentityState, id: string): void {
  requireRegion(s, id);
  const subtree = new Set([id, ...descendants(s, id)]);
  for (const endpoint of scan(s.catalog.endpoints)) {
    if (endpoint.regionId !== null && subtree.has(endpoint.regionId)) {
      throw new ApiError(403, "Forbidden", `Unable to delete region ${id} because it or its child regions have associated endpoints.`);
    }
  }
  for (const regionId of subtree) remove(s.catalog.regions, regionId);
}

export function listRegions(s: IdentityState, parentRegionId: string | undefined): CatalogRegion[] {
  return filter(s.catalog.regions, (r) => parentRegionId === undefined || r.parentRegionId === parentRegionId);
}

// Keystone unified limits (keystone/limit/core.py, backends/sql.py, flat model): registered limits (a
// service's default per resource and region) and project or domain limits that override one. Admin writes;
// a reader sees the limits of its own project or domain. Pure rules, no HTTP.

import { isAdmin, type Principal } from "../../../kernel/auth/principal.js";
import { ApiError } from "../../../kernel/errors.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove } from "../../../kernel/store/table.js";
import { conflict, validationError } from "../errors.js";
import type { LimitCreate, LimitUpdate, RegisteredLimitCreate, RegisteredLimitUpdate } from "../schemas/limits.js";
import type { IdentityState } from "../state.js";
import { limitKey, type Limit, type RegisteredLimit } from "../limit-state.js";

/** GET /v3/limits/model: this emulator enforces Keystone's default, flat model */
export const LIMIT_MODEL = {
  name: "flat",
  description: "Limit enforcement and validation does not take project hierarchy into consideration.",
};

const expecting = (attribute: string, target: string) =>
  validationError(
    `Expecting to find ${attribute} in ${target}. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.`,
  );

const noLimitReference = () => new ApiError(403, "Forbidden", "Unable to create a limit that has no corresponding registered limit.");
const referenced = (id: string) =>
  new ApiError(403, "Forbidden", `Unable to update or delete registered limit ${id} because there are project limits associated with it.`);

/** Keystone checks the service and region against the catalog; an unknown one is a 400 naming the field. */
function assertCatalog(s: IdentityState, target: string, serviceId: string | undefined, regionId: string | null | undefined): void {
  if (serviceId !== undefined && !get(s.catalog.services, serviceId)) throw expecting("service_id", target);
  if (regionId != null && !get(s.catalog.regions, regionId)) throw expecting("region_id", target);
}

export function requireRegisteredLimit(s: IdentityState, id: string): RegisteredLimit {
  const found = get(s.registeredLimits, id);
  if (!found) throw new ApiError(404, "Not Found", `Could not find registered limit for ${id}.`);
  return found;
}

export function requireLimit(s: IdentityState, id: string): Limit {
  const found = get(s.limits, id);
  if (!found) throw new ApiError(404, "Not Found", `Could not find limit for ${id}.`);
  return found;
}

/** All or none: a duplicate anywhere in the list (or against the table) refuses the whole request. */
export function createRegisteredLimits(s: IdentityState, newId: () => string, items: RegisteredLimitCreate[]): RegisteredLimit[] {
  return items.map((item) => {
    assertCatalog(s, "registered_limit", item.service_id, item.region_id);
    const regionId = item.region_id ?? null;
    const key = limitKey.registered(item.service_id, regionId, item.resource_name);
    if (dictGet(s.trustLimitKeys, key) !== undefined) throw conflict("registered_limit", "Duplicate entry");
    const row: RegisteredLimit = {
      id: newId(),
      serviceId: item.service_id,
      regionId,
      resourceName: item.resource_name,
      defaultLimit: item.default_limit,
      description: item.description ?? null,
      references: 0,
    };
    put(s.registeredLimits, row);
    dictSet(s.trustLimitKeys, key, row.id);
    return row;
  });
}

export function updateRegisteredLimit(s: IdentityState, id: string, patch: RegisteredLimitUpdate): RegisteredLimit {
  assertCatalog(s, "registered_limit", patch.service_id, patch.region_id);
  const row = requireRegisteredLimit(s, id);
  if (row.references > 0) throw referenced(id);
  const serviceId = patch.service_id ?? row.serviceId;
  const regionId = patch.region_id !== undefined ? patch.region_id : row.regionId;
  const resourceName = patch.resource_name ?? row.resourceName;
  const from = limitKey.registered(row.serviceId, row.regionId, row.resourceName);
  const to = limitKey.registered(serviceId, regionId, resourceName);
  if (to !== from) {
    if (dictGet(s.trustLimitKeys, to) !== undefined) throw conflict("registered_limit", "Duplicate entry");
    dictDelete(s.trustLimitKeys, from);
    dictSet(s.trustLimitKeys, to, id);
  }
  Object.assign(row, { serviceId, regionId, resourceName });
  if (patch.default_limit !== undefined) row.defaultLimit = patch.default_limit;
  if (patch.description !== undefined) row.description = patch.description;
  return row;
}

export function deleteRegisteredLimit(s: IdentityState, id: string): void {
  const row = requireRegisteredLimit(s, id);
  if (row.references > 0) throw referenced(id);
  dictDelete(s.trustLimitKeys, limitKey.registered(row.serviceId, row.regionId, row.resourceName));
  remove(s.registeredLimits, id);
}

export interface LimitFilter {
  serviceId?: string;
  regionId?: string;
  resourceName?: string;
  projectId?: string;
  domainId?: string;
}

const matches = (f: LimitFilter, l: { serviceId: string; regionId: string | null; resourceName: string }) =>
  (f.serviceId === undefined || l.serviceId === f.serviceId) &&
  (f.regionId === undefined || l.regionId === f.regionId) &&
  (f.resourceName === undefined || l.resourceName === f.resourceName);

export function listRegisteredLimits(s: IdentityState, f: LimitFilter): RegisteredLimit[] {
  return filter(s.registeredLimits, (r) => matches(f, r));
}

export function createLimits(s: IdentityState, newId: () => string, items: LimitCreate[]): Limit[] {
  return items.map((item) => {
    assertCatalog(s, "limit", item.service_id, item.region_id);
    if (item.project_id !== undefined && !get(s.projects, item.project_id)) throw expecting("project_id", "limit");
    if (item.domain_id !== undefined && !get(s.domains, item.domain_id)) throw expecting("domain_id", "limit");
    const regionId = item.region_id ?? null;
    const registeredId = dictGet(s.trustLimitKeys, limitKey.registered(item.service_id, regionId, item.resource_name));
    const registered = registeredId === undefined ? undefined : get(s.registeredLimits, registeredId);
    if (!registered) throw noLimitReference();
    const owner = item.project_id !== undefined ? `project:${item.project_id}` : `domain:${item.domain_id}`;
    const key = limitKey.limit(owner, item.service_id, regionId, item.resource_name);
    if (dictGet(s.trustLimitKeys, key) !== undefined) throw conflict("limit", "Duplicate entry");
    const row: Limit = {
      id: newId(),
      projectId: item.project_id ?? null,
      domainId: item.domain_id ?? null,
      serviceId: item.service_id,
      regionId,
      resourceName: item.resource_name,
      resourceLimit: item.resource_limit,
      description: item.description ?? null,
      registeredLimitId: registered.id,
    };
    put(s.limits, row);
    dictSet(s.trustLimitKeys, key, row.id);
    registered.references += 1;
    return row;
  });
}

export function updateLimit(s: IdentityState, id: string, patch: LimitUpdate): Limit {
  const row = requireLimit(s, id);
  if (patch.resource_limit !== undefined) row.resourceLimit = patch.resource_limit;
  if (patch.description !== undefined) row.description = patch.description;
  return row;
}

export function deleteLimit(s: IdentityState, id: string): void {
  const row = requireLimit(s, id);
  const owner = row.projectId !== null ? `project:${row.projectId}` : `domain:${row.domainId}`;
  dictDelete(s.trustLimitKeys, limitKey.limit(owner, row.serviceId, row.regionId, row.resourceName));
  const registered = get(s.registeredLimits, row.registeredLimitId);
  if (registered) registered.references = Math.max(0, registered.references - 1);
  remove(s.limits, id);
}

/** Whether the caller may see a limit: an admin any; otherwise one on its project, or on its domain or a project in it. */
export function limitVisible(s: IdentityState, caller: Principal, l: Limit): boolean {
  if (isAdmin(caller)) return true;
  if (caller.projectId !== undefined) return l.projectId === caller.projectId;
  if (caller.domainId !== undefined) {
    if (l.domainId !== null) return l.domainId === caller.domainId;
    return get(s.projects, l.projectId!)?.domainId === caller.domainId;
  }
  return false;
}

export function listLimits(s: IdentityState, caller: Principal, f: LimitFilter): Limit[] {
  return filter(
    s.limits,
    (l) =>
      matches(f, l) &&
      (f.projectId === undefined || l.projectId === f.projectId) &&
      (f.domainId === undefined || l.domainId === f.domainId) &&
      limitVisible(s, caller, l),
  );
}

export function showLimit(s: IdentityState, caller: Principal, id: string): Limit {
  const row = requireLimit(s, id);
  if (!limitVisible(s, caller, row)) throw new ApiError(403, "Forbidden", "You are not authorized to perform the requested action: identity:get_limit.");
  return row;
}

/** Per-project reset: the project's limits go (the seed world holds none unless it says so), the seed's come back. */
export function resetProjectLimits(s: IdentityState, seeded: IdentityState, projectId: string): void {
  for (const l of filter(s.limits, (x) => x.projectId === projectId)) deleteLimit(s, l.id);
  for (const l of filter(seeded.limits, (x) => x.projectId === projectId)) {
    const registered = get(s.registeredLimits, l.registeredLimitId);
    if (!registered) continue;
    put(s.limits, structuredClone(l));
    dictSet(s.trustLimitKeys, limitKey.limit(`project:${projectId}`, l.serviceId, l.regionId, l.resourceName), l.id);
    registered.references += 1;
  }
}

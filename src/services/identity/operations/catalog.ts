// Keystone services and endpoints (the catalog's records). Deleting a service takes its endpoints, and an
// endpoint's project associations go with it, as Keystone's notification callbacks remove them.

import { filter, get, put, remove } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { notFound, validationError } from "../errors.js";
import type { IdentityState } from "../state.js";
import type { CatalogEndpoint, CatalogServiceRecord, Interface } from "../catalog-state.js";
import type { EndpointCreate, EndpointUpdate, ServiceCreate, ServiceUpdate } from "../schemas/catalog.js";
import { validEndpointUrl } from "../catalog-url.js";
import { createRegion, extraOf } from "./regions.js";

const SERVICE_NAMED = new Set(["id", "type", "name", "enabled"]);
const ENDPOINT_NAMED = new Set(["id", "interface", "service_id", "url", "region_id", "region", "enabled", "legacy_endpoint_id"]);

/** Keystone's ValidationError: "Expecting to find <attribute> in <target>. ..." */
const expecting = (attribute: string, target: string) =>
  validationError(
    `Expecting to find ${attribute} in ${target}. The server could not comply with the request since it is either malformed or otherwise incorrect. The client is assumed to be in error.`,
  );

export function requireService(s: IdentityState, id: string): CatalogServiceRecord {
  const service = get(s.catalog.services, id);
  if (!service) throw notFound("service", id);
  return service;
}

export function requireEndpoint(s: IdentityState, id: string): CatalogEndpoint {
  const endpoint = get(s.catalog.endpoints, id);
  if (!endpoint) throw notFound("endpoint", id);
  return endpoint;
}

export function createService(s: IdentityState, id: string, body: ServiceCreate): CatalogServiceRecord {
  const service: CatalogServiceRecord = { id, type: body.type, name: body.name ?? "", enabled: body.enabled ?? true, extra: extraOf(body, SERVICE_NAMED) };
  put(s.catalog.services, service);
  return service;
}

export function updateService(s: IdentityState, id: string, patch: ServiceUpdate): CatalogServiceRecord {
  if (patch.id !== undefined && patch.id !== id) throw validationError("Cannot change ID");
  const service = requireService(s, id);
  if (patch.type !== undefined) service.type = patch.type;
  if (patch.name !== undefined) service.name = patch.name;
  if (patch.enabled !== undefined) service.enabled = patch.enabled;
  Object.assign(service.extra, extraOf(patch, SERVICE_NAMED));
  return service;
}

export function deleteService(s: IdentityState, id: string): void {
  requireService(s, id);
  for (const endpoint of filter(s.catalog.endpoints, (e) => e.serviceId === id)) deleteEndpoint(s, endpoint.id);
  remove(s.catalog.services, id);
}

export function listServices(s: IdentityState, f: { type?: string; name?: string }): CatalogServiceRecord[] {
  return filter(s.catalog.services, (svc) => (f.type === undefined || svc.type === f.type) && (f.name === undefined || svc.name === f.name));
}

/**
 * The region an endpoint names: `region_id` must exist (400); the older `region` is created when it does
 * not (Keystone keeps v2-style clients working that way).
 */
function regionOf(s: IdentityState, newId: () => string, body: { region_id?: string | null; region?: string | null }): string | null | undefined {
  if ((body.region_id === undefined || body.region_id === null) && body.region !== undefined && body.region !== null) {
    if (!get(s.catalog.regions, body.region)) createRegion(s, newId, { id: body.region });
    return body.region;
  }
  if (body.region_id !== undefined && body.region_id !== null && !get(s.catalog.regions, body.region_id)) {
    throw expecting("endpoint region_id", "region table");
  }
  return body.region_id;
}

function checkService(s: IdentityState, serviceId: string | undefined): void {
  if (serviceId !== undefined && !get(s.catalog.services, serviceId)) throw expecting("endpoint service_id", "service table");
}

export function createEndpoint(s: IdentityState, newId: () => string, body: EndpointCreate): CatalogEndpoint {
  if (!validEndpointUrl(body.url)) throw new ApiError(400, "Bad Request", `Cannot create an endpoint with an invalid URL: ${body.url}.`);
  const id = newId();
  const regionId = regionOf(s, newId, body) ?? null;
  checkService(s, body.service_id);
  const endpoint: CatalogEndpoint = {
    id,
    serviceId: body.service_id,
    interface: body.interface,
    regionId,
    url: body.url,
    relative: false,
    enabled: body.enabled ?? true,
    extra: extraOf(body, ENDPOINT_NAMED),
  };
  put(s.catalog.endpoints, endpoint);
  return endpoint;
}

/** A URL given here is stored as given: a seeded endpoint stops following the client's address. */
export function updateEndpoint(s: IdentityState, newId: () => string, id: string, patch: EndpointUpdate): CatalogEndpoint {
  if (patch.id !== undefined && patch.id !== id) throw validationError("Cannot change ID");
  const endpoint = requireEndpoint(s, id);
  const regionId = regionOf(s, newId, patch);
  checkService(s, patch.service_id);
  if (regionId !== undefined) endpoint.regionId = regionId;
  if (patch.service_id !== undefined) endpoint.serviceId = patch.service_id;
  if (patch.interface !== undefined) endpoint.interface = patch.interface as Interface;
  if (patch.url !== undefined) {
    endpoint.url = patch.url;
    endpoint.relative = false;
  }
  if (patch.enabled !== undefined) endpoint.enabled = patch.enabled;
  Object.assign(endpoint.extra, extraOf(patch, ENDPOINT_NAMED));
  return endpoint;
}

export function deleteEndpoint(s: IdentityState, id: string): void {
  requireEndpoint(s, id);
  remove(s.catalog.endpoints, id);
  for (const a of filter(s.catalog.projectEndpoints, (a) => a.targetId === id)) remove(s.catalog.projectEndpoints, a.id);
}

export interface EndpointFilter {
  interface?: string;
  serviceId?: string;
  regionId?: string;
}

export function listEndpoints(s: IdentityState, f: EndpointFilter): CatalogEndpoint[] {
  return filter(
    s.catalog.endpoints,
    (e) =>
      (f.interface === undefined || e.interface === f.interface) &&
      (f.serviceId === undefined || e.serviceId === f.serviceId) &&
      (f.regionId === undefined || e.regionId === f.regionId),
  );
}

// Catalog records -> Keystone v3 wire JSON (regions, services, endpoints, endpoint groups), and the
// catalog a token carries, built from the records and kept per catalog version, address and project.

import { scan } from "../../kernel/store/table.js";
import type { IdentityState } from "./state.js";
import type { CatalogEndpoint, CatalogRegion, CatalogServiceRecord, CatalogState, EndpointGroup } from "./catalog-state.js";
import { formatEndpointUrl } from "./catalog-url.js";
import { filteredEndpointIds } from "./operations/endpoint-filter.js";

export function regionView(r: CatalogRegion, base: string) {
  return { ...r.extra, id: r.id, description: r.description, parent_region_id: r.parentRegionId, links: { self: `${base}/identity/v3/regions/${r.id}` } };
}

export function serviceView(svc: CatalogServiceRecord, base: string) {
  return { ...svc.extra, id: svc.id, type: svc.type, name: svc.name, enabled: svc.enabled, links: { self: `${base}/identity/v3/services/${svc.id}` } };
}

/** The stored URL; a seeded one below the address the client used. */
export const endpointUrl = (e: CatalogEndpoint, base: string) => (e.relative ? base + e.url : e.url);

export function endpointView(e: CatalogEndpoint, base: string) {
  return {
    ...e.extra,
    id: e.id,
    interface: e.interface,
    region: e.regionId,
    region_id: e.regionId,
    service_id: e.serviceId,
    url: endpointUrl(e, base),
    enabled: e.enabled,
    links: { self: `${base}/identity/v3/endpoints/${e.id}` },
  };
}

export function endpointGroupView(g: EndpointGroup, base: string) {
  return { id: g.id, name: g.name, description: g.description, filters: g.filters, links: { self: `${base}/identity/v3/OS-EP-FILTER/endpoint_groups/${g.id}` } };
}

export interface TokenCatalogService {
  endpoints: Array<{ id: string; interface: string; region: string | null; region_id: string | null; url: string }>;
  id: string;
  type: string;
  name: string;
}

/**
 * Keystone's get_v3_catalog: enabled services with their enabled endpoints, URLs filled for the token;
 * an endpoint whose URL needs a project is left out of a token without one. A project with endpoint
 * associations sees only those, and services left without endpoints drop out.
 */
function renderCatalog(s: IdentityState, base: string, projectId: string | undefined, userId: string): TokenCatalogService[] {
  const cat = s.catalog;
  const only = projectId === undefined ? undefined : filteredEndpointIds(s, projectId);
  const byService = new Map<string, TokenCatalogService["endpoints"]>();
  for (const e of scan(cat.endpoints)) {
    if (!e.enabled || (only && !only.has(e.id))) continue;
    const url = formatEndpointUrl(endpointUrl(e, base), { projectId, userId });
    if (url === undefined) continue;
    let list = byService.get(e.serviceId);
    if (!list) byService.set(e.serviceId, (list = []));
    list.push({ id: e.id, interface: e.interface, region: e.regionId, region_id: e.regionId, url });
  }
  const out: TokenCatalogService[] = [];
  for (const svc of scan(cat.services)) {
    if (!svc.enabled) continue;
    const endpoints = byService.get(svc.id) ?? [];
    if (only && endpoints.length === 0) continue;
    out.push({ endpoints, id: svc.id, type: svc.type, name: svc.name });
  }
  return out;
}

/** Bounded: a client varying its Host header, or many users and projects, start the map over. */
const MAX_RENDERED = 1000;
const rendered = new WeakMap<CatalogState, Map<string, TokenCatalogService[]>>();

/**
 * The token catalog, rendered once per catalog version (any catalog write, or a project's associations
 * changing, makes a new `s.catalog`), address, project and user: token issue and validation are hot.
 */
export function tokenCatalog(s: IdentityState, base: string, projectId: string | undefined, userId: string): TokenCatalogService[] {
  let memo = rendered.get(s.catalog);
  if (!memo) rendered.set(s.catalog, (memo = new Map()));
  const key = `${base} ${projectId ?? ""} ${userId}`;
  let catalog = memo.get(key);
  if (!catalog) {
    catalog = renderCatalog(s, base, projectId, userId);
    if (memo.size >= MAX_RENDERED) memo.clear();
    memo.set(key, catalog);
  }
  return catalog;
}

// The seed world's catalog records: the configured region, and for every mounted service (the control API
// included) a service with public, internal and admin endpoints whose URLs follow the client's address.

import { createHash } from "node:crypto";
import { put } from "../../kernel/store/table.js";
import type { CatalogService } from "../../catalog.js";
import type { IdentityState } from "./state.js";
import { templateOfPath } from "./catalog-url.js";

const INTERFACES = ["public", "internal", "admin"] as const;

/** Keystone-shaped (32 hex) ids that are the same in every run: tokens and tests may name them. */
function stableId(seed: string): string {
  return createHash("sha256").update(seed).digest("hex").slice(0, 32);
}

export const seededServiceId = (type: string) => stableId(`service:${type}`);
export const seededEndpointId = (type: string, iface: string) => stableId(`endpoint:${type}:${iface}`);

/** Once per world: a merge into a world that has catalog records leaves them as they are. */
export function seedCatalog(s: IdentityState, entries: CatalogService[], region: string): void {
  const cat = s.catalog;
  if (cat.regions.size || cat.services.size || cat.endpoints.size) return;
  put(cat.regions, { id: region, description: "", parentRegionId: null, extra: {} });
  for (const entry of entries) {
    const serviceId = seededServiceId(entry.type);
    put(cat.services, { id: serviceId, type: entry.type, name: entry.name, enabled: true, extra: {} });
    for (const iface of INTERFACES) {
      const url = templateOfPath(entry.path);
      put(cat.endpoints, { id: seededEndpointId(entry.type, iface), serviceId, interface: iface, regionId: region, url, relative: true, enabled: true, extra: {} });
    }
  }
}

// What each mounted service module declares for the catalog, plus the control API: identity seeds its
// catalog records from this list (a service that is not mounted is not listed), one service with public,
// internal and admin endpoints each, whose URLs follow the address the client used. The token catalog
// is then built from those records (services/identity/views-catalog.ts), which admins may change.

import type { CatalogEntry, ServiceModule } from "./kernel/service.js";

export type { CatalogEntry as CatalogService } from "./kernel/service.js";

const CONTROL_API: CatalogEntry = { type: "emulator", name: "skymock", path: "/_emulator" };

export function catalogOf(services: ServiceModule[]): CatalogEntry[] {
  return [...services.flatMap((service) => service.catalog ?? []), CONTROL_API];
}

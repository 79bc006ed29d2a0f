// The service catalog every scoped token carries: what the mounted service modules declare (a service
// that is not mounted is not listed), plus the control API, each with public, internal and admin
// endpoints in one region, URLs built from the address the client used.

import type { CatalogEntry, ServiceModule } from "./kernel/service.js";

export type { CatalogEntry as CatalogService } from "./kernel/service.js";

const CONTROL_API: CatalogEntry = { type: "emulator", name: "skymock", path: "/_emulator" };

export function catalogOf(services: ServiceModule[]): CatalogEntry[] {
  return [...services.flatMap((service) => service.catalog ?? []), CONTROL_API];
}

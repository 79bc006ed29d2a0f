// The explicit list of cloud services this emulator runs. Adding a service is one line here and one
// folder under services/.

import type { ServiceModule } from "./kernel/service.js";
import type { ResolvedOptions } from "./config.js";
import { catalogOf, type CatalogService } from "./catalog.js";
import { identityService } from "./services/identity/index.js";
import { networkingService } from "./services/networking/index.js";
import { computeService } from "./services/compute/index.js";
import { imageService } from "./services/image/index.js";

export function defaultServices(options: ResolvedOptions): ServiceModule[] {
  // identity publishes the catalog of every module in this list, itself included
  const catalog: CatalogService[] = [];
  const services = [
    identityService({ catalog, region: options.region, tokenTtlSeconds: options.tokenTtlSeconds }),
    networkingService(),
    computeService({ buildMs: options.buildSeconds * 1000, actionMs: options.actionSeconds * 1000 }),
    imageService(),
  ] as ServiceModule[];
  catalog.push(...catalogOf(services));
  return services;
}

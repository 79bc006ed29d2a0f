// The explicit list of cloud services this emulator runs. Adding a service is one line here and one
// folder under services/.

import type { ServiceModule } from "./kernel/service.js";
import type { ResolvedOptions } from "./config.js";
import { catalogOf, type CatalogService } from "./catalog.js";
import { identityService } from "./services/identity/index.js";
import { securityCompliance } from "./services/identity/options.js";
import { networkingService } from "./services/networking/index.js";
import { computeService } from "./services/compute/index.js";
import { imageService } from "./services/image/index.js";
import { objectStorageService } from "./services/object-storage/index.js";
import { s3Service } from "./services/s3/index.js";
import { blockStorageService } from "./services/block-storage/index.js";
import { instanceHaService } from "./services/instance-ha/index.js";

/** The services' events, merged into the kernel's EventMap: any program that runs the services checks them. */
export type { EventMap } from "./events.js";

export function defaultServices(options: ResolvedOptions): ServiceModule[] {
  // identity publishes the catalog of every module in this list, itself included
  const catalog: CatalogService[] = [];
  // in dependency order: a service may call those listed before it (compute boots from and snapshots into
  // image's catalog through image/for-compute.ts; block storage reads and writes images through
  // image/for-block-storage.ts; compute will attach volumes through block-storage/for-compute.ts); the other
  // direction is an event
  const services = [
    identityService({ catalog, region: options.region, tokenTtlSeconds: options.tokenTtlSeconds, securityCompliance: securityCompliance(options.securityCompliance) }),
    networkingService(),
    imageService(),
    // block storage writes its backups into object storage through object-storage/for-block-storage.ts
    objectStorageService(),
    // S3 serves the same containers and objects through object-storage/for-s3.ts, signed with identity's EC2 keys
    s3Service({ region: options.region }),
    blockStorageService({ volumeMs: options.volumeSeconds * 1000 }),
    computeService({
      buildMs: options.buildSeconds * 1000,
      actionMs: options.actionSeconds * 1000,
      profile: options.profile,
      shelvedOffloadMs: options.shelvedOffloadSeconds * 1000,
      reclaimInstanceMs: options.reclaimInstanceSeconds * 1000,
    }),
    // instance HA asks compute through compute/for-instance-ha.ts
    instanceHaService(options.instanceHa),
  ] as ServiceModule[];
  catalog.push(...catalogOf(services));
  return services;
}

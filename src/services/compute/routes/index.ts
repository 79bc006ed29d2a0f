// The compute service's route table, in matching order: discovery, servers and their actions, flavors, images,
// keypairs, zones, server groups, hosts, quotas and the legacy proxies.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { ComputeOptions } from "../options.js";
import { computeDeps } from "./deps.js";
import { discoveryRoutes } from "./discovery.js";
import { serverRoutes } from "./servers.js";
import { serverActionRoutes } from "./server-actions/index.js";
import { flavorRoutes } from "./flavors.js";
import { imageRoutes } from "./images.js";
import { imageMetadataRoutes } from "./image-metadata.js";
import { keypairRoutes } from "./keypairs.js";
import { zoneRoutes } from "./zones.js";
import { serverGroupRoutes } from "./server-groups.js";
import { hypervisorRoutes } from "./hypervisors.js";
import { serviceRoutes } from "./hosts-services.js";
import { quotaRoutes } from "./quotas.js";
import { aggregateRoutes } from "./aggregates.js";
import { flavorAccessRoutes } from "./flavor-access.js";
import { legacyHostRoutes } from "./hosts-legacy.js";
import { tenantUsageRoutes } from "./tenant-usage.js";
import { usageAuditLogRoutes } from "./usage-audit-log.js";
import { quotaClassRoutes } from "./quota-classes.js";
import { extensionRoutes } from "./extensions.js";
import { proxySecurityGroupRoutes } from "./proxy-security-groups.js";
import { proxyNetworkRoutes } from "./proxy-networks.js";
import { proxyVolumeRoutes } from "./proxy-volumes.js";
import { serverResourceRoutes } from "./server-resources.js";

export function computeRoutes(kernel: Kernel, options: ComputeOptions): RouteDef[] {
  const deps = computeDeps(kernel, options);
  return [
    ...discoveryRoutes(deps),
    ...serverRoutes(deps),
    ...serverActionRoutes(deps),
    ...flavorRoutes(deps),
    ...imageRoutes(deps),
    ...imageMetadataRoutes(deps),
    ...keypairRoutes(deps),
    ...zoneRoutes(deps),
    ...serverGroupRoutes(deps),
    ...hypervisorRoutes(deps),
    ...serviceRoutes(deps),
    ...quotaRoutes(deps),
    ...aggregateRoutes(deps),
    ...flavorAccessRoutes(deps),
    ...legacyHostRoutes(deps),
    ...tenantUsageRoutes(deps),
    ...usageAuditLogRoutes(deps),
    ...quotaClassRoutes(deps),
    ...extensionRoutes(deps),
    ...proxySecurityGroupRoutes(deps),
    ...proxyNetworkRoutes(deps),
    ...proxyVolumeRoutes(deps),
    ...serverResourceRoutes(deps),
  ];
}

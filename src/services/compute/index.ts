// The compute service module (Nova v2.1 at /compute): the only file other code imports.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { computeResources } from "./resources.js";
import { computeTenants } from "./tenants.js";
import { computeOptions } from "./options.js";
import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { initialComputeState, type ComputeState } from "./state.js";
import { negotiate } from "./microversion.js";
import { loadComputeSeed } from "./seed.js";
import { resetComputeProject } from "./operations/reset.js";
import { computeControl } from "./control.js";
import { DEFAULT_COMPUTE_OPTIONS, type ComputeOptions } from "./options.js";
import { computeDeps } from "./routes/deps.js";
import { SLICE } from "./state.js";
import { discoveryRoutes } from "./routes/discovery.js";
import { serverRoutes } from "./routes/servers.js";
import { serverActionRoutes } from "./routes/server-actions/index.js";
import { flavorRoutes } from "./routes/flavors.js";
import { imageRoutes } from "./routes/images.js";
import { keypairRoutes } from "./routes/keypairs.js";
import { zoneRoutes } from "./routes/zones.js";
import { serverGroupRoutes } from "./routes/server-groups.js";
import { hypervisorRoutes } from "./routes/hypervisors.js";
import { serviceRoutes } from "./routes/hosts-services.js";
import { quotaRoutes } from "./routes/quotas.js";
import { startServerLifecycle } from "./transitions.js";
import { aggregateRoutes } from "./routes/aggregates.js";
import { flavorAccessRoutes } from "./routes/flavor-access.js";
import { legacyHostRoutes } from "./routes/hosts-legacy.js";
import { tenantUsageRoutes } from "./routes/tenant-usage.js";
import { usageAuditLogRoutes } from "./routes/usage-audit-log.js";
import { quotaClassRoutes } from "./routes/quota-classes.js";
import { extensionRoutes } from "./routes/extensions.js";
import { proxySecurityGroupRoutes } from "./routes/proxy-security-groups.js";
import { proxyNetworkRoutes } from "./routes/proxy-networks.js";
import { subscribeServerUsage } from "./usage-subscriptions.js";
import { subscribeCompute } from "./subscriptions.js";
import { serverResourceRoutes } from "./routes/server-resources.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { ComputeEvents } from "./events.js";
export type { ComputeState } from "./state.js";

export function computeService(overrides: Partial<ComputeOptions> = {}): ServiceModule<ComputeState> {
  const options = { ...DEFAULT_COMPUTE_OPTIONS, ...overrides };
  const mountPath = "/compute";
  return {
    name: SLICE,
    mountPath,
    // versioned, as real deployments publish compute and clients expect it
    catalog: [{ type: "compute", name: "nova", path: `${mountPath}/v2.1` }],
    envelope,
    resources: computeResources,
    tenants: computeTenants,
    initialState: initialComputeState,
    loadSeed: (draft, section, kernel, world) => loadComputeSeed(draft, section, kernel, world),
    resetProject: resetComputeProject,
    start(kernel) {
      startServerLifecycle(kernel, options);
      subscribeCompute(kernel);
      subscribeServerUsage(kernel);
    },
    control: (kernel) => computeControl(kernel),
    routes(kernel) {
      const deps = computeDeps(kernel, options);
      return buildServiceApp(
        kernel,
        {
          name: SLICE,
          mountPath,
          envelope,
          // discovery documents are not versioned; everything under /v2.1 negotiates a microversion
          prepare: (c) => {
            if (c.req.path.startsWith(`${mountPath}/v2.1/`)) negotiate(c);
          },
        },
        [
          ...discoveryRoutes(deps),
          ...serverRoutes(deps),
          ...serverActionRoutes(deps),
          ...flavorRoutes(deps),
          ...imageRoutes(deps),
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
          ...serverResourceRoutes(deps),
        ],
      );
    },
    health: (kernel) => {
      const s = kernel.slice<ComputeState>(SLICE);
      return s ? { ready: true, detail: `${s.servers.size} servers, ${s.hosts.size} hosts` } : { ready: false, detail: "no state" };
    },
  };
}

export const compute: ServiceDefinition<typeof computeOptions.fields> = {
  name: SLICE,
  options: computeOptions,
  create: (o) =>
    computeService({
      buildMs: o.buildSeconds * 1000,
      actionMs: o.actionSeconds * 1000,
      profile: o.profile,
      shelvedOffloadMs: o.shelvedOffloadSeconds * 1000,
      reclaimInstanceMs: o.reclaimInstanceSeconds * 1000,
    }),
};

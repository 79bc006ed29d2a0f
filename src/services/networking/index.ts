// The networking service module (Neutron v2.0 at /networking): the only file other code imports.

import type { ServiceDefinition, ServiceModule } from "../../kernel/service.js";
import { networkingResources } from "./resources.js";
import { networkingTenants } from "./tenants.js";

import { buildServiceApp } from "../../kernel/http/service-app.js";
import { envelope } from "./errors.js";
import { initialNetworkingState, type NetworkingState } from "./state.js";
import { loadNetworkingSeed } from "./seed.js";
import { resetNetworkingProject } from "./operations/reset.js";
import { networkingDeps } from "./routes/deps.js";
import { SLICE } from "./state.js";
import { discoveryRoutes } from "./routes/discovery.js";
import { networkRoutes } from "./routes/networks.js";
import { subnetRoutes } from "./routes/subnets.js";
import { portRoutes } from "./routes/ports.js";
import { routerRoutes } from "./routes/routers.js";
import { securityGroupRoutes } from "./routes/security-groups.js";
import { floatingIpRoutes } from "./routes/floating-ips.js";
import { qosRoutes } from "./routes/qos.js";
import { quotaRoutes } from "./routes/quotas.js";
import { tagRoutes } from "./routes/tags.js";
import { subscribeNetworking } from "./subscriptions.js";
import { availabilityZoneRoutes } from "./routes/availability-zones.js";
import { subnetPoolRoutes } from "./routes/subnet-pools.js";
import { agentRoutes } from "./routes/agents.js";
import { rbacPolicyRoutes } from "./routes/rbac-policies.js";
import { ipAvailabilityRoutes } from "./routes/ip-availability.js";
import { segmentRoutes } from "./routes/segments.js";
import { trunkRoutes } from "./routes/trunks.js";
import { meteringRoutes } from "./routes/metering.js";
import { portForwardingRoutes } from "./routes/port-forwarding.js";
import { autoAllocatedTopologyRoutes } from "./routes/auto-allocated-topology.js";

// its events (events.ts merges them into the kernel's EventMap wherever this module is compiled)
export type { NetworkingEvents } from "./events.js";
export type { Network, NetworkingState, Port } from "./state.js";
export type { ProxyFloatingIp, ProxyGroup, ProxyRule } from "./for-compute-proxy.js";
/** The functions compute uses to create, bind, unbind and delete a server's ports and read their addresses. */
export * as computeHooks from "./for-compute.js";

export function networkingService(): ServiceModule<NetworkingState> {
  const mountPath = "/networking";
  return {
    name: SLICE,
    mountPath,
    catalog: [{ type: "network", name: "neutron", path: mountPath }],
    envelope,
    resources: networkingResources,
    tenants: networkingTenants,
    initialState: initialNetworkingState,
    loadSeed: (draft, section, kernel, world) => loadNetworkingSeed(draft, section, kernel, world),
    resetProject: resetNetworkingProject,
    start: (kernel) => subscribeNetworking(kernel),
    routes(kernel) {
      const deps = networkingDeps(kernel);
      return buildServiceApp(kernel, { name: SLICE, mountPath, envelope }, [
        ...discoveryRoutes(deps),
        ...networkRoutes(deps),
        ...subnetRoutes(deps),
        ...portRoutes(deps),
        ...routerRoutes(deps),
        ...securityGroupRoutes(deps),
        ...floatingIpRoutes(deps),
        ...qosRoutes(deps),
        ...quotaRoutes(deps),
        ...tagRoutes(deps),
        ...availabilityZoneRoutes(deps),
        ...subnetPoolRoutes(deps),
        ...agentRoutes(deps),
        ...rbacPolicyRoutes(deps),
        ...ipAvailabilityRoutes(deps),
        ...segmentRoutes(deps),
        ...trunkRoutes(deps),
        ...meteringRoutes(deps),
        ...portForwardingRoutes(deps),
        ...autoAllocatedTopologyRoutes(deps),
      ]);
    },
    health: (kernel) => {
      const s = kernel.slice<NetworkingState>(SLICE);
      return s ? { ready: true, detail: `${s.networks.size} networks, ${s.ports.size} ports` } : { ready: false, detail: "no state" };
    },
  };
}

export const networking: ServiceDefinition = { name: SLICE, create: () => networkingService() };

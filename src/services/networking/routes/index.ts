// The networking service's route table, in matching order: discovery, networks, subnets, ports, routers,
// security groups, floating IPs and the extensions.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { networkingDeps } from "./deps.js";
import type { NetworkingProfile } from "../options.js";
import { discoveryRoutes } from "./discovery.js";
import { networkRoutes } from "./networks.js";
import { subnetRoutes } from "./subnets.js";
import { portRoutes } from "./ports.js";
import { routerRoutes } from "./routers.js";
import { securityGroupRoutes } from "./security-groups.js";
import { floatingIpRoutes } from "./floating-ips.js";
import { qosRoutes } from "./qos.js";
import { quotaRoutes } from "./quotas.js";
import { tagRoutes } from "./tags.js";
import { availabilityZoneRoutes } from "./availability-zones.js";
import { subnetPoolRoutes } from "./subnet-pools.js";
import { agentRoutes } from "./agents.js";
import { rbacPolicyRoutes } from "./rbac-policies.js";
import { ipAvailabilityRoutes } from "./ip-availability.js";
import { segmentRoutes } from "./segments.js";
import { trunkRoutes } from "./trunks.js";
import { meteringRoutes } from "./metering.js";
import { portForwardingRoutes } from "./port-forwarding.js";
import { autoAllocatedTopologyRoutes } from "./auto-allocated-topology.js";

export function networkingRoutes(kernel: Kernel, profile: NetworkingProfile): RouteDef[] {
  const deps = networkingDeps(kernel, profile);
  return [
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
  ];
}

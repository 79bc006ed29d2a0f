// Auto-allocated topology (neutron/services/auto_allocate/db.py): on first GET a project gets a network,
// an IPv4 subnet and a router with a gateway on the default external network, once; later GETs return the
// same network. `fields=dry-run` only checks the requirements. The subnet comes from the default IPv4
// subnet pool; where there is none (the default world has none) it takes a fixed CIDR instead of failing.

import type { Caller } from "../../../kernel/operation.js";
import { find, get, put, remove } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { badRequest } from "../errors.js";
import type { NetworkingState } from "../state.js";
import { autoAllocationFailure } from "../extension-errors.js";
import type { NetworkingContext } from "./common.js";
import { createNetwork, deleteNetwork } from "./networks.js";
import { createSubnet } from "./subnets.js";
import { createRouter, deleteRouter, elevated, updateRouter } from "./routers.js";
import { addRouterInterface, removeRouterInterface } from "./router-interfaces.js";

export const AUTO_ALLOCATED_CIDR = "10.199.0.0/24";

/** Only the project itself or an admin (auto_allocate db._validate: NotAuthorized). */
function checkProject(caller: Caller, projectId: string): void {
  if (!caller.isAdmin && caller.projectId !== projectId) throw new ApiError(403, "NotAuthorized", "Not authorized.");
}

function defaultExternalNetwork(s: NetworkingState) {
  const network = find(s.networks, (n) => n.external && n.isDefault);
  if (!network) throw autoAllocationFailure("No default router:external network");
  return network;
}

export type TopologyAnswer = { id: string; tenant_id: string; project_id: string };

export function dryRun(s: NetworkingState, caller: Caller, projectId: string, fields: string[]): TopologyAnswer | undefined {
  checkProject(caller, projectId);
  if (fields.includes("dry-run")) {
    defaultExternalNetwork(s);
    return { id: "dry-run=pass", tenant_id: projectId, project_id: projectId };
  }
  if (fields.length > 0) throw badRequest("auto_allocate", "Unrecognized field");
  const existing = get(s.ext.autoTopologies, projectId);
  return existing ? { id: existing.networkId, tenant_id: projectId, project_id: projectId } : undefined;
}

/** Builds the topology in the caller's one write: a failure (quota, no external network) leaves nothing. */
export function allocateTopology(s: NetworkingState, ctx: NetworkingContext, projectId: string): TopologyAnswer {
  const existing = get(s.ext.autoTopologies, projectId);
  if (existing) return { id: existing.networkId, tenant_id: projectId, project_id: projectId };
  const external = defaultExternalNetwork(s);
  const admin = elevated(ctx);
  const network = createNetwork(s, admin, { name: "auto_allocated_network", projectId });
  const pool = find(s.subnetPools, (p) => p.isDefault && p.ipVersion === 4);
  const subnet = createSubnet(s, admin, {
    networkId: network.id,
    ...(pool ? { subnetpoolId: pool.id } : { cidr: AUTO_ALLOCATED_CIDR }),
    ipVersion: 4,
    name: "auto_allocated_subnet_v4",
    projectId,
  });
  const router = createRouter(s, admin, { name: "auto_allocated_router", projectId, gateway: { networkId: external.id } });
  addRouterInterface(s, admin, router, { subnetId: subnet.id });
  put(s.ext.autoTopologies, { id: projectId, networkId: network.id, subnetIds: [subnet.id], routerId: router.id });
  return { id: network.id, tenant_id: projectId, project_id: projectId };
}

/** Tears the topology down: interfaces, gateway, router, network (with its subnets). Nothing to delete is fine. */
export function deleteTopology(s: NetworkingState, ctx: NetworkingContext, projectId: string): void {
  checkProject(ctx.caller, projectId);
  const topology = get(s.ext.autoTopologies, projectId);
  if (!topology) return;
  const admin = elevated(ctx);
  const router = get(s.routers, topology.routerId);
  if (router) {
    for (const i of [...router.interfaces]) removeRouterInterface(s, admin, router, { portId: i.portId });
    updateRouter(s, admin, router, { gateway: null });
    deleteRouter(s, admin, router);
  }
  if (get(s.networks, topology.networkId)) deleteNetwork(s, admin, topology.networkId);
  remove(s.ext.autoTopologies, projectId);
}

// Routers (neutron/db/l3_db.py, extraroute_db.py): the router's lifecycle, its
// external gateway (a `network:router_gateway` port on a router:external network) and its extra routes.
// Interfaces live in router-interfaces.ts.

import { get, put, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { badRequest, invalidAttribute, invalidRoutes, policyNotAuthorized, routerExternalGatewayInUseByFloatingIp, routerInUse } from "../errors.js";
import { parseCidr, cidrContains } from "../cidr.js";
import { parseIp, sameIp } from "../ip.js";
import type { NetworkingState, Router } from "../state.js";
import { newStandard, releaseQuota, reserveQuota, targetProject, touch, type NetworkingContext } from "./common.js";
import { createPort, deletePortRecord, ROUTER_GATEWAY } from "./ports.js";
import { floatingIpsOfRouter } from "./floating-ips.js";
import { changedIps } from "./port-update.js";
import { allocateAddresses, releaseAddresses } from "./addresses.js";
import { visibleNetwork } from "./visibility.js";
import { applyRouterFlags, onRouterDeleting } from "./extension-hooks.js";
import { checkAzHints } from "./availability-zones.js";

// the router routes read it here
export { visibleRouter } from "./visibility.js";

/** `external_gateway_info` as the API gives it; null or `{}` clears the gateway. */
export interface GatewayInput {
  networkId?: string;
  enableSnat?: boolean;
  externalFixedIps?: Array<{ subnetId?: string; ipAddress?: string }>;
}

export interface RouterInput {
  name?: string;
  description?: string;
  adminStateUp?: boolean;
  projectId?: string;
  tags?: string[];
  gateway?: GatewayInput | null;
  distributed?: boolean;
  ha?: boolean;
  availabilityZoneHints?: string[];
}

export interface RouterPatch extends Omit<RouterInput, "projectId" | "tags" | "gateway" | "availabilityZoneHints"> {
  /** undefined leaves the gateway as it is; null (or no network_id) clears it */
  gateway?: GatewayInput | null;
  routes?: Array<{ destination: string; nexthop: string }> | null;
}

/** Router-owned ports are made with the service's own rights (Neutron's elevated context). */
export function elevated(ctx: NetworkingContext): NetworkingContext {
  return { ...ctx, caller: { ...ctx.caller, isAdmin: true } };
}

export function createRouter(s: NetworkingState, ctx: NetworkingContext, input: RouterInput): Router {
  const projectId = targetProject(ctx.caller, input.projectId);
  checkAdminOnly(ctx.caller, "create_router", input);
  reserveQuota(s, projectId, "router");
  const router: Router = {
    ...newStandard(ctx, { name: input.name, description: input.description, projectId, tags: input.tags }),
    adminStateUp: input.adminStateUp ?? true,
    status: "ACTIVE",
    externalGateway: null,
    interfaces: [],
    routes: [],
    availabilityZoneHints: checkAzHints(input.availabilityZoneHints),
  };
  put(s.routers, router);
  const stored = get(s.routers, router.id)!;
  applyRouterFlags(ctx.caller, "create_router", stored, input);
  if (input.gateway) applyGateway(s, ctx, stored, input.gateway);
  ctx.tx.emit("networking.router.created", { id: stored.id, projectId });
  return stored;
}

export function updateRouter(s: NetworkingState, ctx: NetworkingContext, router: Router, patch: RouterPatch): Router {
  checkAdminOnly(ctx.caller, "update_router", patch);
  applyRouterFlags(ctx.caller, "update_router", router, patch);
  if (patch.name !== undefined) router.name = patch.name;
  if (patch.description !== undefined) router.description = patch.description;
  if (patch.adminStateUp !== undefined) router.adminStateUp = patch.adminStateUp;
  if (patch.gateway !== undefined) applyGateway(s, ctx, router, patch.gateway);
  if (patch.routes !== undefined) router.routes = validateRoutes(s, router, patch.routes ?? []);
  touch(router, ctx.now);
  ctx.tx.emit("networking.router.updated", { id: router.id, projectId: router.projectId });
  return router;
}

/** add_extraroutes / remove_extraroutes: the routes given are merged into, or taken out of, the router's. */
export function changeExtraRoutes(s: NetworkingState, ctx: NetworkingContext, router: Router, routes: Array<{ destination: string; nexthop: string }>, add: boolean): Router {
  const key = (r: { destination: string; nexthop: string }) => `${r.destination}|${r.nexthop}`;
  const given = new Set(routes.map(key));
  const next = add ? [...router.routes, ...routes.filter((r) => !router.routes.some((o) => key(o) === key(r)))] : router.routes.filter((r) => !given.has(key(r)));
  return updateRouter(s, ctx, router, { routes: next });
}

export function deleteRouter(s: NetworkingState, ctx: NetworkingContext, router: Router): void {
  if (router.interfaces.length > 0) {
    throw routerInUse(router.id, `has ports still attached: ${router.interfaces.map((i) => i.portId).join(", ")}`);
  }
  clearGateway(s, ctx, router);
  onRouterDeleting(s, router.id);
  releaseQuota(s, router.projectId, "router");
  remove(s.routers, router.id);
  ctx.tx.emit("networking.router.deleted", { id: router.id, projectId: router.projectId });
}

/** `distributed`, `ha` and the gateway's SNAT and fixed addresses are admin-only attributes in Neutron. */
function checkAdminOnly(caller: Caller, action: string, input: { distributed?: boolean; ha?: boolean; gateway?: GatewayInput | null }): void {
  if (caller.isAdmin) {
    return;
  }
  if (input.distributed !== undefined) throw policyNotAuthorized(`${action}:distributed`);
  if (input.ha !== undefined) throw policyNotAuthorized(`${action}:ha`);
  if (input.gateway?.enableSnat !== undefined) throw policyNotAuthorized(`${action}:external_gateway_info:enable_snat`);
  if (input.gateway?.externalFixedIps !== undefined) throw policyNotAuthorized(`${action}:external_gateway_info:external_fixed_ips`);
}

function applyGateway(s: NetworkingState, ctx: NetworkingContext, router: Router, info: GatewayInput | null): void {
  if (!info || info.networkId === undefined) {
    if (info && (info.enableSnat !== undefined || info.externalFixedIps !== undefined)) {
      throw invalidAttribute("external_gateway_info", "network_id is required");
    }
    clearGateway(s, ctx, router);
    return;
  }
  const network = visibleNetwork(s, ctx.caller, info.networkId);
  if (!network.external) throw badRequest("router", `Network ${network.id} is not an external network`);
  const current = router.externalGateway;
  if (current && current.networkId === network.id) {
    if (info.enableSnat !== undefined) current.enableSnat = info.enableSnat;
    if (info.externalFixedIps !== undefined) updateGatewayAddresses(s, router, current, info.externalFixedIps);
    return;
  }
  const enableSnat = info.enableSnat ?? current?.enableSnat ?? true;
  if (current && current.networkId !== network.id && floatingIpsOfRouter(s, router.id).length > 0) {
    throw routerExternalGatewayInUseByFloatingIp(router.id, current.networkId);
  }
  clearGateway(s, ctx, router, true);
  const port = createPort(s, elevated(ctx), {
    networkId: network.id,
    fixedIps: info.externalFixedIps,
    deviceOwner: ROUTER_GATEWAY,
    deviceId: router.id,
    securityGroups: [],
    // Neutron gives the gateway port no project: its owner does not see it, only admins do
    projectId: "",
    countsAgainstNetwork: false,
  });
  router.externalGateway = { networkId: network.id, enableSnat, portId: port.id, fixedIps: port.fixedIps.map((ip) => ({ ...ip })) };
}

/** Releases the gateway port; refused while floating IPs reach the outside through it (unless replacing). */
function clearGateway(s: NetworkingState, ctx: NetworkingContext, router: Router, replacing = false): void {
  const gateway = router.externalGateway;
  if (!gateway) return;
  if (!replacing && floatingIpsOfRouter(s, router.id).length > 0) throw routerExternalGatewayInUseByFloatingIp(router.id, gateway.networkId);
  router.externalGateway = null;
  const port = get(s.ports, gateway.portId);
  if (port) deletePortRecord(s, elevated(ctx), port);
}

/**
 * New external_fixed_ips on the same network change the gateway port in place, as Neutron's port update
 * reads them (changedIps): an entry naming an address or a subnet the port already has keeps it, so the
 * same set given again changes nothing; unclaimed addresses are freed, new ones allocated.
 */
function updateGatewayAddresses(s: NetworkingState, router: Router, gateway: NonNullable<Router["externalGateway"]>, wanted: Array<{ subnetId?: string; ipAddress?: string }>): void {
  const port = get(s.ports, gateway.portId);
  const network = get(s.networks, gateway.networkId);
  if (!port || !network) return;
  const { keep, add, remove } = changedIps(port.fixedIps, wanted);
  if (add.length === 0 && remove.length === 0) return;
  releaseAddresses(s, remove);
  const added = add.length === 0 ? [] : allocateAddresses(s, network, add, port.id, { allowGateway: true });
  port.fixedIps = [...keep, ...added];
  gateway.fixedIps = port.fixedIps.map((ip) => ({ ...ip }));
}

function sameAddress(a: string, b: string): boolean {
  const x = parseIp(a);
  const y = parseIp(b);
  return !!x && !!y && sameIp(x, y);
}

/** Extra routes (extraroute_db._validate_routes): each nexthop must be on a subnet the router has an interface on. */
function validateRoutes(s: NetworkingState, router: Router, routes: Array<{ destination: string; nexthop: string }>): Array<{ destination: string; nexthop: string }> {
  const interfaceSubnets = router.interfaces.map((i) => get(s.subnets, i.subnetId)).filter((sub) => sub !== undefined);
  const ownPorts = router.interfaces.map((i) => get(s.ports, i.portId)).filter((p) => p !== undefined);
  const text = JSON.stringify(routes);
  const seen = new Set<string>();
  const out: Array<{ destination: string; nexthop: string }> = [];
  for (const route of routes) {
    if (!parseCidr(route.destination)) throw invalidAttribute("routes", `'${route.destination}' is not a valid IP subnet`);
    const nexthop = parseIp(route.nexthop);
    if (!nexthop) throw invalidAttribute("routes", `'${route.nexthop}' is not a valid IP address`);
    if (!interfaceSubnets.some((sub) => cidrContains(parseCidr(sub.cidr)!, nexthop))) throw invalidRoutes(text, "the nexthop is not connected with router");
    if (ownPorts.some((p) => p.fixedIps.some((ip) => sameAddress(ip.ipAddress, route.nexthop)))) throw invalidRoutes(text, "the nexthop is used by router");
    const key = `${route.destination}|${route.nexthop}`;
    if (!seen.has(key)) out.push({ destination: route.destination, nexthop: route.nexthop });
    seen.add(key);
  }
  return out;
}

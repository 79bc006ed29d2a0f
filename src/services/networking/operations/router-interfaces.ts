// Router interfaces (neutron/db/l3_db.py add_router_interface / remove_router_interface): an
// interface is a `network:router_interface` port holding the subnet's gateway address, made for a subnet or
// taken over from an existing port. subnet.routerIds and router.interfaces are kept in step.

import { get, regroup } from "../../../kernel/store/table.js";
import {
  badRequest, portInUse, routerInterfaceInUseByFloatingIp, routerInterfaceInUseByRoute, routerInterfaceNotFound, routerInterfaceNotFoundForSubnet,
} from "../errors.js";
import { cidrContains, cidrsOverlap, parseCidr } from "../cidr.js";
import { parseIp } from "../ip.js";
import type { NetworkingState, Port, Router, Subnet } from "../state.js";
import { touch, type NetworkingContext } from "./common.js";
import { createPort, deletePortRecord, portStatus, ROUTER_INTERFACE } from "./ports.js";
import { floatingIpsOfRouter } from "./floating-ips.js";
import { elevated } from "./routers.js";
import { visiblePort, visibleSubnet } from "./visibility.js";

export interface InterfaceRequest {
  subnetId?: string;
  portId?: string;
}

/** What add/remove_router_interface answer with. */
export interface InterfaceInfo {
  routerId: string;
  subnetId: string;
  portId: string;
  networkId: string;
  projectId: string;
  tags: string[];
}

export function addRouterInterface(s: NetworkingState, ctx: NetworkingContext, router: Router, req: InterfaceRequest): InterfaceInfo {
  if (req.subnetId === undefined && req.portId === undefined) throw badRequest("router", "Either subnet_id or port_id must be specified");
  if (req.subnetId !== undefined && req.portId !== undefined) throw badRequest("router", "Cannot specify both subnet-id and port-id");
  let port: Port;
  let subnet: Subnet;
  if (req.subnetId !== undefined) {
    subnet = visibleSubnet(s, ctx.caller, req.subnetId);
    checkSubnetFree(s, router, subnet);
    if (!subnet.gatewayIp) throw badRequest("router", `Subnet for router interface must have a gateway IP`);
    port = createPort(s, elevated(ctx), {
      networkId: subnet.networkId,
      fixedIps: [{ subnetId: subnet.id, ipAddress: subnet.gatewayIp }],
      deviceOwner: ROUTER_INTERFACE,
      deviceId: router.id,
      securityGroups: [],
      projectId: router.projectId,
    });
    port = get(s.ports, port.id)!;
  } else {
    port = visiblePort(s, ctx.caller, req.portId!);
    if (port.deviceId !== "" || port.deviceOwner !== "") {
      throw portInUse(port.id, `Port already has an attached device ${port.deviceId || port.deviceOwner}`);
    }
    if (port.fixedIps.length === 0) throw badRequest("router", "Router port must have at least one fixed IP");
    if (port.fixedIps.length > 1) throw badRequest("router", "Router port must have exactly one fixed IP");
    subnet = get(s.subnets, port.fixedIps[0].subnetId)!;
    checkSubnetFree(s, router, subnet);
    port.deviceOwner = ROUTER_INTERFACE;
    regroup(s.ports, port, "deviceId", router.id);
    port.status = portStatus(port);
    touch(port, ctx.now);
  }
  router.interfaces.push({ portId: port.id, subnetId: subnet.id });
  const stored = get(s.subnets, subnet.id)!;
  if (!stored.routerIds.includes(router.id)) stored.routerIds.push(router.id);
  touch(router, ctx.now);
  ctx.tx.emit("networking.router.updated", { id: router.id, projectId: router.projectId, interfaceAdded: { portId: port.id, subnetId: subnet.id } });
  return info(router, subnet, port.id);
}

export function removeRouterInterface(s: NetworkingState, ctx: NetworkingContext, router: Router, req: InterfaceRequest): InterfaceInfo {
  if (req.subnetId === undefined && req.portId === undefined) throw badRequest("router", "Either subnet_id or port_id must be specified");
  let index: number;
  if (req.portId !== undefined) {
    index = router.interfaces.findIndex((i) => i.portId === req.portId);
    if (index < 0) throw routerInterfaceNotFound(router.id, req.portId);
    if (req.subnetId !== undefined && router.interfaces[index].subnetId !== req.subnetId) {
      throw badRequest("router", `Subnet on port ${req.portId} does not match the requested subnet ${req.subnetId}`);
    }
  } else {
    const subnet = visibleSubnet(s, ctx.caller, req.subnetId!);
    index = router.interfaces.findIndex((i) => i.subnetId === subnet.id);
    if (index < 0) throw routerInterfaceNotFoundForSubnet(router.id, subnet.id);
  }
  const { portId, subnetId } = router.interfaces[index];
  const subnet = get(s.subnets, subnetId)!;
  checkInterfaceUnused(s, router, subnet);
  router.interfaces.splice(index, 1);
  subnet.routerIds = subnet.routerIds.filter((id) => id !== router.id || router.interfaces.some((i) => i.subnetId === subnetId));
  const port = get(s.ports, portId);
  if (port) deletePortRecord(s, elevated(ctx), port);
  touch(router, ctx.now);
  ctx.tx.emit("networking.router.updated", { id: router.id, projectId: router.projectId, interfaceRemoved: { portId, subnetId } });
  return info(router, subnet, portId);
}

function info(router: Router, subnet: Subnet, portId: string): InterfaceInfo {
  return { routerId: router.id, subnetId: subnet.id, portId, networkId: subnet.networkId, projectId: router.projectId, tags: [...router.tags] };
}

/** A router has one port per subnet, and its subnets (gateway's included) never overlap (l3_db._check_for_dup_router_subnets). */
function checkSubnetFree(s: NetworkingState, router: Router, subnet: Subnet): void {
  const attached = [...router.interfaces.map((i) => i.subnetId), ...(router.externalGateway?.fixedIps.map((ip) => ip.subnetId) ?? [])];
  const cidr = parseCidr(subnet.cidr)!;
  for (const id of attached) {
    if (id === subnet.id) throw badRequest("router", `Router already has a port on subnet ${subnet.id}`);
    const other = get(s.subnets, id);
    if (other && cidrsOverlap(cidr, parseCidr(other.cidr)!)) {
      throw badRequest("router", `Cidr ${subnet.cidr} of subnet ${subnet.id} overlaps with cidr ${other.cidr} of subnet ${other.id}`);
    }
  }
}

/** An interface that floating IPs or extra routes rely on stays (409), as in Neutron. */
function checkInterfaceUnused(s: NetworkingState, router: Router, subnet: Subnet): void {
  const cidr = parseCidr(subnet.cidr)!;
  for (const fip of floatingIpsOfRouter(s, router.id)) {
    const fixed = fip.fixedIpAddress ? parseIp(fip.fixedIpAddress) : undefined;
    if (fixed && cidrContains(cidr, fixed)) throw routerInterfaceInUseByFloatingIp(router.id, subnet.id);
  }
  for (const route of router.routes) {
    const nexthop = parseIp(route.nexthop);
    if (nexthop && cidrContains(cidr, nexthop)) throw routerInterfaceInUseByRoute(router.id, subnet.id);
  }
}

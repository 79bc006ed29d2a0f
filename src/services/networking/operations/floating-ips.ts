// Floating IPs (neutron/db/l3_db.py): an address allocated from a router:external network
// (owner `fip:<id>` in s.ipOwners), associated with a port's fixed IPv4 address when a router with its
// gateway on that network has an interface on the port's subnet. DOWN unassociated, ACTIVE associated.

import { checkDnsDomain, checkFipDnsName } from "../dns-names.js";
import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { badRequest, externalGatewayForFloatingIpNotFound, floatingIpPortAlreadyAssociated, invalidAttribute, notFound, policyNotAuthorized } from "../errors.js";
import { parseIp, sameIp } from "../ip.js";
import type { FloatingIp, NetworkingState, Port } from "../state.js";
import { newStandard, owns, releaseQuota, reserveQuota, targetProject, touch, type NetworkingContext } from "./common.js";
import { allocateAddresses, releaseAddresses } from "./addresses.js";
import { visibleNetwork, visiblePort, visibleQosPolicy } from "./visibility.js";
import { checkFloatingIpAssociable, onFloatingIpDeleting } from "./extension-hooks.js";

export interface FloatingIpInput {
  floatingNetworkId: string;
  floatingIpAddress?: string;
  subnetId?: string;
  portId?: string | null;
  fixedIpAddress?: string;
  description?: string;
  projectId?: string;
  qosPolicyId?: string | null;
  tags?: string[];
  dnsName?: string;
  dnsDomain?: string;
}

export interface FloatingIpPatch {
  /** undefined keeps the association; null disassociates */
  portId?: string | null;
  fixedIpAddress?: string | null;
  description?: string;
  qosPolicyId?: string | null;
}

export function visibleFloatingIp(s: NetworkingState, caller: Caller, id: string): FloatingIp {
  const fip = get(s.floatingIps, id);
  if (!fip || !owns(caller, fip)) throw notFound("FloatingIP", id);
  return fip;
}

/** Floating IPs that reach the outside through this router. */
export function floatingIpsOfRouter(s: NetworkingState, routerId: string): FloatingIp[] {
  return s.floatingIps.size === 0 ? [] : filter(s.floatingIps, (f) => f.routerId === routerId);
}

export function createFloatingIp(s: NetworkingState, ctx: NetworkingContext, input: FloatingIpInput): FloatingIp {
  const projectId = targetProject(ctx.caller, input.projectId);
  // create_floatingip:floating_ip_address is admin-only in Neutron's policy
  if (input.floatingIpAddress !== undefined && !ctx.caller.isAdmin) throw policyNotAuthorized("create_floatingip:floating_ip_address");
  if (input.floatingIpAddress !== undefined && !parseIp(input.floatingIpAddress)) {
    throw invalidAttribute("floating_ip_address", `'${input.floatingIpAddress}' is not a valid IP address`);
  }
  if (input.fixedIpAddress !== undefined && !input.portId) throw badRequest("floatingip", "fixed_ip_address cannot be specified without a port_id");
  if (input.dnsName !== undefined) checkFipDnsName(input.dnsName);
  if (input.dnsDomain !== undefined) checkDnsDomain(input.dnsDomain);
  const network = visibleNetwork(s, ctx.caller, input.floatingNetworkId);
  if (!network.external) throw badRequest("floatingip", `Network ${network.id} is not a valid external network`);
  if (input.subnetId !== undefined) {
    const subnet = get(s.subnets, input.subnetId);
    if (!subnet || subnet.networkId !== network.id) throw badRequest("floatingip", `Subnet ${input.subnetId} is not on network ${network.id}`);
  }
  const qosPolicyId = input.qosPolicyId ? visibleQosPolicy(s, ctx.caller, input.qosPolicyId).id : null;
  reserveQuota(s, projectId, "floatingip");
  const standard = newStandard(ctx, { description: input.description, projectId, tags: input.tags });
  const requests =
    input.subnetId !== undefined ? [{ subnetId: input.subnetId, ipAddress: input.floatingIpAddress }] : input.floatingIpAddress !== undefined ? [{ ipAddress: input.floatingIpAddress }] : undefined;
  const [address] = allocateAddresses(s, network, requests, `fip:${standard.id}`, { ipVersion: 4 });
  const fip: FloatingIp = {
    ...standard,
    floatingIpAddress: address.ipAddress,
    floatingNetworkId: network.id,
    floatingSubnetId: address.subnetId,
    portId: null,
    fixedIpAddress: null,
    routerId: null,
    status: "DOWN",
    qosPolicyId,
    ...(input.dnsName && { dnsName: input.dnsName }),
    ...(input.dnsDomain && { dnsDomain: input.dnsDomain }),
  };
  put(s.floatingIps, fip);
  const stored = get(s.floatingIps, fip.id)!;
  checkFloatingIpAssociable(s, stored.id, input.portId);
  if (input.portId) associate(s, ctx, stored, input.portId, input.fixedIpAddress);
  ctx.tx.emit("networking.floatingip.created", { id: stored.id, projectId, floatingIpAddress: stored.floatingIpAddress, portId: stored.portId });
  return stored;
}

export function updateFloatingIp(s: NetworkingState, ctx: NetworkingContext, fip: FloatingIp, patch: FloatingIpPatch): FloatingIp {
  checkFloatingIpAssociable(s, fip.id, patch.portId);
  if (patch.description !== undefined) fip.description = patch.description;
  if (patch.qosPolicyId !== undefined) fip.qosPolicyId = patch.qosPolicyId === null ? null : visibleQosPolicy(s, ctx.caller, patch.qosPolicyId).id;
  if (patch.portId === null) {
    if (patch.fixedIpAddress) throw badRequest("floatingip", "fixed_ip_address cannot be specified without a port_id");
    disassociate(fip);
  } else if (patch.portId !== undefined) {
    associate(s, ctx, fip, patch.portId, patch.fixedIpAddress ?? undefined);
  } else if (patch.fixedIpAddress) {
    if (!fip.portId) throw badRequest("floatingip", "fixed_ip_address cannot be specified without a port_id");
    associate(s, ctx, fip, fip.portId, patch.fixedIpAddress);
  }
  touch(fip, ctx.now);
  ctx.tx.emit("networking.floatingip.updated", { id: fip.id, projectId: fip.projectId, portId: fip.portId, status: fip.status });
  return fip;
}

export function deleteFloatingIp(s: NetworkingState, ctx: NetworkingContext, fip: FloatingIp): void {
  onFloatingIpDeleting(s, fip.id);
  releaseAddresses(s, [{ subnetId: fip.floatingSubnetId, ipAddress: fip.floatingIpAddress }]);
  releaseQuota(s, fip.projectId, "floatingip");
  remove(s.floatingIps, fip.id);
  ctx.tx.emit("networking.floatingip.deleted", { id: fip.id, projectId: fip.projectId, floatingIpAddress: fip.floatingIpAddress });
}

/**
 * A deleted port loses its floating IPs' association (Neutron's disassociate_floatingips on port delete):
 * the addresses stay allocated, DOWN. Called by the port deletion; `now` bumps their revision.
 */
export function disassociateFloatingIpsOfPort(s: NetworkingState, portId: string, now?: number): void {
  if (s.floatingIps.size === 0) return;
  for (const fip of filter(s.floatingIps, (f) => f.portId === portId)) {
    disassociate(fip);
    if (now !== undefined) touch(fip, now);
  }
}

function disassociate(fip: FloatingIp): void {
  fip.portId = null;
  fip.fixedIpAddress = null;
  fip.routerId = null;
  fip.status = "DOWN";
}

function associate(s: NetworkingState, ctx: NetworkingContext, fip: FloatingIp, portId: string, fixedIpAddress: string | undefined): void {
  const port = visiblePort(s, ctx.caller, portId);
  const fixed = chooseFixedIp(port, fixedIpAddress);
  for (const other of scan(s.floatingIps)) {
    if (other.id !== fip.id && other.portId === port.id && other.fixedIpAddress === fixed.ipAddress && other.floatingNetworkId === fip.floatingNetworkId) {
      throw floatingIpPortAlreadyAssociated(port.id, other.id);
    }
  }
  const subnet = get(s.subnets, fixed.subnetId);
  const router = subnet?.routerIds.map((id) => get(s.routers, id)).find((r) => r?.externalGateway?.networkId === fip.floatingNetworkId);
  if (!router) throw externalGatewayForFloatingIpNotFound(fip.floatingNetworkId, fixed.subnetId, port.id);
  fip.portId = port.id;
  fip.fixedIpAddress = fixed.ipAddress;
  fip.routerId = router.id;
  fip.status = "ACTIVE";
}

/** The port's IPv4 address to map to: the one asked for, or its only one (l3_db._get_assoc_data). */
function chooseFixedIp(port: Port, wanted: string | undefined): { subnetId: string; ipAddress: string } {
  if (wanted !== undefined) {
    const ip = parseIp(wanted);
    if (!ip) throw invalidAttribute("fixed_ip_address", `'${wanted}' is not a valid IP address`);
    const found = port.fixedIps.find((f) => {
      const own = parseIp(f.ipAddress);
      return own !== undefined && sameIp(own, ip);
    });
    if (!found) throw badRequest("floatingip", `Port ${port.id} does not have fixed ip ${wanted}`);
    if (ip.version !== 4) throw badRequest("floatingip", `Cannot create floating IP and bind it to an IPv6 address ${wanted}`);
    return found;
  }
  const v4 = port.fixedIps.filter((f) => parseIp(f.ipAddress)?.version === 4);
  if (v4.length === 0) throw badRequest("floatingip", `Cannot add floating IP to port ${port.id} that has no fixed IPv4 addresses`);
  if (v4.length > 1) {
    throw badRequest("floatingip", `Port ${port.id} has multiple fixed IPv4 addresses. Must provide a specific IPv4 address when assigning a floating IP`);
  }
  return v4[0];
}

// Floating IP port forwardings (neutron/services/portforwarding/pf_plugin.py): a floating IP with no port
// of its own forwards protocol ports to a fixed IP of an internal port, reached through a router with an
// interface on that IP's subnet and a gateway on the floating IP's network. Duplicates are 400, as Neutron
// answers them; the floating IP takes the router while it has forwardings.

import { dictDelete, dictGet, dictSet, type Dict } from "../../../kernel/store/dict.js";
import { find, get, put, remove } from "../../../kernel/store/table.js";
import { canonicalIp } from "../ip.js";
import { badRequest, externalGatewayForFloatingIpNotFound } from "../errors.js";
import type { FloatingIp, NetworkingState } from "../state.js";
import type { PortForwarding } from "../extension-state.js";
import { fipInUseByPortForwarding, floatingIpAssociated, portForwardingNotFound, portHasBindingFloatingIp, portHasPortForwarding } from "../extension-errors.js";
import type { NetworkingContext } from "./common.js";
import { visiblePort } from "./visibility.js";

export interface ForwardingInput {
  protocol: "tcp" | "udp";
  internalPortId: string;
  internalIpAddress: string;
  internalPort: [number, number];
  externalPort: [number, number];
  description?: string;
}

export type ForwardingPatch = Partial<ForwardingInput>;

export function findForwarding(s: NetworkingState, fip: FloatingIp, id: string): PortForwarding {
  const pf = get(s.ext.portForwardings, id);
  if (!pf || pf.floatingIpId !== fip.id) throw portForwardingNotFound(id);
  return pf;
}

function indexed(s: NetworkingState, index: Dict<string[]>, key: string): PortForwarding[] {
  return (dictGet(index, key) ?? []).map((id) => get(s.ext.portForwardings, id)).filter((pf) => pf !== undefined);
}

export function forwardingsOf(s: NetworkingState, fipId: string): PortForwarding[] {
  return indexed(s, s.ext.forwardingsByFip, fipId);
}

function link(index: Dict<string[]>, key: string, id: string, add: boolean): void {
  const rest = (dictGet(index, key) ?? []).filter((x) => x !== id);
  if (add) rest.push(id);
  if (rest.length > 0) dictSet(index, key, rest);
  else dictDelete(index, key);
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] <= b[1] && b[0] <= a[1];
const rangeText = (r: [number, number]) => (r[0] === r[1] ? String(r[0]) : `${r[0]}:${r[1]}`);

/** Everything but the ids: the port, its address on a routed subnet, free external and internal sockets. */
function check(s: NetworkingState, ctx: NetworkingContext, fip: FloatingIp, pf: Omit<PortForwarding, "id" | "floatingIpId" | "projectId">, except?: string): string {
  if (fip.portId !== null) throw floatingIpAssociated(fip.floatingIpAddress, fip.id, pf.internalPortId, pf.internalIpAddress, fip.floatingNetworkId);
  const port = visiblePort(s, ctx.caller, pf.internalPortId);
  const wanted = canonicalIp(pf.internalIpAddress);
  const fixed = port.fixedIps.find((ip) => canonicalIp(ip.ipAddress) === wanted);
  if (!fixed) {
    throw badRequest("port_forwarding", `Requested internal IP address ${pf.internalIpAddress} is not suitable for internal neutron port ${port.id}, as its fixed_ips are ${JSON.stringify(port.fixedIps.map((ip) => ({ subnet_id: ip.subnetId, ip_address: ip.ipAddress })))}`);
  }
  const bound = find(s.floatingIps, (f) => f.portId === port.id);
  if (bound) throw portHasBindingFloatingIp(fip.floatingIpAddress, fip.id, port.id, fixed.ipAddress);
  const subnet = get(s.subnets, fixed.subnetId);
  const router = subnet?.routerIds.map((id) => get(s.routers, id)).find((r) => r?.externalGateway?.networkId === fip.floatingNetworkId);
  if (!router) throw externalGatewayForFloatingIpNotFound(fip.floatingNetworkId, fixed.subnetId, port.id);
  if (pf.internalPort[1] - pf.internalPort[0] !== pf.externalPort[1] - pf.externalPort[0] && pf.internalPort[0] !== pf.internalPort[1]) {
    throw badRequest("port_forwarding", "The internal and external port ranges must have the same size, or the internal port must be a single port");
  }
  for (const other of [...forwardingsOf(s, fip.id), ...indexed(s, s.ext.forwardingsByPort, port.id)]) {
    if (other.id === except || other.protocol !== pf.protocol) continue;
    if (other.floatingIpId === fip.id && overlaps(other.externalPort, pf.externalPort)) {
      throw duplicate({ floatingip_id: fip.id, external_port: rangeText(pf.externalPort), protocol: pf.protocol });
    }
    if (other.internalPortId === port.id && canonicalIp(other.internalIpAddress) === wanted && overlaps(other.internalPort, pf.internalPort)) {
      throw duplicate({ internal_neutron_port_id: port.id, socket: `${fixed.ipAddress}:${rangeText(pf.internalPort)}`, protocol: pf.protocol });
    }
  }
  return router.id;
}

function duplicate(values: Record<string, string>): Error {
  const text = `{${Object.entries(values).map(([k, v]) => `'${k}': '${v}'`).join(", ")}}`;
  return badRequest("port_forwarding", `A duplicate port forwarding entry with same attributes already exists, conflicting values are ${text}`);
}

export function createForwarding(s: NetworkingState, ctx: NetworkingContext, fip: FloatingIp, input: ForwardingInput): PortForwarding {
  const fields = { ...input, description: input.description ?? "" };
  const routerId = check(s, ctx, fip, fields);
  const pf: PortForwarding = { id: ctx.ids.uuid(), floatingIpId: fip.id, projectId: fip.projectId, ...fields };
  put(s.ext.portForwardings, pf);
  link(s.ext.forwardingsByFip, fip.id, pf.id, true);
  link(s.ext.forwardingsByPort, pf.internalPortId, pf.id, true);
  fip.routerId = routerId;
  return get(s.ext.portForwardings, pf.id)!;
}

export function updateForwarding(s: NetworkingState, ctx: NetworkingContext, fip: FloatingIp, pf: PortForwarding, patch: ForwardingPatch): PortForwarding {
  const next = { ...pf, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as PortForwarding;
  if (patch.internalPortId !== undefined && patch.internalIpAddress === undefined) {
    throw badRequest("port_forwarding", "internal_ip_address is required when internal_port_id changes");
  }
  fip.routerId = check(s, ctx, fip, next, pf.id);
  link(s.ext.forwardingsByPort, pf.internalPortId, pf.id, false);
  Object.assign(pf, next);
  link(s.ext.forwardingsByPort, pf.internalPortId, pf.id, true);
  return pf;
}

export function deleteForwarding(s: NetworkingState, fip: FloatingIp, pf: PortForwarding): void {
  remove(s.ext.portForwardings, pf.id);
  link(s.ext.forwardingsByFip, pf.floatingIpId, pf.id, false);
  link(s.ext.forwardingsByPort, pf.internalPortId, pf.id, false);
  if (fip.portId === null && forwardingsOf(s, fip.id).length === 0) fip.routerId = null;
}

/** Floating IP association hook: a floating IP with forwardings takes no port (FipInUseByPortForwarding). */
export function checkFloatingIpAssociable(s: NetworkingState, fipId: string, portId: string | null | undefined): void {
  if (portId === null || portId === undefined) return;
  if (forwardingsOf(s, fipId).length > 0) throw fipInUseByPortForwarding(fipId);
  if (indexed(s, s.ext.forwardingsByPort, portId).length > 0) throw portHasPortForwarding(portId);
}

/** Deletion hook: the forwardings of a deleted floating IP or internal port go with them. */
export function dropForwardings(s: NetworkingState, match: { floatingIpId?: string; portId?: string }): void {
  const gone = [
    ...(match.floatingIpId === undefined ? [] : forwardingsOf(s, match.floatingIpId)),
    ...(match.portId === undefined ? [] : indexed(s, s.ext.forwardingsByPort, match.portId)),
  ];
  for (const pf of gone) {
    if (!get(s.ext.portForwardings, pf.id)) continue;
    const fip = get(s.floatingIps, pf.floatingIpId);
    if (fip) deleteForwarding(s, fip, pf);
    else {
      remove(s.ext.portForwardings, pf.id);
      link(s.ext.forwardingsByFip, pf.floatingIpId, pf.id, false);
      link(s.ext.forwardingsByPort, pf.internalPortId, pf.id, false);
    }
  }
}

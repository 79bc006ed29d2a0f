// Ports (neutron db_base_plugin_v2 create/delete_port, ml2 binding, port-security): MAC addresses, fixed addresses, security groups, quota and the network's port count, and the
// status a port shows from what is bound to it. Updates live in port-update.ts.

import { exactList, intern, sharedList, sharedMap } from "../../../kernel/store/shared.js";
import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { get, peek, put, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import type { Tx } from "../../../kernel/store/store.js";
import * as E from "../errors.js";
import { canonicalIp } from "../ip.js";
import { parseCidr } from "../cidr.js";
import type { Network, NetworkingState, Port } from "../state.js";
import type { PortRare } from "../state.js";
import { portRare, portRareRecord } from "../port-rare.js";
import { newStandard, releaseQuota, reserveQuota, type NetworkingContext } from "./common.js";
import { allocateAddresses, releaseAddresses, type AddressRequest, type AllocateOptions } from "./addresses.js";
import { checkPortGroups, countGroupPorts, ensureDefaultGroup } from "./security-groups.js";
import { disassociateFloatingIpsOfPort } from "./floating-ips.js";
import { visibleNetwork, visiblePort, visibleQosPolicy } from "./visibility.js";
import { checkDnsName, mergeExtraDhcpOpts, type ExtraDhcpOptInput } from "./port-extras.js";
import { checkPortDeletable, onPortDeleting } from "./extension-hooks.js";

export const ROUTER_GATEWAY = "network:router_gateway";
export const ROUTER_INTERFACE = "network:router_interface";

/** Owners whose ports a router holds (the IPv6 subnet-router anycast address is theirs to take). */
const ROUTER_OWNERS = new Set(["network:router_interface", "network:router_interface_distributed", "network:ha_router_replicated_interface", "network:router_gateway"]);
/** Service ports that only their owner's API may delete (l3_db.prevent_l3_port_deletion). */
const SERVICE_OWNERS = new Set(["network:router_interface", "network:router_interface_distributed", "network:ha_router_replicated_interface", "network:router_gateway", "network:floatingip"]);
/** neutron's max_allowed_address_pair default */
export const MAX_ADDRESS_PAIRS = 10;
export const VNIC_TYPES = ["normal", "direct", "macvtap", "baremetal", "direct-physical", "virtio-forwarder", "smart-nic", "vdpa", "remote-managed", "accelerator-direct", "accelerator-direct-physical"] as const;

export interface AddressPairInput {
  ipAddress: string;
  macAddress?: string;
}

export interface PortInput {
  networkId: string;
  name?: string;
  description?: string;
  /** undefined: automatic addresses; []: none at all (Neutron's explicit empty list) */
  fixedIps?: AddressRequest[];
  deviceId?: string;
  deviceOwner?: string;
  /** undefined: the project's `default` group when port security applies */
  securityGroups?: string[];
  adminStateUp?: boolean;
  /** the owner; "" for a tenant-less service port (not counted against any quota) */
  projectId?: string;
  macAddress?: string;
  portSecurityEnabled?: boolean;
  /** false for the network's own service ports, which never block its deletion */
  countsAgainstNetwork?: boolean;
  allowedAddressPairs?: AddressPairInput[];
  qosPolicyId?: string | null;
  bindingHostId?: string;
  bindingVnicType?: string;
  bindingProfile?: Record<string, unknown>;
  tags?: string[];
  extraDhcpOpts?: ExtraDhcpOptInput[];
  dnsName?: string;
}

/** Ports with a `network:` owner are trusted: Neutron gives them no security groups. */
export function isTrustedOwner(deviceOwner: string): boolean {
  return deviceOwner.startsWith("network:");
}

/** Router interface owners (ROUTER_INTERFACE_OWNERS_SNAT): no automatic EUI-64 addresses for them. */
export function isRouterInterfaceOwner(deviceOwner: string): boolean {
  return isRouterOwner(deviceOwner) && deviceOwner !== ROUTER_GATEWAY;
}

export function isRouterOwner(deviceOwner: string): boolean {
  return ROUTER_OWNERS.has(deviceOwner);
}

/** How a port's addresses are allocated: router ports may take the anycast address, others get EUI-64 ones. */
export function addressOptions(deviceOwner: string, mac: string): AllocateOptions {
  return { allowGateway: isRouterOwner(deviceOwner), mac, routerInterface: isRouterInterfaceOwner(deviceOwner) };
}

/**
 * DOWN until something is bound: ACTIVE once a VM (`compute:*`), a router or a DHCP agent holds the port
 * (device_id set) and it is administratively up; a floating IP's port shows N/A, as in Neutron.
 */
export function portStatus(p: Pick<Port, "adminStateUp" | "deviceId" | "deviceOwner">): string {
  if (p.deviceOwner === "network:floatingip") return "N/A";
  if (!p.adminStateUp || p.deviceId === "") return "DOWN";
  const bound = p.deviceOwner.startsWith("compute:") || isRouterOwner(p.deviceOwner) || p.deviceOwner === "network:dhcp";
  return bound ? "ACTIVE" : "DOWN";
}

/** Neutron's policy: only admins and the network's owner pick MACs, exact addresses or network: owners. */
export function checkPortPolicy(caller: Caller, network: Network, action: "create_port" | "update_port", input: Pick<PortInput, "macAddress" | "fixedIps" | "deviceOwner" | "bindingHostId" | "bindingProfile">): void {
  const networkOwner = caller.isAdmin || network.projectId === caller.projectId;
  if (!networkOwner) {
    if (input.macAddress !== undefined) throw E.policyNotAuthorized(`${action}:mac_address`);
    if (input.fixedIps?.some((f) => f.ipAddress !== undefined)) throw E.policyNotAuthorized(`${action}:fixed_ips:ip_address`);
    if (input.deviceOwner !== undefined && isTrustedOwner(input.deviceOwner)) throw E.policyNotAuthorized(`${action}:device_owner`);
  }
  if (!caller.isAdmin) {
    if (input.bindingHostId !== undefined) throw E.policyNotAuthorized(`${action}:binding:host_id`);
    if (input.bindingProfile !== undefined) throw E.policyNotAuthorized(`${action}:binding:profile`);
  }
}

const MAC = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/;

/** A valid unicast-capable MAC in Neutron's form (lowercase, colons); all-zero and broadcast are refused. */
export function normalizeMac(text: string): string {
  const lower = text.toLowerCase();
  if (!MAC.test(lower)) throw E.invalidAttribute("mac_address", `'${text}' is not a valid MAC address`);
  const mac = lower.replaceAll("-", ":");
  if (mac === "00:00:00:00:00:00" || mac === "ff:ff:ff:ff:ff:ff") throw E.invalidAttribute("mac_address", `'${text}' is not a valid MAC address`);
  return mac;
}

/** Takes the given MAC (409 when another port has it) or a fresh fa:16:3e:xx:xx:xx one. */
export function claimMac(s: NetworkingState, ctx: Pick<NetworkingContext, "ids">, networkId: string, portId: string, requested?: string): string {
  if (requested !== undefined) {
    const mac = normalizeMac(requested);
    if (dictGet(s.macs, mac) !== undefined) throw E.macAddressInUse(networkId, mac);
    dictSet(s.macs, mac, portId);
    return mac;
  }
  const byte = () => Math.floor(ctx.ids.random() * 256).toString(16).padStart(2, "0");
  for (;;) {
    const mac = `fa:16:3e:${byte()}:${byte()}:${byte()}`;
    if (dictGet(s.macs, mac) === undefined) {
      dictSet(s.macs, mac, portId);
      return mac;
    }
  }
}

export function releaseMac(s: NetworkingState, mac: string, portId: string): void {
  if (dictGet(s.macs, mac) === portId) dictDelete(s.macs, mac);
}

/** allowed_address_pairs: an address or CIDR each, the MAC defaulting to the port's, no repeats. */
export function addressPairs(pairs: AddressPairInput[], portMac: string): PortRare["allowedAddressPairs"] {
  if (pairs.length > MAX_ADDRESS_PAIRS) throw E.allowedAddressPairsExhausted(MAX_ADDRESS_PAIRS);
  const seen = new Set<string>();
  return pairs.map((pair) => {
    const ip = pair.ipAddress.includes("/") ? (parseCidr(pair.ipAddress) ? pair.ipAddress : undefined) : canonicalIp(pair.ipAddress);
    if (ip === undefined) throw E.invalidAttribute("allowed_address_pairs", `'${pair.ipAddress}' is not a valid IP address or subnet`);
    const mac = pair.macAddress === undefined ? portMac : normalizeMac(pair.macAddress);
    const key = `${ip}|${mac}`;
    if (seen.has(key)) throw E.invalidAttribute("allowed_address_pairs", "Duplicate address detected");
    seen.add(key);
    return { ip_address: ip, mac_address: mac };
  });
}

/**
 * The groups a new port gets: none for trusted (`network:`) ports, or where port security is off or the
 * port has no address; the project's `default` group when none are named; explicit groups need both.
 */
function groupsForNewPort(s: NetworkingState, ctx: NetworkingContext, port: Pick<Port, "projectId" | "deviceOwner" | "fixedIps"> & Pick<PortRare, "portSecurityEnabled">, requested: string[] | undefined): string[] {
  const applies = port.portSecurityEnabled && port.fixedIps.length > 0;
  if (requested === undefined) {
    if (!applies || isTrustedOwner(port.deviceOwner) || port.projectId === "") return [];
    return [ensureDefaultGroup(s, ctx, port.projectId)];
  }
  if (requested.length === 0) return [];
  if (!applies) throw E.portSecurityRequiredForGroups();
  return checkPortGroups(s, port.projectId, requested);
}

export function createPort(s: NetworkingState, ctx: NetworkingContext, input: PortInput): Port {
  const network = visibleNetwork(s, ctx.caller, input.networkId);
  checkPortPolicy(ctx.caller, network, "create_port", input);
  const standard = newStandard(ctx, { name: input.name, description: input.description, projectId: input.projectId, tags: input.tags });
  const projectId = standard.projectId;
  if (projectId !== "") reserveQuota(s, projectId, "port");
  if (input.qosPolicyId) visibleQosPolicy(s, ctx.caller, input.qosPolicyId);
  const deviceOwner = input.deviceOwner ?? "";
  const deviceId = input.deviceId ?? "";
  const adminStateUp = input.adminStateUp ?? true;
  const macAddress = claimMac(s, ctx, network.id, standard.id, input.macAddress);
  const fixedIps = allocateAddresses(s, network, input.fixedIps, standard.id, addressOptions(deviceOwner, macAddress));
  const portSecurityEnabled = input.portSecurityEnabled ?? network.portSecurityEnabled;
  const securityGroups = groupsForNewPort(s, ctx, { projectId, deviceOwner, portSecurityEnabled, fixedIps }, input.securityGroups);
  const pairs = input.allowedAddressPairs ?? [];
  if (pairs.length > 0 && !portSecurityEnabled) throw E.addressPairRequiresPortSecurity();
  // one literal (not a spread and then the rest): its fields all sit in the object itself, none in a
  // separate property store (about 16 bytes a port)
  const port: Port = {
    id: standard.id,
    name: standard.name,
    description: standard.description,
    projectId: standard.projectId,
    createdAt: standard.createdAt,
    updatedAt: standard.updatedAt,
    revision: standard.revision,
    tags: standard.tags,
    networkId: network.id,
    adminStateUp,
    macAddress,
    fixedIps,
    deviceId,
    deviceOwner,
    status: portStatus({ adminStateUp, deviceId, deviceOwner }),
    securityGroups,
    bindingHostId: input.bindingHostId ?? "",
  };
  const rare = portRareRecord({
    allowedAddressPairs: sharedList(addressPairs(pairs, macAddress)),
    portSecurityEnabled,
    qosPolicyId: input.qosPolicyId ?? null,
    bindingVnicType: input.bindingVnicType ?? "normal",
    bindingProfile: sharedMap(input.bindingProfile ?? {}),
    countsAgainstNetwork: input.countsAgainstNetwork ?? true,
    extraDhcpOpts: sharedList(mergeExtraDhcpOpts([], input.extraDhcpOpts ?? [])),
    dnsName: checkDnsName(input.dnsName ?? ""),
  });
  if (rare) port.rare = rare;
  shareAlikeValues(port);
  put(s.ports, port);
  countGroupPorts(s, securityGroups, 1);
  if (portRare(port).countsAgainstNetwork) network.portCount++;
  ctx.tx.emit("networking.port.created", { id: port.id, projectId, networkId: network.id, deviceId, deviceOwner, fixedIps });
  return port;
}

/** What many ports hold alike, held once (kernel/store/shared.ts): empty lists, the group list; the addresses at their exact size. */
function shareAlikeValues(port: Port): void {
  port.tags = sharedList(port.tags);
  port.fixedIps = exactList(port.fixedIps);
  port.securityGroups = port.securityGroups.length === 0 ? sharedList(port.securityGroups) : intern(port.securityGroups);
}

/**
 * Deletes a port with no questions asked (routers, networks and the port API call it after their own
 * checks): frees its addresses and MAC, leaves its groups, gives back quota and the network's count, and
 * its floating IPs lose their association.
 */
export function deletePortRecord(s: NetworkingState, ctx: NetworkingContext, port: Readonly<Port>): void {
  // read only: the record goes below, so nothing of it is drafted
  const stored = peek(s.ports, port.id);
  if (!stored) return;
  releaseAddresses(s, stored.fixedIps);
  releaseMac(s, stored.macAddress, stored.id);
  countGroupPorts(s, stored.securityGroups, -1);
  if (stored.projectId !== "") releaseQuota(s, stored.projectId, "port");
  const network = get(s.networks, stored.networkId);
  if (network && portRare(stored).countsAgainstNetwork) network.portCount = Math.max(0, network.portCount - 1);
  onPortDeleting(s, stored.id);
  disassociateFloatingIpsOfPort(s, stored.id, ctx.now);
  // a router port deleted with its network: the router forgets it rather than point at nothing
  forgetRouterPort(s, stored);
  remove(s.ports, stored.id);
  ctx.tx.emit("networking.port.deleted", { id: stored.id, projectId: stored.projectId, networkId: stored.networkId, deviceId: stored.deviceId });
}

/**
 * A router port deleted by other means than the router's own API (the external network's deletion takes
 * its gateway ports with it) leaves the router without that gateway or interface.
 */
function forgetRouterPort(s: NetworkingState, port: Port): void {
  if (port.deviceOwner !== ROUTER_GATEWAY && port.deviceOwner !== ROUTER_INTERFACE) return;
  const router = get(s.routers, port.deviceId);
  if (!router) return;
  if (router.externalGateway?.portId === port.id) router.externalGateway = null;
  const gone = router.interfaces.find((i) => i.portId === port.id);
  if (!gone) return;
  router.interfaces = router.interfaces.filter((i) => i.portId !== port.id);
  const subnet = get(s.subnets, gone.subnetId);
  if (subnet && !router.interfaces.some((i) => i.subnetId === gone.subnetId)) subnet.routerIds = subnet.routerIds.filter((id) => id !== router.id);
}

/** DELETE /ports/{id}: a router's or floating IP's port goes through its owner's API (409 while that exists). */
export function deletePort(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  const port = visiblePort(s, ctx.caller, id);
  checkPortDeletable(s, port.id);
  if (SERVICE_OWNERS.has(port.deviceOwner)) {
    const holder = port.deviceOwner === "network:floatingip" ? get(s.floatingIps, port.deviceId) : get(s.routers, port.deviceId);
    if (holder) throw E.servicePortInUse(port.id, `has device owner ${port.deviceOwner}`);
  }
  deletePortRecord(s, ctx, port);
}

/** `networking.port.updated`, as port updates and compute's bindings publish it. */
export function emitPortUpdated(tx: Pick<Tx, "emit">, port: Port): void {
  tx.emit("networking.port.updated", {
    id: port.id,
    projectId: port.projectId,
    networkId: port.networkId,
    deviceId: port.deviceId,
    deviceOwner: port.deviceOwner,
    status: port.status,
  });
}

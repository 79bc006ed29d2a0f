// Network rules (Neutron v2.0 /networks, db_base_plugin_v2 and the external-net, provider-net extensions):
// the admin-only sharing, external and provider attributes, the in-use checks on update and delete, and
// network quotas. Who sees which network is visibility.ts's.

import { fieldChanged, filter, find, get, put, regroup, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import {
  externalNetworkInUse,
  flatNetworkInUse,
  invalidInput,
  ipv6MtuTooSmall,
  invalidSharedSetting,
  networkInUse,
  policyNotAuthorized,
  tunnelIdInUse,
  vlanIdInUse,
} from "../errors.js";
import { IPV6_MIN_MTU } from "../ip.js";
import type { Network, NetworkingState } from "../state.js";
import { newStandard, releaseQuota, reserveQuota, targetProject, touch, type NetworkingContext } from "./common.js";
import { deletePortRecord } from "./ports.js";
import { deleteFloatingIp } from "./floating-ips.js";
import { deleteSubnetRecord } from "./subnets.js";
import { ownedNetwork, visibleQosPolicy } from "./visibility.js";
import { checkDnsDomain } from "./port-extras.js";
import { checkAzHints } from "./availability-zones.js";
import { onNetworkDeleting } from "./extension-hooks.js";

export interface ProviderInput {
  networkType?: string;
  physicalNetwork?: string | null;
  segmentationId?: number | null;
}

export interface NetworkInput {
  name?: string;
  description?: string;
  adminStateUp?: boolean;
  shared?: boolean;
  external?: boolean;
  isDefault?: boolean;
  projectId?: string;
  mtu?: number;
  portSecurityEnabled?: boolean;
  qosPolicyId?: string | null;
  dnsDomain?: string;
  availabilityZoneHints?: string[];
  tags?: string[];
  provider?: ProviderInput;
}

export type NetworkPatch = Omit<NetworkInput, "projectId" | "availabilityZoneHints" | "tags" | "provider">;

/** The physical network devstack puts its flat external network on. */
export const EXTERNAL_PHYSNET = "public";
/** Tenant networks get VXLAN ids from here up (ml2 vni_ranges typically start at 1). */
const FIRST_VNI = 1000;

/** The deployment's global_physnet_mtu: every network type here carries up to this much (net-mtu-writable). */
export const MAX_MTU = 1500;

/** ml2's _get_network_mtu check: a requested MTU above what the segment carries is refused. */
function checkMtu(mtu: number | undefined): number | undefined {
  if (mtu !== undefined && mtu > MAX_MTU) throw invalidInput(`Requested MTU is too big, maximum is ${MAX_MTU}`);
  return mtu;
}

function adminOnly(caller: Caller, action: string, attribute: string, given: boolean): void {
  if (given && !caller.isAdmin) throw policyNotAuthorized(`${action}:${attribute}`);
}

export function createNetwork(s: NetworkingState, ctx: NetworkingContext, input: NetworkInput): Network {
  const caller = ctx.caller;
  const projectId = targetProject(caller, input.projectId);
  // Neutron's policy engine checks an admin-only attribute on create only when it differs from its default
  adminOnly(caller, "create_network", "shared", input.shared === true);
  adminOnly(caller, "create_network", "router:external", input.external === true);
  adminOnly(caller, "create_network", "is_default", input.isDefault === true);
  const provider = input.provider ?? {};
  adminOnly(caller, "create_network", "provider:network_type", provider.networkType !== undefined);
  adminOnly(caller, "create_network", "provider:physical_network", provider.physicalNetwork != null);
  adminOnly(caller, "create_network", "provider:segmentation_id", provider.segmentationId != null);
  const external = input.external ?? false;
  if (input.isDefault && !external) throw invalidInput("is_default can only be set on an external network");
  if (input.qosPolicyId) visibleQosPolicy(s, caller, input.qosPolicyId);
  const segment = segmentFor(s, provider, external);
  reserveQuota(s, projectId, "network");
  const network: Network = {
    ...newStandard(ctx, { name: input.name, description: input.description, projectId, tags: input.tags }),
    adminStateUp: input.adminStateUp ?? true,
    // a new network is ACTIVE at once
    status: "ACTIVE",
    shared: input.shared ?? false,
    external,
    isDefault: input.isDefault ?? false,
    mtu: checkMtu(input.mtu) ?? MAX_MTU,
    portSecurityEnabled: input.portSecurityEnabled ?? true,
    qosPolicyId: input.qosPolicyId ?? null,
    subnetIds: [],
    provider: segment,
    portCount: 0,
    dnsDomain: checkDnsDomain(input.dnsDomain ?? ""),
    availabilityZoneHints: checkAzHints(input.availabilityZoneHints),
  };
  put(s.networks, network);
  ctx.tx.emit("networking.network.created", { id: network.id, name: network.name, projectId, shared: network.shared, external });
  return network;
}

/**
 * The network's segment: what the admin asked for (checked as ml2's type drivers do), else VXLAN with the
 * next tunnel id for a tenant network and a flat network on `public` for an external one.
 */
function segmentFor(s: NetworkingState, p: ProviderInput, external: boolean): Network["provider"] {
  const type = p.networkType;
  const physnet = p.physicalNetwork ?? null;
  const segId = p.segmentationId ?? null;
  if (type === undefined) {
    if (physnet !== null || segId !== null) throw invalidInput("network_type required");
    if (external) return { networkType: "flat", physicalNetwork: EXTERNAL_PHYSNET, segmentationId: null };
    // the table's insertion counter never repeats, so automatic ids never collide with each other
    return { networkType: "vxlan", physicalNetwork: null, segmentationId: FIRST_VNI + s.networks.next };
  }
  const clash = (test: (n: Network) => boolean) => find(s.networks, (n) => n.provider.networkType === type && test(n));
  switch (type) {
    case "flat":
      if (physnet === null) throw invalidInput("physical_network required for flat provider network");
      if (segId !== null) throw invalidInput("segmentation_id specified for flat provider network");
      if (clash((n) => n.provider.physicalNetwork === physnet)) throw flatNetworkInUse(physnet);
      return { networkType: type, physicalNetwork: physnet, segmentationId: null };
    case "vlan": {
      if (physnet === null) throw invalidInput("physical_network required for VLAN provider network");
      if (segId !== null && segId > 4094) throw invalidInput(`segmentation_id out of range (1 through 4094)`);
      const vlan = segId ?? 100 + (s.networks.next % 3900);
      if (clash((n) => n.provider.physicalNetwork === physnet && n.provider.segmentationId === vlan)) throw vlanIdInUse(vlan, physnet);
      return { networkType: type, physicalNetwork: physnet, segmentationId: vlan };
    }
    case "local":
      if (physnet !== null || segId !== null) throw invalidInput("provider attributes are not allowed for a local network");
      return { networkType: type, physicalNetwork: null, segmentationId: null };
    default: {
      if (physnet !== null) throw invalidInput(`provider:physical_network specified for ${type} network`);
      const id = segId ?? FIRST_VNI + s.networks.next;
      if (segId !== null && clash((n) => n.provider.segmentationId === segId)) throw tunnelIdInUse(segId);
      return { networkType: type, physicalNetwork: null, segmentationId: id };
    }
  }
}

export function updateNetwork(s: NetworkingState, ctx: NetworkingContext, id: string, patch: NetworkPatch): Network {
  const caller = ctx.caller;
  const n = ownedNetwork(s, caller, id, "update_network");
  // on update, naming an admin-only attribute at all is checked, whatever its value
  adminOnly(caller, "update_network", "shared", patch.shared !== undefined);
  adminOnly(caller, "update_network", "router:external", patch.external !== undefined);
  adminOnly(caller, "update_network", "is_default", patch.isDefault !== undefined);
  if (patch.shared === false && n.shared) ensureNotSharedByOthers(s, n);
  if (patch.external === false && n.external) {
    if (find(s.routers, (r) => r.externalGateway?.networkId === id)) throw externalNetworkInUse(id);
  }
  const external = patch.external ?? n.external;
  if ((patch.isDefault ?? n.isDefault) && !external) throw invalidInput("is_default can only be set on an external network");
  if (patch.qosPolicyId) visibleQosPolicy(s, caller, patch.qosPolicyId);
  if (patch.name !== undefined) regroup(s.networks, n, "name", patch.name);
  if (patch.description !== undefined) n.description = patch.description;
  if (patch.adminStateUp !== undefined) n.adminStateUp = patch.adminStateUp;
  // both flags are indexed (a member's list reads the shared and external networks by them)
  const flags = { shared: n.shared, external: n.external };
  if (patch.shared !== undefined) n.shared = patch.shared;
  n.external = external;
  fieldChanged(s.networks, n, "shared", flags.shared);
  fieldChanged(s.networks, n, "external", flags.external);
  n.isDefault = external && (patch.isDefault ?? n.isDefault);
  if (patch.mtu !== undefined) {
    n.mtu = checkMtu(patch.mtu) as number;
    if (n.mtu < IPV6_MIN_MTU && n.subnetIds.some((sid) => get(s.subnets, sid)?.ipVersion === 6)) throw ipv6MtuTooSmall(n.mtu);
  }
  if (patch.portSecurityEnabled !== undefined) n.portSecurityEnabled = patch.portSecurityEnabled;
  if (patch.qosPolicyId !== undefined) n.qosPolicyId = patch.qosPolicyId;
  if (patch.dnsDomain !== undefined) n.dnsDomain = checkDnsDomain(patch.dnsDomain);
  touch(n, ctx.now);
  ctx.tx.emit("networking.network.updated", { id, fields: Object.keys(patch) });
  return n;
}

/** Unsharing: no other project may still have ports or subnets on the network (_validate_shared_update). */
function ensureNotSharedByOthers(s: NetworkingState, n: Network): void {
  const foreignPort = find(s.ports, (p) => p.networkId === n.id && p.projectId !== n.projectId && !p.deviceOwner.startsWith("network:"));
  const foreignSubnet = n.subnetIds.some((sid) => {
    const subnet = get(s.subnets, sid);
    return subnet !== undefined && subnet.projectId !== n.projectId;
  });
  if (foreignPort || foreignSubnet) throw invalidSharedSetting(n.name || n.id);
}

/**
 * Ports a network delete removes by itself (Neutron's AUTO_DELETE_PORT_OWNERS). Every other port blocks
 * the delete, router gateway and floating IP ports included, whether or not it counts in portCount.
 */
const AUTO_DELETE_OWNERS = new Set(["network:dhcp", "network:distributed", "network:floatingip_agent_gateway"]);

/**
 * Deletes the network with its subnets: 409 NetworkInUse while ports other than its own service ports
 * remain (network.portCount, and any port not in AUTO_DELETE_OWNERS); service ports are deleted with it,
 * and so are an external network's unassociated floating IPs (an associated one is NetworkInUse);
 * a subnet that still has addresses allocated is 409 SubnetInUse. All of it in the caller's one write,
 * so a refusal changes nothing.
 */
export function deleteNetwork(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  const n = ownedNetwork(s, ctx.caller, id, "delete_network");
  const ports = filter(s.ports, (p) => p.networkId === id);
  const blocking = ports.filter((p) => !AUTO_DELETE_OWNERS.has(p.deviceOwner));
  if (n.portCount > 0 || blocking.length > 0) throw networkInUse(id, blocking.map((p) => p.id));
  // floating IPs of an external network: unassociated ones go with it, an associated one blocks
  const fips = n.external && s.floatingIps.size > 0 ? filter(s.floatingIps, (f) => f.floatingNetworkId === id) : [];
  if (fips.some((f) => f.portId !== null)) throw networkInUse(id, []);
  onNetworkDeleting(s, id);
  for (const fip of fips) deleteFloatingIp(s, ctx, fip);
  for (const port of ports) deletePortRecord(s, ctx, port);
  for (const subnetId of [...n.subnetIds]) {
    const subnet = get(s.subnets, subnetId);
    if (subnet) deleteSubnetRecord(s, ctx, subnet);
  }
  remove(s.networks, id);
  releaseQuota(s, n.projectId, "network");
  ctx.tx.emit("networking.network.deleted", { id, name: n.name, projectId: n.projectId });
}


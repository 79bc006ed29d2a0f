// PUT /ports/{id} (neutron db_base_plugin_v2.update_port, ipam _get_changed_ips_for_port, port-security
// and allowed-address-pairs checks): fixed addresses re-allocated, security group counts moved, and the
// status following what compute or a router binds to the port.

import { get, regroup } from "../../../kernel/store/table.js";
import * as E from "../errors.js";
import { canonicalIp } from "../ip.js";
import type { FixedIp, NetworkingState, Port } from "../state.js";
import { portRare, setPortRare } from "../port-rare.js";
import { touch, type NetworkingContext } from "./common.js";
import { allocateAddresses, releaseAddresses, takeEui64, type AddressRequest } from "./addresses.js";
import { checkPortGroups, countGroupPorts } from "./security-groups.js";
import { isAutoAddress } from "./subnet-checks.js";
import { addressOptions, addressPairs, checkPortPolicy, claimMac, emitPortUpdated, portStatus, releaseMac, type AddressPairInput } from "./ports.js";
import { visiblePort, visibleQosPolicy } from "./visibility.js";
import { checkDnsName, mergeExtraDhcpOpts, type ExtraDhcpOptInput } from "./port-extras.js";

export interface PortPatch {
  name?: string;
  description?: string;
  adminStateUp?: boolean;
  fixedIps?: AddressRequest[];
  /** null or []: no groups */
  securityGroups?: string[] | null;
  deviceId?: string;
  deviceOwner?: string;
  allowedAddressPairs?: AddressPairInput[] | null;
  portSecurityEnabled?: boolean;
  qosPolicyId?: string | null;
  macAddress?: string;
  bindingHostId?: string;
  bindingVnicType?: string;
  bindingProfile?: Record<string, unknown> | null;
  extraDhcpOpts?: ExtraDhcpOptInput[];
  dnsName?: string;
}

/**
 * Neutron's reading of a new fixed_ips list against the old one: an entry naming an address the port has
 * keeps it; an entry naming only a subnet keeps one of the port's addresses there, if any; everything else
 * is added; old addresses nobody claimed are removed.
 */
export function changedIps(
  original: readonly FixedIp[],
  wanted: readonly AddressRequest[],
  keepUnclaimed: (subnetId: string) => boolean = () => false,
): { keep: FixedIp[]; add: AddressRequest[]; remove: FixedIp[] } {
  const unclaimed = [...original];
  const keep: FixedIp[] = [];
  const add: AddressRequest[] = [];
  const claim = (index: number) => keep.push(...unclaimed.splice(index, 1));
  for (const request of wanted) {
    if (request.ipAddress === undefined) continue;
    const ip = canonicalIp(request.ipAddress) ?? request.ipAddress;
    const at = unclaimed.findIndex((f) => f.ipAddress === ip && (request.subnetId === undefined || request.subnetId === f.subnetId));
    if (at >= 0) claim(at);
    else add.push(request);
  }
  for (const request of wanted) {
    if (request.ipAddress !== undefined) continue;
    const at = unclaimed.findIndex((f) => f.subnetId === request.subnetId);
    if (at >= 0) claim(at);
    else add.push(request);
  }
  // an address on a SLAAC / stateless subnet stays unless the request takes it away explicitly
  keep.push(...unclaimed.filter((f) => keepUnclaimed(f.subnetId)));
  const kept = original.filter((f) => keep.includes(f));
  return { keep: kept, add, remove: unclaimed.filter((f) => !keepUnclaimed(f.subnetId)) };
}

function autoAddressSubnet(s: NetworkingState, subnetId: string): boolean {
  const subnet = get(s.subnets, subnetId);
  return subnet !== undefined && subnet.ipVersion === 6 && isAutoAddress(subnet);
}

export function updatePort(s: NetworkingState, ctx: NetworkingContext, id: string, patch: PortPatch): Port {
  const port = visiblePort(s, ctx.caller, id);
  const network = get(s.networks, port.networkId);
  if (!network) throw E.notFound("Network", port.networkId);
  checkPortPolicy(ctx.caller, network, "update_port", { ...patch, bindingProfile: patch.bindingProfile ?? undefined });
  if (patch.qosPolicyId) visibleQosPolicy(s, ctx.caller, patch.qosPolicyId);

  if (patch.name !== undefined) regroup(s.ports, port, "name", patch.name);
  if (patch.description !== undefined) port.description = patch.description;
  if (patch.adminStateUp !== undefined) port.adminStateUp = patch.adminStateUp;
  if (patch.deviceId !== undefined) regroup(s.ports, port, "deviceId", patch.deviceId);
  if (patch.deviceOwner !== undefined) port.deviceOwner = patch.deviceOwner;
  if (patch.qosPolicyId !== undefined) setPortRare(port, "qosPolicyId", patch.qosPolicyId);
  if (patch.bindingHostId !== undefined) port.bindingHostId = patch.bindingHostId;
  if (patch.bindingVnicType !== undefined) setPortRare(port, "bindingVnicType", patch.bindingVnicType);
  if (patch.bindingProfile !== undefined) setPortRare(port, "bindingProfile", patch.bindingProfile ?? {});
  if (patch.extraDhcpOpts !== undefined) setPortRare(port, "extraDhcpOpts", mergeExtraDhcpOpts(portRare(port).extraDhcpOpts, patch.extraDhcpOpts));
  if (patch.dnsName !== undefined) setPortRare(port, "dnsName", checkDnsName(patch.dnsName));
  if (patch.macAddress !== undefined) {
    const mac = patch.macAddress.toLowerCase().replaceAll("-", ":");
    if (mac !== port.macAddress) {
      const old = port.macAddress;
      port.macAddress = claimMac(s, ctx, network.id, port.id, patch.macAddress);
      releaseMac(s, old, port.id);
      // EUI-64 addresses follow the MAC
      const derived = port.fixedIps.filter((f) => autoAddressSubnet(s, f.subnetId));
      releaseAddresses(s, derived);
      port.fixedIps = port.fixedIps.map((f) => (derived.includes(f) ? takeEui64(s, network, get(s.subnets, f.subnetId)!, port.macAddress, port.id) : f));
    }
  }

  if (patch.fixedIps !== undefined) {
    const { keep, add, remove } = changedIps(port.fixedIps, patch.fixedIps, (subnetId) => autoAddressSubnet(s, subnetId));
    // removed addresses go back first, so one request may move a port to an address it frees
    releaseAddresses(s, remove);
    const added = add.length === 0 ? [] : allocateAddresses(s, network, add, port.id, { ...addressOptions(port.deviceOwner, port.macAddress), held: keep });
    port.fixedIps = [...keep, ...added];
  }

  const portSecurity = patch.portSecurityEnabled ?? portRare(port).portSecurityEnabled;
  if (patch.securityGroups !== undefined) {
    const wanted = patch.securityGroups ?? [];
    if (wanted.length > 0 && !(portSecurity && port.fixedIps.length > 0)) throw E.portSecurityRequiredForGroups();
    const next = wanted.length > 0 ? checkPortGroups(s, port.projectId, wanted) : [];
    countGroupPorts(s, port.securityGroups, -1);
    countGroupPorts(s, next, 1);
    port.securityGroups = next;
  } else if (port.securityGroups.length > 0 && (!portSecurity || port.fixedIps.length === 0)) {
    // groups stay on the port: port security cannot go off, nor its last address, under them
    throw E.portHasSecurityGroup();
  }
  if (patch.allowedAddressPairs !== undefined) setPortRare(port, "allowedAddressPairs", addressPairs(patch.allowedAddressPairs ?? [], port.macAddress));
  if (!portSecurity && portRare(port).allowedAddressPairs.length > 0) throw E.addressPairRequiresPortSecurity();
  setPortRare(port, "portSecurityEnabled", portSecurity);

  port.status = portStatus(port);
  touch(port, ctx.now);
  emitPortUpdated(ctx.tx, port);
  return port;
}

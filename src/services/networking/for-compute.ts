// The contract networking offers compute: what compute does to networking on a server's behalf
// (nova/network/neutron.py allocate_for_instance, bind, deallocate, get_instance_nw_info): find networks
// and ports, create, bind, unbind and delete a server's ports, and read their addresses. Reads take the ROOT state; writes run on the root draft of the
// operation context compute hands them, acting as the caller it names (the server's project).

import type { Caller, OperationContext } from "../../kernel/operation.js";
import { dictGet } from "../../kernel/store/dict.js";
import { get, peek, regroup, scan } from "../../kernel/store/table.js";
import { internString } from "../../kernel/store/shared.js";
import type { FloatingIp, Network, NetworkingState, Port } from "./state.js";
import { SLICE } from "./state.js";
import { createPort, deletePortRecord, emitPortUpdated, portStatus } from "./operations/ports.js";
import { touch } from "./operations/common.js";
import { allocateTopology } from "./operations/auto-allocated-topology.js";
import { ApiError } from "../../kernel/errors.js";
import { DEFAULT_GROUP_NAME } from "./operations/security-groups.js";
import { canSeeNetwork, canSeePort } from "./operations/visibility.js";

type Root = Readonly<Record<string, unknown>>;

function net(root: Root): NetworkingState {
  return root[SLICE] as NetworkingState;
}

/** A network the caller may boot on (its own, shared or external), or undefined. */
export function findNetwork(root: Root, caller: Caller, id: string): Readonly<Network> | undefined {
  const network = peek(net(root).networks, id);
  return network && canSeeNetwork(caller, network) ? network : undefined;
}

/** Networks `networks: "auto"` may choose from: the project's own and shared ones, never external. */
export function autoNetworks(root: Root, caller: Caller): Network[] {
  const out: Network[] = [];
  for (const n of scan(net(root).networks)) {
    if (!n.external && (n.projectId === caller.projectId || n.shared)) out.push(n);
  }
  return out;
}

/**
 * Get-me-a-network for `networks: "auto"` when the project has no network to boot on: the project's
 * auto-allocated topology (made once, reused after), its network id; undefined when it cannot be made.
 */
export function autoAllocatedNetwork(ctx: OperationContext, projectId: string): string | undefined {
  try {
    return allocateTopology(net(ctx.root), ctx, projectId).id;
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

/** A port the caller can see, or undefined. */
export function findPort(root: Root, caller: Caller, id: string): Port | undefined {
  const s = net(root);
  const port = get(s.ports, id);
  return port && canSeePort(s, caller, port) ? port : undefined;
}

/** The servers (device ids) the project's ports are bound to: compute's per-project reset reads the state before it. */
export function deviceIdsOfProjectPorts(root: Root, projectId: string): string[] {
  const out: string[] = [];
  for (const port of scan(net(root).ports)) if (port.projectId === projectId && port.deviceId !== "") out.push(port.deviceId);
  return out;
}

/**
 * Security group names (or ids) of a project resolved to ids, as Nova resolves `security_groups: [{name}]`;
 * `missing` lists the names that match no group of the project.
 */
export function resolveSecurityGroups(root: Root, projectId: string, names: readonly string[]): { ids: string[]; missing: string[] } {
  const s = net(root);
  const ids: string[] = [];
  const missing: string[] = [];
  let byName: Map<string, string> | undefined;
  for (const name of names) {
    const byId = get(s.securityGroups, name);
    if (byId && byId.projectId === projectId) {
      ids.push(byId.id);
      continue;
    }
    const defaultId = name === DEFAULT_GROUP_NAME ? dictGet(s.defaultGroups, projectId) : undefined;
    if (defaultId !== undefined) {
      ids.push(defaultId);
      continue;
    }
    if (!byName) {
      byName = new Map();
      for (const g of scan(s.securityGroups)) if (g.projectId === projectId && !byName.has(g.name)) byName.set(g.name, g.id);
    }
    const found = byName.get(name);
    if (found) ids.push(found);
    else missing.push(name);
  }
  return { ids: [...new Set(ids)], missing };
}

export interface ServerPortInput {
  networkId: string;
  projectId: string;
  serverId: string;
  /** ids from resolveSecurityGroups; applied where the network has port security */
  securityGroupIds: string[];
  fixedIp?: string;
}

/**
 * Creates a server's port on a network, with device_id set to the server (Nova sets it when it allocates
 * the port) and no owner yet: DOWN until bindPort. Neutron's errors propagate (IpAddressGenerationFailure,
 * IpAddressInUse, OverQuota, InvalidIpForNetwork, policy); the caller maps them to its own.
 */
export function createServerPort(ctx: OperationContext, input: ServerPortInput): Port {
  const s = net(ctx.root);
  const network = peek(s.networks, input.networkId);
  const groups = network?.portSecurityEnabled ? input.securityGroupIds : undefined;
  return createPort(s, ctx, {
    networkId: input.networkId,
    projectId: input.projectId,
    deviceId: input.serverId,
    securityGroups: groups,
    fixedIps: input.fixedIp === undefined ? undefined : [{ ipAddress: input.fixedIp }],
  });
}

/** A given port taken by a server at create: device_id set, so no other server can take it. */
export function claimPort(ctx: OperationContext, portId: string, serverId: string): Port | undefined {
  const port = get(net(ctx.root).ports, portId);
  if (!port) return undefined;
  regroup(net(ctx.root).ports, port, "deviceId", serverId);
  port.status = portStatus(port);
  touch(port, ctx.now);
  return port;
}

/** The server is up on a host: the port is bound there and owned by compute, so it turns ACTIVE. */
export function bindPort(ctx: OperationContext, portId: string, binding: { serverId: string; host: string; zone: string }): Port | undefined {
  const port = get(net(ctx.root).ports, portId);
  if (!port) return undefined;
  regroup(net(ctx.root).ports, port, "deviceId", binding.serverId);
  port.deviceOwner = internString(`compute:${binding.zone}`);
  port.bindingHostId = binding.host;
  port.status = portStatus(port);
  touch(port, ctx.now);
  emitPortUpdated(ctx.tx, port);
  bindSubPorts(ctx, port);
  return port;
}

/** A trunk's subports follow its parent's binding (the trunk driver binds them to the parent's host): ACTIVE there. */
function bindSubPorts(ctx: OperationContext, parent: Port): void {
  const s = net(ctx.root);
  const trunkId = dictGet(s.ext.trunkOfPort, parent.id);
  const trunk = trunkId === undefined ? undefined : get(s.ext.trunks, trunkId);
  if (!trunk || trunk.portId !== parent.id) return;
  for (const sub of trunk.subPorts) {
    const port = get(s.ports, sub.portId);
    if (!port) continue;
    port.bindingHostId = parent.bindingHostId;
    port.status = port.adminStateUp && parent.status === "ACTIVE" ? "ACTIVE" : "DOWN";
    touch(port, ctx.now);
    emitPortUpdated(ctx.tx, port);
  }
}

/** A given port the server lets go of (delete, failed build): free again, DOWN. */
export function unbindPort(ctx: OperationContext, portId: string): Port | undefined {
  const port = get(net(ctx.root).ports, portId);
  if (!port) return undefined;
  regroup(net(ctx.root).ports, port, "deviceId", "");
  port.deviceOwner = "";
  port.bindingHostId = "";
  port.status = portStatus(port);
  touch(port, ctx.now);
  emitPortUpdated(ctx.tx, port);
  return port;
}

/** A port the server created goes with it: addresses, MAC, quota and floating IP associations freed. */
export function deleteServerPort(ctx: OperationContext, portId: string): void {
  const s = net(ctx.root);
  const port = peek(s.ports, portId);
  if (port) deletePortRecord(s, ctx, port);
}

export interface ServerAddress {
  networkName: string;
  version: 4 | 6;
  addr: string;
  type: "fixed" | "floating";
  mac: string;
}

/**
 * Floating IPs by the port they are associated with, built once per render pass (lazily, and not at all
 * when the cloud has no floating IPs) so a page of servers never scans them per server.
 */
export type FloatingLookup = (portId: string) => readonly FloatingIp[];

export function floatingLookup(root: Root): FloatingLookup {
  const s = net(root);
  if (s.floatingIps.size === 0) return () => [];
  let byPort: Map<string, FloatingIp[]> | undefined;
  return (portId) => {
    if (!byPort) {
      byPort = new Map();
      for (const fip of scan(s.floatingIps)) {
        if (fip.portId === null) continue;
        const list = byPort.get(fip.portId);
        if (list) list.push(fip);
        else byPort.set(fip.portId, [fip]);
      }
    }
    return byPort.get(portId) ?? [];
  };
}

/** The addresses of these ports, in port order: fixed ones, then the floating ones mapped onto them,
 * each labelled with the port's network name. Ports that no longer exist are skipped. */
export function addressesOf(root: Root, portIds: readonly string[], floating: FloatingLookup = floatingLookup(root)): ServerAddress[] {
  const s = net(root);
  const out: ServerAddress[] = [];
  for (const portId of portIds) {
    const port = get(s.ports, portId);
    if (!port) continue;
    const networkName = get(s.networks, port.networkId)?.name ?? port.networkId;
    for (const f of port.fixedIps) {
      out.push({ networkName, version: f.ipAddress.includes(":") ? 6 : 4, addr: f.ipAddress, type: "fixed", mac: port.macAddress });
    }
    for (const fip of floating(port.id)) {
      out.push({ networkName, version: 4, addr: fip.floatingIpAddress, type: "floating", mac: port.macAddress });
    }
  }
  return out;
}

// the rest of what compute may call: a server's ports and security groups (os-interface, addSecurityGroup,
// shelve offload, consoles), and Nova's proxy APIs below 2.36 (os-security-groups, os-floating-ips, os-networks)
export { clearPortBinding, portById, securityGroupName, setPortSecurityGroups } from "./for-compute-interfaces.js";
export * as proxy from "./for-compute-proxy.js";
export { canonicalIp, ipVersionOf } from "./ip.js";

// Who sees what (Neutron's policy on reads): networks, QoS policies, subnets, ports and routers by caller. An
// invisible resource does not exist for the caller (404), as Neutron answers; every operation and contract
// that takes a reference by id goes through these.

import type { Caller } from "../../../kernel/operation.js";
import { get, mergeInOrder, scan, scanGroup, seqOf, type Table } from "../../../kernel/store/table.js";
import { notFound, policyNotAuthorized } from "../errors.js";
import { rbacGrantedIds, rbacGrants } from "./rbac-policies.js";
import type { Network, NetworkingState, Port, QosPolicy, Router, Subnet } from "../state.js";
import { owns } from "./common.js";

/** Non-admins see their own networks, shared ones and external ones (Neutron's policy). */
export function canSeeNetwork(caller: Caller, n: Network, s?: NetworkingState): boolean {
  return caller.isAdmin || n.projectId === caller.projectId || n.shared || n.external || (s !== undefined && rbacGrants(s, "network", n.id, caller.projectId));
}

/** The network, or NetworkNotFound (404) when it does not exist or the caller cannot see it. */
export function visibleNetwork(s: NetworkingState, caller: Caller, id: string): Network {
  const n = get(s.networks, id);
  if (!n || !canSeeNetwork(caller, n, s)) throw notFound("Network", id);
  return n;
}

/** A network the caller may change: invisible is 404, visible but another project's is 403 (Neutron's policy). */
export function ownedNetwork(s: NetworkingState, caller: Caller, id: string, action: string): Network {
  const n = visibleNetwork(s, caller, id);
  if (!caller.isAdmin && n.projectId !== caller.projectId) throw policyNotAuthorized(action);
  return n;
}

/** A QoS policy the caller may attach: its own, a shared one, or any for admins. */
export function visibleQosPolicy(s: NetworkingState, caller: Caller, id: string): QosPolicy {
  const policy = get(s.qosPolicies, id);
  if (!policy || !(caller.isAdmin || policy.shared || policy.projectId === caller.projectId || rbacGrants(s, "qos_policy", id, caller.projectId))) throw notFound("QosPolicy", id);
  return policy;
}

/**
 * Networks the caller can see, in creation order (with `names`, those so named, from the name index). An admin's is a scan; a member's reads only what it may
 * see: its project's networks, the shared and the external ones (indexed flags) and those an RBAC policy
 * naming its project or "*" lets in (policies grouped by target, kept right on create, update and delete),
 * so the list costs what the member sees, not what the cloud holds. Each is checked again as Neutron checks it.
 */
/**
 * The rows named one of `names` (a list's `name=` filter, exact as Neutron matches it), in creation order,
 * read from the table's name index (each name's group lists its rows in the table's order): the filter costs
 * the rows that carry the name, not the table.
 */
export function named<T extends { id: string }>(table: Table<T>, names: readonly string[]): T[] {
  const groups = [...new Set(names)].map((name) => scanGroup(table, name, { by: "name" }));
  return Array.from(groups.length === 1 ? groups[0]! : mergeInOrder(table, groups));
}

export function* visibleNetworks(s: NetworkingState, caller: Caller, names?: readonly string[]): Generator<Network> {
  if (names !== undefined) {
    for (const n of named(s.networks, names)) if (canSeeNetwork(caller, n, s)) yield n;
    return;
  }
  if (caller.isAdmin) {
    yield* scan(s.networks);
    return;
  }
  const granted = [...rbacGrantedIds(s, "network", caller.projectId)].map((id) => get(s.networks, id)).filter((n) => n !== undefined);
  const streams = [
    scanGroup(s.networks, caller.projectId),
    scanGroup(s.networks, "true", { by: "shared" }),
    scanGroup(s.networks, "true", { by: "external" }),
    inOrder(s.networks, granted),
  ];
  for (const n of mergeInOrder(s.networks, streams)) if (canSeeNetwork(caller, n, s)) yield n;
}

/** Rows of a table sorted into its insertion order. */
function inOrder<T extends { id: string }>(table: Table<T>, rows: T[]): T[] {
  const seq = (row: T) => seqOf(table, row.id) ?? Infinity;
  return rows.sort((a, b) => seq(a) - seq(b));
}

/**
 * A subnet is visible to its project, to the owner of its network and on a shared network (Neutron's
 * get_subnet policy): an external network's subnets stay hidden from other projects, though the network is not.
 */
export function canSeeSubnet(s: NetworkingState, caller: Caller, subnet: Subnet): boolean {
  if (caller.isAdmin || subnet.projectId === caller.projectId) return true;
  const network = get(s.networks, subnet.networkId);
  return network !== undefined && (network.shared || network.projectId === caller.projectId || rbacGrants(s, "network", network.id, caller.projectId, "access_as_shared"));
}

/** The subnet, or SubnetNotFound (404) when it does not exist or the caller cannot see it. */
export function visibleSubnet(s: NetworkingState, caller: Caller, id: string): Subnet {
  const subnet = get(s.subnets, id);
  if (!subnet || !canSeeSubnet(s, caller, subnet)) throw notFound("Subnet", id);
  return subnet;
}

/**
 * Subnets the caller can see, in creation order. A member's reads its project's subnets and those of the
 * networks it owns, the shared ones and those shared with it by RBAC, not every subnet.
 */
export function* visibleSubnets(s: NetworkingState, caller: Caller, names?: readonly string[]): Generator<Subnet> {
  if (names !== undefined) {
    for (const subnet of named(s.subnets, names)) if (canSeeSubnet(s, caller, subnet)) yield subnet;
    return;
  }
  if (caller.isAdmin) {
    yield* scan(s.subnets);
    return;
  }
  const networks = new Set<string>(rbacGrantedIds(s, "network", caller.projectId, ["access_as_shared"]));
  for (const n of scanGroup(s.networks, caller.projectId)) networks.add(n.id);
  for (const n of scanGroup(s.networks, "true", { by: "shared" })) networks.add(n.id);
  const onThem: Subnet[] = [];
  for (const id of networks) {
    for (const subnetId of get(s.networks, id)?.subnetIds ?? []) {
      const subnet = get(s.subnets, subnetId);
      if (subnet) onThem.push(subnet);
    }
  }
  const streams = [scanGroup(s.subnets, caller.projectId), inOrder(s.subnets, onThem)];
  for (const subnet of mergeInOrder(s.subnets, streams)) if (canSeeSubnet(s, caller, subnet)) yield subnet;
}

/** Admins, the port's project and the owner of its network see a port; to anyone else it does not exist. */
export function canSeePort(s: NetworkingState, caller: Caller, p: Port): boolean {
  if (caller.isAdmin || (p.projectId !== "" && p.projectId === caller.projectId)) return true;
  return get(s.networks, p.networkId)?.projectId === caller.projectId;
}

export function visiblePort(s: NetworkingState, caller: Caller, id: string): Port {
  const port = get(s.ports, id);
  if (!port || !canSeePort(s, caller, port)) throw notFound("Port", id);
  return port;
}

/** The router, or RouterNotFound (404) when it does not exist or belongs to another project. */
export function visibleRouter(s: NetworkingState, caller: Caller, id: string): Router {
  const router = get(s.routers, id);
  if (!router || !owns(caller, router)) throw notFound("Router", id);
  return router;
}

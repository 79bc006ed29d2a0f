// Which ports a list reads, through the ports' indexes (state.ts: by project, device and network), so that
// a page costs the same however many ports other projects and devices hold.

import type { Caller } from "../../../kernel/operation.js";
import { groupSize, indexes, mergeInOrder, scan, scanGroup } from "../../../kernel/store/table.js";
import { indexPays } from "./common.js";
import type { Network, NetworkingState, Port } from "../state.js";
import { named } from "./visibility.js";

export interface PortQuery {
  /** one `device_id` filter value (Nova's and the CLI's question: a server's ports) */
  deviceId?: string;
  /** one `network_id` filter value */
  networkId?: string;
  /** the `name` filter's values (exact names) */
  names?: readonly string[];
}

/**
 * The ports a list may show, in creation order, a superset of what the caller sees (the caller checks each
 * with canSeePort): one device's or one network's ports for those filters; for a member, its project's ports
 * and the other projects' ports on the networks it owns (the only others it sees); for an admin, all.
 */
export function candidatePorts(s: NetworkingState, caller: Caller, query: PortQuery): Iterable<Port> {
  if (query.deviceId !== undefined && indexes(s.ports, "deviceId", query.deviceId)) return scanGroup(s.ports, query.deviceId, { by: "deviceId" });
  if (query.networkId !== undefined) return scanGroup(s.ports, query.networkId, { by: "networkId" });
  // the caller's visibility is checked on each row after this (visiblePorts); a name held by more rows
  // than the caller's own is read by a scan (indexPays), as is the empty name, which is not indexed
  if (query.names !== undefined && query.names.every((name) => indexes(s.ports, "name", name))) {
    const indexed = query.names.reduce((n, name) => n + groupSize(s.ports, name, "name"), 0);
    if (indexPays(caller, indexed, () => memberPortCount(s, caller), s.ports.size)) return named(s.ports, query.names);
  }
  if (caller.isAdmin) return scan(s.ports);
  const foreignOn = (network: Network) => onlyIf(scanGroup(s.ports, network.id, { by: "networkId" }), (p) => p.projectId !== caller.projectId);
  return mergeInOrder(s.ports, [scanGroup(s.ports, caller.projectId), ...Array.from(scanGroup(s.networks, caller.projectId), foreignOn)]);
}

/** How many ports a member's list reads without an index: its project's and those on the networks it owns. */
function memberPortCount(s: NetworkingState, caller: Caller): number {
  let n = groupSize(s.ports, caller.projectId);
  for (const network of scanGroup(s.networks, caller.projectId)) n += groupSize(s.ports, network.id, "networkId");
  return n;
}

function* onlyIf<T>(rows: Iterable<T>, keep: (row: T) => boolean): Generator<T> {
  for (const row of rows) if (keep(row)) yield row;
}

/** The list filters a port row answers as its view does (the same string): name, status, owner, MAC, project. */
export const PORT_ROW_FIELDS: Record<string, (p: Port) => string> = {
  name: (p) => p.name,
  status: (p) => p.status,
  device_owner: (p) => p.deviceOwner,
  mac_address: (p) => p.macAddress,
  project_id: (p) => p.projectId,
  tenant_id: (p) => p.projectId,
};

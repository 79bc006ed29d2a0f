// What the core networking operations call so the extension records follow the core ones: deletions that
// take extension records with them, the refusals extensions add (trunk ports, forwarded floating IPs),
// RBAC grants for visibility, and the per-project reset of the extension records.

import { dictDelete, dictGet, dictReadEntries, dictSet, emptyDict, type Dict } from "../../../kernel/store/dict.js";
import { emptyTable, find, get, has, optionsOf, put, readRows, remove, scan, type Table, continueFrom } from "../../../kernel/store/table.js";
import type { NetworkingState } from "../state.js";
import { dropRbacPolicy, rbacPoliciesOf } from "./rbac-policies.js";
import { dropNetworkSegments } from "./segments.js";
import { unhostEverywhere } from "./agents.js";
import { checkPortNotInTrunk } from "./trunks.js";
import { dropForwardings } from "./port-forwarding.js";

export { rbacGrants } from "./rbac-policies.js";
export { checkFloatingIpAssociable } from "./port-forwarding.js";
export { applyRouterFlags, routerFlagsView } from "./router-flags.js";
export { trunkDetailsView } from "./trunks.js";

/** deleteNetwork, before the network goes: its RBAC policies, segments, DHCP scheduling, auto topology. */
export function onNetworkDeleting(s: NetworkingState, networkId: string): void {
  for (const p of rbacPoliciesOf(s, "network", networkId)) dropRbacPolicy(s, p);
  dropNetworkSegments(s, networkId);
  unhostEverywhere(s, "dhcp", networkId);
  // the auto-allocated topology on it is forgotten (the table's cascade in Neutron)
  const topology = find(s.ext.autoTopologies, (t) => t.networkId === networkId);
  if (topology) remove(s.ext.autoTopologies, topology.id);
}

/** deleteRouter: the router leaves the L3 agents hosting it. */
export function onRouterDeleting(s: NetworkingState, routerId: string): void {
  unhostEverywhere(s, "l3", routerId);
}

/** deleteQosPolicy, deleteGroup, address scope and subnet pool deletion: their RBAC policies go with them. */
export function onRbacObjectDeleting(s: NetworkingState, objectType: "qos_policy" | "security_group" | "address_scope" | "subnetpool", id: string): void {
  for (const p of rbacPoliciesOf(s, objectType, id)) dropRbacPolicy(s, p);
}

/** DELETE /ports/{id}: a trunk's parent or subport is in use (409). */
export function checkPortDeletable(s: NetworkingState, portId: string): void {
  checkPortNotInTrunk(s, portId);
}

/** deletePortRecord: the port forwardings to the port go with it. */
export function onPortDeleting(s: NetworkingState, portId: string): void {
  dropForwardings(s, { portId });
}

/** deleteFloatingIp: its port forwardings go with it. */
export function onFloatingIpDeleting(s: NetworkingState, fipId: string): void {
  dropForwardings(s, { floatingIpId: fipId });
}

/**
 * Per-project reset, after the core reset has put the core tables back: the project's extension records
 * return to the seed's, every record that lost what it stood on is dropped, and the indexes are rebuilt.
 * A table none of whose records goes or comes back is left as it is, and so is the index built on it: a
 * project with no extension records costs a read of each table.
 */
export function resetExtensionProject(draft: NetworkingState, seeded: NetworkingState, projectId: string): void {
  const ext = draft.ext;
  const seed = seeded.ext;
  /** The table's records after the reset, or undefined when they are the ones it holds. */
  const merge = <T extends { id: string }>(mine: Table<T>, theirs: Table<T>, owned: (r: T) => boolean, keep: (r: T) => boolean): Table<T> | undefined => {
    let changed = false;
    for (const row of readRows(mine)) if (owned(row) || !keep(row)) changed = true;
    for (const row of scan(theirs)) if (owned(row) && keep(row) && !has(mine, row.id)) changed = true;
    if (!changed) return undefined;
    const out = emptyTable<T>(optionsOf(mine));
    for (const row of scan(mine)) if (!owned(row) && keep(row)) put(out, row);
    for (const row of scan(theirs)) if (owned(row) && keep(row) && !has(out, row.id)) put(out, structuredClone(row));
    continueFrom(out, mine.next);
    return out;
  };
  const mine = (r: { projectId: string }) => r.projectId === projectId;
  const objectExists = (type: string, id: string) =>
    type === "network"
      ? has(draft.networks, id)
      : type === "qos_policy"
        ? has(draft.qosPolicies, id)
        : type === "address_scope"
          ? has(draft.addressScopes, id)
          : type === "subnetpool"
            ? has(draft.subnetPools, id)
            : has(draft.securityGroups, id);
  const rbacPolicies = merge(ext.rbacPolicies, seed.rbacPolicies, mine, (p) => objectExists(p.objectType, p.objectId));
  const segments = merge(ext.segments, seed.segments, () => false, (seg) => has(draft.networks, seg.networkId));
  const trunks = merge(ext.trunks, seed.trunks, mine, (t) => has(draft.ports, t.portId));
  const portForwardings = merge(ext.portForwardings, seed.portForwardings, mine, (pf) => has(draft.floatingIps, pf.floatingIpId) && has(draft.ports, pf.internalPortId));
  const meteringLabels = merge(ext.meteringLabels, seed.meteringLabels, mine, () => true);
  const autoTopologies = merge(ext.autoTopologies, seed.autoTopologies, (t) => t.id === projectId, (t) => has(draft.networks, t.networkId));
  if (rbacPolicies) ext.rbacPolicies = rbacPolicies;
  if (segments) ext.segments = segments;
  if (trunks) ext.trunks = trunks;
  if (portForwardings) ext.portForwardings = portForwardings;
  if (meteringLabels) ext.meteringLabels = meteringLabels;
  if (autoTopologies) ext.autoTopologies = autoTopologies;
  const meteringRules = merge(ext.meteringRules, seed.meteringRules, mine, (r) => has(ext.meteringLabels, r.labelId));
  if (meteringRules) ext.meteringRules = meteringRules;

  for (const agent of readRows(ext.agents)) {
    const live = agent.hosted.filter((id) => (agent.kind === "dhcp" ? has(draft.networks, id) : has(draft.routers, id)));
    if (live.length !== agent.hosted.length) get(ext.agents, agent.id)!.hosted = live;
    // the agents' counts of what the scheduler gave them are counted again when next needed
    if (agent.autoCount !== undefined) delete get(ext.agents, agent.id)!.autoCount;
  }
  if (ext.dhcpAuto) {
    const gone = Array.from(dictReadEntries(ext.dhcpAuto), ([networkId]) => networkId).filter((id) => !has(draft.networks, id));
    for (const networkId of gone) dictDelete(ext.dhcpAuto, networkId);
  }
  if (rbacPolicies) {
    ext.rbacByObject = emptyDict();
    for (const p of scan(ext.rbacPolicies)) append(ext.rbacByObject, `${p.objectType}|${p.objectId}`, p.id);
  }
  const lostSubPort = (t: { subPorts: Array<{ portId: string }> }) => t.subPorts.some((sub) => !has(draft.ports, sub.portId));
  if (trunks || Array.from(readRows(ext.trunks)).some(lostSubPort)) {
    ext.trunkOfPort = emptyDict();
    for (const t of scan(ext.trunks)) {
      if (lostSubPort(t)) t.subPorts = t.subPorts.filter((sub) => has(draft.ports, sub.portId));
      dictSet(ext.trunkOfPort, t.portId, t.id);
      for (const sub of t.subPorts) dictSet(ext.trunkOfPort, sub.portId, t.id);
    }
  }
  if (portForwardings) {
    ext.forwardingsByFip = emptyDict();
    ext.forwardingsByPort = emptyDict();
    for (const pf of scan(ext.portForwardings)) {
      append(ext.forwardingsByFip, pf.floatingIpId, pf.id);
      append(ext.forwardingsByPort, pf.internalPortId, pf.id);
    }
  }
}

function append(index: Dict<string[]>, key: string, id: string): void {
  dictSet(index, key, [...(dictGet(index, key) ?? []), id]);
}

// Per-project reset: the project's networking resources go back to the seed world (networks, subnets,
// ports, routers and their gateway ports, security groups and rules, floating IPs, QoS policies, subnet
// pools, address scopes, quota)
// while other projects keep theirs. Records link across projects (a router's gateway address on admin's
// public network, another project's port on a shared network), so the merged records are pruned of
// dangling links and every index (addresses, MACs, counts, usage) is rebuilt from them.
//
// The merged tables hold shallow copies of the rows kept: the prune and the reindex below only ever assign a
// row's own fields (a fresh array, a count, a new IPAM), never change a nested value in place, so rows
// shared with earlier states (and the seed world) are never mutated without a deep copy of the slice.

import { current, isDraft } from "immer";
import { dictEntries, dictGet, dictSet, emptyDict } from "../../../kernel/store/dict.js";
import { continueFrom, emptyTable, get, has, optionsOf, put, scan, type Table } from "../../../kernel/store/table.js";
import { addUsage } from "../../../kernel/quota.js";
import { requireCidr } from "../cidr.js";
import { requireIp } from "../ip.js";
import { allocateSpecific, newIpam } from "../ipam.js";
import { setIpOwner, type FixedIp, type NetworkingState, type Port, type QuotaLimits } from "../state.js";
import { portRare, setPortRare } from "../port-rare.js";
import { ruleFingerprint } from "./security-group-rules.js";
import { ROUTER_GATEWAY, ROUTER_INTERFACE } from "./ports.js";
import { resetExtensionProject } from "./extension-hooks.js";

type Row = { id: string };

type Core = Omit<NetworkingState, "ext">;

/** An address as the restore below tells claims apart (a local key: the state keys owners by subnet, then address). */
const addressKey = (subnetId: string, ip: string) => `${subnetId}|${ip}`;

export function resetNetworkingProject(draft: NetworkingState, seeded: NetworkingState, projectId: string): void {
  const now = isDraft(draft) ? current(draft) : draft;
  const seed = seeded;
  const owned = (r: { projectId: string }) => r.projectId === projectId;
  const routersNow = new Set([...scan(now.routers)].filter(owned).map((r) => r.id));
  const routersSeed = new Set([...scan(seed.routers)].filter(owned).map((r) => r.id));
  const portOf = (routers: Set<string>) => (p: Port) => owned(p) || (p.projectId === "" && routers.has(p.deviceId));
  const restored = new Set<string>();
  const merge = <T extends Row>(mine: Table<T>, theirs: Table<T>, ownedNow: (r: T) => boolean, ownedSeed: (r: T) => boolean): Table<T> => {
    const out = emptyTable<T>(optionsOf(mine));
    for (const row of scan(mine)) {
      if (!ownedNow(row)) put(out, { ...row });
      else {
        const original = get(theirs, row.id);
        if (original && ownedSeed(original)) put(out, clone(original, restored));
      }
    }
    for (const row of scan(theirs)) if (ownedSeed(row) && !has(out, row.id)) put(out, clone(row, restored));
    return keepCounter(out, mine);
  };
  const f: Core = {
    ...withoutExt(now),
    networks: merge(now.networks, seed.networks, owned, owned),
    subnets: merge(now.subnets, seed.subnets, owned, owned),
    ports: merge(now.ports, seed.ports, portOf(routersNow), portOf(routersSeed)),
    routers: merge(now.routers, seed.routers, owned, owned),
    securityGroups: merge(now.securityGroups, seed.securityGroups, owned, owned),
    rules: merge(now.rules, seed.rules, owned, owned),
    floatingIps: merge(now.floatingIps, seed.floatingIps, owned, owned),
    qosPolicies: merge(now.qosPolicies, seed.qosPolicies, owned, owned),
    quotas: merge(now.quotas, seed.quotas, (q) => q.id === projectId, (q) => q.id === projectId),
    subnetPools: merge(now.subnetPools, seed.subnetPools, owned, owned),
    addressScopes: merge(now.addressScopes, seed.addressScopes, owned, owned),
  };
  prune(f, restored);
  reindex(f, now, seed, projectId);
  Object.assign(draft, f);
  // the extension records are reset on the draft itself, after the core tables above
  resetExtensionProject(draft, seeded, projectId);
}

function withoutExt(state: NetworkingState): Core {
  const { ext: _ext, ...core } = state;
  return core;
}

/** A rebuilt table continues the old one's insertion counter: networks derive segmentation ids from it. */
function keepCounter<T extends Row>(table: Table<T>, before: Table<T>): Table<T> {
  continueFrom(table, before.next);
  return table;
}

function clone<T extends Row>(row: T, restored: Set<string>): T {
  restored.add(row.id);
  return structuredClone(row);
}

/** Drops what lost what it stood on; other projects' rows win address and MAC clashes over restored ones. */
function prune(f: Core, restored: Set<string>): void {
  // a table that loses no row is kept as it is
  const drop = <T extends Row>(table: Table<T>, keep: (r: T) => boolean): Table<T> => {
    const kept = [...scan(table)].filter(keep);
    if (kept.length === table.size) return table;
    const out = emptyTable<T>(optionsOf(table));
    for (const row of kept) put(out, row);
    return keepCounter(out, table);
  };
  f.subnets = drop(f.subnets, (s) => has(f.networks, s.networkId));
  const onLiveSubnets = (ips: FixedIp[]) => ips.every((ip) => has(f.subnets, ip.subnetId));
  f.ports = drop(f.ports, (p) => has(f.networks, p.networkId) && onLiveSubnets(p.fixedIps));
  f.floatingIps = drop(f.floatingIps, (fip) => has(f.networks, fip.floatingNetworkId) && has(f.subnets, fip.floatingSubnetId));

  const taken = new Set<string>();
  const macs = new Set<string>();
  const claims = (keys: string[], mac?: string) => {
    if (keys.some((k) => taken.has(k)) || (mac !== undefined && macs.has(mac))) return false;
    for (const k of keys) taken.add(k);
    if (mac !== undefined) macs.add(mac);
    return true;
  };
  const portKeys = (p: Port) => p.fixedIps.map((ip) => addressKey(ip.subnetId, ip.ipAddress));
  const keptPorts = new Set<string>();
  for (const pass of [false, true]) {
    for (const p of scan(f.ports)) if (restored.has(p.id) === pass && claims(portKeys(p), p.macAddress)) keptPorts.add(p.id);
  }
  f.ports = drop(f.ports, (p) => keptPorts.has(p.id));
  const keptFips = new Set<string>();
  for (const pass of [false, true]) {
    for (const fip of scan(f.floatingIps)) {
      if (restored.has(fip.id) === pass && claims([addressKey(fip.floatingSubnetId, fip.floatingIpAddress)])) keptFips.add(fip.id);
    }
  }
  f.floatingIps = drop(f.floatingIps, (fip) => keptFips.has(fip.id));

  for (const r of scan(f.routers)) {
    r.interfaces = r.interfaces.filter((i) => get(f.ports, i.portId)?.deviceId === r.id && has(f.subnets, i.subnetId));
    if (r.externalGateway && !(has(f.ports, r.externalGateway.portId) && has(f.networks, r.externalGateway.networkId))) r.externalGateway = null;
  }
  const routerPorts = new Set<string>();
  for (const r of scan(f.routers)) {
    for (const i of r.interfaces) routerPorts.add(i.portId);
    if (r.externalGateway) routerPorts.add(r.externalGateway.portId);
  }
  f.ports = drop(f.ports, (p) => !(p.deviceOwner === ROUTER_GATEWAY || p.deviceOwner === ROUTER_INTERFACE) || routerPorts.has(p.id));

  for (const fip of scan(f.floatingIps)) {
    if (fip.portId === null) continue;
    const port = get(f.ports, fip.portId);
    const fixed = port?.fixedIps.find((ip) => ip.ipAddress === fip.fixedIpAddress);
    const router = fip.routerId === null ? undefined : get(f.routers, fip.routerId);
    const routed = fixed && router?.externalGateway?.networkId === fip.floatingNetworkId && router.interfaces.some((i) => i.subnetId === fixed.subnetId);
    if (!routed) Object.assign(fip, { portId: null, fixedIpAddress: null, routerId: null, status: "DOWN" });
  }

  f.rules = drop(f.rules, (r) => has(f.securityGroups, r.securityGroupId) && (r.remoteGroupId === null || has(f.securityGroups, r.remoteGroupId)));
  for (const g of scan(f.securityGroups)) g.ruleIds = g.ruleIds.filter((id) => has(f.rules, id));
  for (const p of scan(f.ports)) p.securityGroups = p.securityGroups.filter((id) => has(f.securityGroups, id));
  const policy = (id: string | null) => (id !== null && has(f.qosPolicies, id) ? id : null);
  for (const n of scan(f.networks)) n.qosPolicyId = policy(n.qosPolicyId);
  for (const p of scan(f.ports)) setPortRare(p, "qosPolicyId", policy(portRare(p).qosPolicyId));
  for (const fip of scan(f.floatingIps)) fip.qosPolicyId = policy(fip.qosPolicyId);
  for (const s of scan(f.subnets)) if (s.subnetpoolId !== null && !has(f.subnetPools, s.subnetpoolId)) s.subnetpoolId = null;
  for (const p of scan(f.subnetPools)) if (p.addressScopeId !== null && !has(f.addressScopes, p.addressScopeId)) p.addressScopeId = null;
}

/** Every index and count, rebuilt from the records as the operations keep them. */
function reindex(f: Core, now: NetworkingState, seed: NetworkingState, projectId: string): void {
  f.ipChunks = emptyDict();
  f.ipOwners = emptyDict();
  f.macs = emptyDict();
  f.ruleKeys = emptyDict();
  f.usage = emptyDict();
  for (const n of scan(f.networks)) {
    n.subnetIds = [];
    n.portCount = 0;
  }
  for (const s of scan(f.subnets)) {
    get(f.networks, s.networkId)!.subnetIds.push(s.id);
    s.routerIds = [];
    s.ipam = newIpam(requireCidr(s.cidr), s.allocationPools.map((p) => ({ start: requireIp(p.start), end: requireIp(p.end) })));
  }
  const hold = (fixed: FixedIp, owner: string) => {
    const subnet = get(f.subnets, fixed.subnetId)!;
    const cidr = requireCidr(subnet.cidr);
    allocateSpecific(subnet.ipam, f.ipChunks, subnet.id, requireIp(fixed.ipAddress).value - cidr.network, { routerPort: true });
    setIpOwner(f, fixed.subnetId, fixed.ipAddress, owner);
  };
  const count = (project: string, resource: keyof QuotaLimits) => {
    if (project !== "") addUsage(f.usage, project, resource, 1);
  };
  for (const g of scan(f.securityGroups)) g.portCount = 0;
  for (const p of scan(f.ports)) {
    for (const fixed of p.fixedIps) hold(fixed, p.id);
    dictSet(f.macs, p.macAddress, p.id);
    if (portRare(p).countsAgainstNetwork) get(f.networks, p.networkId)!.portCount++;
    for (const gid of p.securityGroups) get(f.securityGroups, gid)!.portCount++;
    count(p.projectId, "port");
  }
  for (const fip of scan(f.floatingIps)) {
    hold({ subnetId: fip.floatingSubnetId, ipAddress: fip.floatingIpAddress }, `fip:${fip.id}`);
    count(fip.projectId, "floatingip");
  }
  for (const r of scan(f.routers)) {
    for (const i of r.interfaces) {
      const subnet = get(f.subnets, i.subnetId)!;
      if (!subnet.routerIds.includes(r.id)) subnet.routerIds.push(r.id);
    }
    count(r.projectId, "router");
  }
  for (const rule of scan(f.rules)) {
    dictSet(f.ruleKeys, ruleFingerprint(rule), rule.id);
    count(rule.projectId, "security_group_rule");
  }
  for (const n of scan(f.networks)) count(n.projectId, "network");
  for (const s of scan(f.subnets)) count(s.projectId, "subnet");
  for (const g of scan(f.securityGroups)) count(g.projectId, "security_group");

  // subnet pools: their subnets, their scopes' member lists, one default per family
  for (const p of scan(f.subnetPools)) p.subnetIds = [];
  for (const a of scan(f.addressScopes)) a.subnetpoolIds = [];
  for (const s of scan(f.subnets)) if (s.subnetpoolId !== null) get(f.subnetPools, s.subnetpoolId)!.subnetIds.push(s.id);
  f.defaultSubnetPools = emptyDict();
  for (const p of scan(f.subnetPools)) {
    if (p.addressScopeId !== null) get(f.addressScopes, p.addressScopeId)!.subnetpoolIds.push(p.id);
    if (p.isDefault && dictGet(f.defaultSubnetPools, String(p.ipVersion)) === undefined) dictSet(f.defaultSubnetPools, String(p.ipVersion), p.id);
    else p.isDefault = false;
  }

  f.defaultGroups = emptyDict();
  for (const [project, groupId] of dictEntries(now.defaultGroups)) if (project !== projectId && has(f.securityGroups, groupId)) dictSet(f.defaultGroups, project, groupId);
  const seededDefault = dictGet(seed.defaultGroups, projectId);
  if (seededDefault !== undefined && has(f.securityGroups, seededDefault)) dictSet(f.defaultGroups, projectId, seededDefault);
}

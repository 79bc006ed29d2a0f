// The contract networking offers compute's proxy APIs (Nova before 2.36: os-security-groups,
// os-security-group-rules, os-floating-ips, os-floating-ip-pools, os-networks, os-tenant-networks; Nova
// asks Neutron for them, nova/network/security_group_api.py and neutron.py). Reads take the ROOT state and
// answer records in Nova's terms; writes run on the root draft of the compute operation, as its caller.
// Neutron's refusals are thrown as they are: compute words them as Nova does.

import type { Caller, OperationContext } from "../../kernel/operation.js";
import { filter, get, scan } from "../../kernel/store/table.js";
import type { FloatingIp, Network, NetworkingState, SecurityGroup } from "./state.js";
import { SLICE } from "./state.js";
import { createGroup, deleteGroup, updateGroup } from "./operations/security-groups.js";
import { createRule, deleteRule } from "./operations/security-group-rules.js";
import { createFloatingIp, deleteFloatingIp, updateFloatingIp } from "./operations/floating-ips.js";
import { owns } from "./operations/common.js";
import { canSeeNetwork } from "./operations/visibility.js";

type Root = Readonly<Record<string, unknown>>;
const net = (root: Root) => root[SLICE] as NetworkingState;

/** An ingress rule as Nova's security group API converts it. */
export interface ProxyRule {
  id: string;
  parentGroupId: string;
  protocol: string | null;
  fromPort: number | null;
  toPort: number | null;
  /** the remote group's name and project, or null for a CIDR rule */
  group: { name: string; tenant_id: string } | null;
  cidr: string;
}

export interface ProxyGroup {
  id: string;
  name: string;
  description: string;
  projectId: string;
  rules: ProxyRule[];
}

export interface ProxyFloatingIp {
  id: string;
  ip: string;
  fixedIp: string | null;
  instanceId: string | null;
  pool: string;
}

function ruleOf(s: NetworkingState, id: string): ProxyRule | undefined {
  const rule = get(s.rules, id);
  if (!rule || rule.direction !== "ingress") return undefined;
  let fromPort = rule.portRangeMin;
  let toPort = rule.portRangeMax;
  // Nova fills a protocol's whole range when Neutron leaves the ports open
  if (rule.protocol && fromPort === null && toPort === null) {
    const tcpUdp = ["tcp", "udp", "6", "17"].includes(rule.protocol.toLowerCase());
    fromPort = tcpUdp ? 1 : -1;
    toPort = tcpUdp ? 65535 : -1;
  }
  const remote = rule.remoteGroupId ? get(s.securityGroups, rule.remoteGroupId) : undefined;
  return {
    id: rule.id,
    parentGroupId: rule.securityGroupId,
    protocol: rule.protocol,
    fromPort,
    toPort,
    group: remote ? { name: remote.name, tenant_id: remote.projectId } : null,
    cidr: rule.remoteIpPrefix ?? "0.0.0.0/0",
  };
}

function groupOf(s: NetworkingState, g: SecurityGroup): ProxyGroup {
  const rules = g.ruleIds.map((id) => ruleOf(s, id)).filter((r): r is ProxyRule => r !== undefined);
  return { id: g.id, name: g.name, description: g.description, projectId: g.projectId, rules };
}

/** The caller's project's groups (every project's for an admin asking all_tenants), by project and name. */
export function securityGroups(root: Root, caller: Caller, allProjects: boolean): ProxyGroup[] {
  const s = net(root);
  const rows = filter(s.securityGroups, (g) => (allProjects && caller.isAdmin) || g.projectId === caller.projectId);
  const key = (g: SecurityGroup) => `${g.projectId}\u0000${g.name}`;
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).map((g) => groupOf(s, g));
}

export function securityGroup(root: Root, caller: Caller, id: string): ProxyGroup | undefined {
  const s = net(root);
  const g = get(s.securityGroups, id);
  return g && owns(caller, g) ? groupOf(s, g) : undefined;
}

export function createSecurityGroup(ctx: OperationContext, name: string, description: string): ProxyGroup {
  const s = net(ctx.root);
  return groupOf(s, createGroup(s, ctx, { name, description, projectId: ctx.caller.projectId }));
}

export function updateSecurityGroup(ctx: OperationContext, id: string, name: string, description: string): ProxyGroup {
  const s = net(ctx.root);
  return groupOf(s, updateGroup(s, ctx, id, { name, description }));
}

export function deleteSecurityGroup(ctx: OperationContext, id: string): void {
  deleteGroup(net(ctx.root), ctx, id);
}

export interface ProxyRuleInput {
  parentGroupId: string;
  protocol: string | null;
  fromPort: number | null;
  toPort: number | null;
  cidr: string | null;
  groupId: string | null;
}

/** An ingress rule (IPv4, or IPv6 for an IPv6 CIDR) on the parent group. */
export function createSecurityGroupRule(ctx: OperationContext, input: ProxyRuleInput): ProxyRule {
  const s = net(ctx.root);
  // Nova's own API, not the spec's: Neutron's values, in either profile
  const rule = createRule(s, ctx, {
    securityGroupId: input.parentGroupId,
    direction: "ingress",
    ethertype: input.cidr?.includes(":") ? "IPv6" : "IPv4",
    protocol: input.protocol,
    portRangeMin: input.fromPort,
    portRangeMax: input.toPort,
    remoteIpPrefix: input.groupId ? null : input.cidr,
    remoteGroupId: input.groupId,
  }, "upstream");
  return ruleOf(s, rule.id)!;
}

export function deleteSecurityGroupRule(ctx: OperationContext, id: string): void {
  deleteRule(net(ctx.root), ctx, id);
}

/** Whether a rule with this id exists for the caller (Nova looks it up before deleting). */
export function securityGroupRuleExists(root: Root, caller: Caller, id: string): boolean {
  const rule = get(net(root).rules, id);
  return !!rule && owns(caller, rule);
}

function floatingOf(s: NetworkingState, f: FloatingIp): ProxyFloatingIp {
  const port = f.portId ? get(s.ports, f.portId) : undefined;
  const network = get(s.networks, f.floatingNetworkId);
  return { id: f.id, ip: f.floatingIpAddress, fixedIp: f.fixedIpAddress, instanceId: port?.deviceId || null, pool: network?.name || f.floatingNetworkId };
}

export function floatingIps(root: Root, caller: Caller): ProxyFloatingIp[] {
  const s = net(root);
  return filter(s.floatingIps, (f) => f.projectId === caller.projectId).map((f) => floatingOf(s, f));
}

export function floatingIp(root: Root, caller: Caller, id: string): ProxyFloatingIp | undefined {
  const s = net(root);
  const f = get(s.floatingIps, id);
  return f && owns(caller, f) ? floatingOf(s, f) : undefined;
}

/** The pools: external networks the caller can see, by name (or id when unnamed). */
export function floatingIpPools(root: Root, caller: Caller): Network[] {
  const out: Network[] = [];
  for (const n of scan(net(root).networks)) if (n.external && canSeeNetwork(caller, n)) out.push(n);
  return out;
}

/** Allocates from the pool named (by name or id), or from the only/first external network; undefined: no such pool. */
export function allocateFloatingIp(ctx: OperationContext, pool: string | undefined): ProxyFloatingIp | undefined {
  const s = net(ctx.root);
  const pools = floatingIpPools(ctx.root, ctx.caller);
  const network = pool === undefined ? pools[0] : pools.find((n) => n.name === pool) ?? pools.find((n) => n.id === pool);
  if (!network) return undefined;
  return floatingOf(s, createFloatingIp(s, ctx, { floatingNetworkId: network.id }));
}

export function releaseFloatingIp(ctx: OperationContext, id: string): boolean {
  const s = net(ctx.root);
  const f = get(s.floatingIps, id);
  if (!f || !owns(ctx.caller, f)) return false;
  deleteFloatingIp(s, ctx, f);
  return true;
}

function ownFloatingIpAt(s: NetworkingState, caller: Caller, address: string): FloatingIp | undefined {
  for (const f of scan(s.floatingIps)) if (f.floatingIpAddress === address && owns(caller, f)) return f;
  return undefined;
}

/** The caller's floating IP with this address (Nova's get_floating_ip_by_address). */
export function floatingIpByAddress(root: Root, caller: Caller, address: string): ProxyFloatingIp | undefined {
  const s = net(root);
  const f = ownFloatingIpAt(s, caller, address);
  return f && floatingOf(s, f);
}

/** The IPv4 fixed addresses of a port, in order (what addFloatingIp may pick from). */
export function portFixedIpv4(root: Root, portId: string): string[] {
  const port = get(net(root).ports, portId);
  return port ? port.fixedIps.map((ip) => ip.ipAddress).filter((a) => !a.includes(":")) : [];
}

/** Associates (or, with port null, disassociates) the caller's floating IP at `address`; false: none. */
export function setFloatingIpPort(ctx: OperationContext, address: string, port: { id: string; fixedIp: string } | null): boolean {
  const s = net(ctx.root);
  const f = ownFloatingIpAt(s, ctx.caller, address);
  if (!f) return false;
  updateFloatingIp(s, ctx, f, port ? { portId: port.id, fixedIpAddress: port.fixedIp } : { portId: null });
  return true;
}

/** Networks the caller can see (os-networks, os-tenant-networks). */
export function networks(root: Root, caller: Caller): Network[] {
  const out: Network[] = [];
  for (const n of scan(net(root).networks)) if (canSeeNetwork(caller, n)) out.push(n);
  return out;
}

export function network(root: Root, caller: Caller, id: string): Network | undefined {
  const n = get(net(root).networks, id);
  return n && canSeeNetwork(caller, n) ? n : undefined;
}

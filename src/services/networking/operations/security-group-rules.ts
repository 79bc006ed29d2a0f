// Security group rules: Neutron's validation in its order (securitygroups_db._validate_security_group_rule,
// neutron-lib's converters), narrowed to the platform spec's values in its profile, the duplicate check
// by fingerprint (s.ruleKeys), and rule records with their quota. Rules have no update.

import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { get, groupSize, mergeInOrder, put, remove, scanGroup, seqOf } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import { canonicalIp } from "../ip.js";
import { formatCidr, parseCidr } from "../cidr.js";
import * as E from "../errors.js";
import type { NetworkingState, SecurityGroup, SecurityGroupRule } from "../state.js";
import type { NetworkingProfile } from "../options.js";
import { indexPays, ownedRows, owns, reserveQuota, releaseQuota, touch, type NetworkingContext } from "./common.js";

/** IANA numbers of the protocol names Neutron accepts (neutron-lib constants.IP_PROTOCOL_MAP). */
export const PROTOCOL_NUMBERS: Readonly<Record<string, number>> = {
  ah: 51, dccp: 33, egp: 8, esp: 50, gre: 47, hopopt: 0, icmp: 1, igmp: 2, ipip: 4, "ipv6-encap": 41,
  "ipv6-frag": 44, "ipv6-icmp": 58, icmpv6: 58, "ipv6-nonxt": 59, "ipv6-opts": 60, "ipv6-route": 43,
  ospf: 89, pgm: 113, rsvp: 46, sctp: 132, tcp: 6, udp: 17, udplite: 136, vrrp: 112,
};
const PROTOCOL_NAMES = [...Object.keys(PROTOCOL_NUMBERS), "any"];
/** protocols whose rules may carry a port range (SG_PORT_PROTO_NUMS) */
const PORT_PROTOCOLS = new Set([6, 17, 33, 132, 136]);
const ICMP_PROTOCOLS = new Set([1, 58]);
/** protocols that only exist over IPv6: refused on an IPv4 rule */
const IPV6_ONLY = new Set([41, 43, 44, 58, 59, 60]);

/** A rule request as the API takes it: protocol and ports may be strings or numbers. */
export interface RuleInput {
  securityGroupId: string;
  direction: "ingress" | "egress";
  ethertype?: string | null;
  protocol?: string | number | null;
  portRangeMin?: string | number | null;
  portRangeMax?: string | number | null;
  remoteIpPrefix?: string | null;
  remoteGroupId?: string | null;
  description?: string | null;
}

/** The rule's fields after conversion and validation, ready to store. */
export type RuleFields = Omit<SecurityGroupRule, "id" | "projectId" | "createdAt" | "updatedAt" | "revision">;

function convertEthertype(value: string | null | undefined): "IPv4" | "IPv6" {
  if (value === undefined || value === null) return "IPv4";
  const lower = value.toLowerCase();
  if (lower === "ipv4") return "IPv4";
  if (lower === "ipv6") return "IPv6";
  throw E.invalidEthertype(value);
}

/** convert_protocol: a name (any case) or 0..255; "any" means every protocol, stored as null. */
function convertProtocol(value: string | number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n <= 255) return String(n);
    throw E.invalidRuleProtocol(value, PROTOCOL_NAMES);
  }
  const lower = text.toLowerCase();
  if (lower === "any") return null;
  if (Object.hasOwn(PROTOCOL_NUMBERS, lower)) return lower;
  throw E.invalidRuleProtocol(value, PROTOCOL_NAMES);
}

/** convert_validate_port_value: an integer 0..65535, given as a number or a string. */
function convertPort(value: string | number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) throw E.invalidPortValue(value);
  const n = Number(text);
  if (n > 65535) throw E.invalidPortValue(value);
  return n;
}

/** The protocol's number, for the checks and the fingerprint; null for "every protocol". */
export function protocolNumber(protocol: string | null): number | null {
  if (protocol === null) return null;
  return /^\d+$/.test(protocol) ? Number(protocol) : PROTOCOL_NUMBERS[protocol];
}

function validatePortRange(protocol: string | null, min: number | null, max: number | null): void {
  if (min === null && max === null) return;
  const number = protocolNumber(protocol);
  if (number === null) throw E.protocolRequiredWithPorts();
  if (PORT_PROTOCOLS.has(number)) {
    if (min === 0 || max === 0) throw E.invalidPortValue(0);
    if (min === null || max === null || min > max) throw E.invalidPortRange();
  } else if (ICMP_PROTOCOLS.has(number)) {
    if (min !== null && min > 255) throw E.invalidIcmpValue("type", "port_range_min", min);
    if (max !== null && max > 255) throw E.invalidIcmpValue("code", "port_range_max", max);
    if (min === null && max !== null) throw E.missingIcmpType(max);
  } else {
    throw E.invalidProtocolForPort(String(protocol));
  }
}

/**
 * netaddr.IPNetwork as Neutron stores remote_ip_prefix: the address given (host bits kept) with its
 * prefix, "/32" or "/128" added to a bare address. Returns it with the family.
 */
function convertPrefix(value: string): { prefix: string; version: 4 | 6 } {
  const slash = value.indexOf("/");
  const address = canonicalIp(slash < 0 ? value : value.slice(0, slash));
  const cidr = parseCidr(slash < 0 ? `${value}/${value.includes(":") ? 128 : 32}` : value);
  if (!address || !cidr) throw E.invalidCidr(value);
  return { prefix: `${address}/${cidr.prefix}`, version: cidr.version };
}

/** The network of a remote_ip_prefix ("10.0.0.0/24" for "10.0.0.5/24"): the rule's normalized_cidr. */
export function normalizedCidr(prefix: string | null): string | null {
  if (prefix === null) return null;
  const cidr = parseCidr(prefix);
  return cidr ? formatCidr(cidr) : prefix;
}

/** Validates and converts a rule request; throws the NeutronError Neutron would. Reads no state. */
export function normalizeRule(input: RuleInput): RuleFields {
  const ethertype = convertEthertype(input.ethertype);
  let protocol = convertProtocol(input.protocol);
  // legacy IPv6 ICMP names and number 1 on an IPv6 rule become ipv6-icmp / 58
  if (ethertype === "IPv6" && (protocol === "icmp" || protocol === "icmpv6")) protocol = "ipv6-icmp";
  else if (ethertype === "IPv6" && protocol === "1") protocol = "58";
  else if (protocol === "icmpv6") protocol = "ipv6-icmp";
  const portRangeMin = convertPort(input.portRangeMin);
  const portRangeMax = convertPort(input.portRangeMax);
  validatePortRange(protocol, portRangeMin, portRangeMax);
  let remoteIpPrefix: string | null = null;
  if (input.remoteIpPrefix) {
    const converted = convertPrefix(input.remoteIpPrefix);
    if (ethertype !== `IPv${converted.version}`) throw E.ruleParameterConflict(ethertype, input.remoteIpPrefix);
    remoteIpPrefix = converted.prefix;
  }
  const number = protocolNumber(protocol);
  if (ethertype === "IPv4" && number !== null && IPV6_ONLY.has(number)) throw E.ethertypeConflictWithProtocol(ethertype, String(protocol));
  const remoteGroupId = input.remoteGroupId || null;
  if (remoteIpPrefix !== null && remoteGroupId !== null) throw E.remoteGroupAndRemoteIpPrefix();
  return {
    securityGroupId: input.securityGroupId,
    direction: input.direction,
    ethertype,
    protocol,
    portRangeMin,
    portRangeMax,
    remoteIpPrefix,
    remoteGroupId,
    description: input.description ?? "",
  };
}

/** The platform spec's protocols; none (null) means every protocol, as in Neutron. */
const SPEC_PROTOCOLS = ["tcp", "udp", "icmp"];

/**
 * The spec's narrower values, checked around Neutron's own: a protocol named as the spec names it (in any
 * case, as Neutron converts names; not a number, not `any`), and ports from 1 to 65535. An ICMP rule's
 * "ports" are its type and code (Neutron: 0 to 255), so the spec's range makes them 1 to 255: type or code
 * 0 is refused, and leaving them out (every type, every code) is how a spec rule says "any".
 */
function checkSpecProtocol(protocol: RuleInput["protocol"]): void {
  if (protocol === undefined || protocol === null) return;
  if (typeof protocol !== "string" || !SPEC_PROTOCOLS.includes(protocol.trim().toLowerCase())) throw E.specRuleProtocol(protocol, SPEC_PROTOCOLS);
}

/** After Neutron's checks, which already refuse port 0 on tcp and udp: ICMP type or code 0. */
function checkSpecPorts(fields: RuleFields): void {
  if (!ICMP_PROTOCOLS.has(protocolNumber(fields.protocol) ?? -1)) return;
  if (fields.portRangeMin === 0) throw E.invalidIcmpValue("type", "port_range_min", 0, 1);
  if (fields.portRangeMax === 0) throw E.invalidIcmpValue("code", "port_range_max", 0, 1);
}

/**
 * Neutron's _rule_to_key: two rules are the same when these match, protocols compared by number and a
 * remote prefix of "everything" (0.0.0.0/0, ::/0) the same as none.
 */
export function ruleFingerprint(r: RuleFields): string {
  let prefix = normalizedCidr(r.remoteIpPrefix);
  if (prefix === "0.0.0.0/0" || prefix === "::/0") prefix = null;
  const parts = [r.securityGroupId, r.direction, r.ethertype, protocolNumber(r.protocol), r.portRangeMin, r.portRangeMax, prefix, r.remoteGroupId];
  return parts.map((p) => (p === null || p === undefined ? "+" : String(p))).join("|");
}

/** Stores a validated rule in its group; the caller has checked duplicates and quota. */
export function addRuleRecord(s: NetworkingState, ctx: Pick<NetworkingContext, "now" | "ids">, group: SecurityGroup, fields: RuleFields): SecurityGroupRule {
  const rule: SecurityGroupRule = {
    ...fields,
    id: ctx.ids.uuid(),
    projectId: group.projectId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    revision: 0,
  };
  put(s.rules, rule);
  dictSet(s.ruleKeys, ruleFingerprint(rule), rule.id);
  group.ruleIds.push(rule.id);
  return rule;
}

/** Removes a rule from the table, its group and the fingerprint index (quota is the caller's). */
export function removeRuleRecord(s: NetworkingState, rule: SecurityGroupRule): void {
  remove(s.rules, rule.id);
  const key = ruleFingerprint(rule);
  if (dictGet(s.ruleKeys, key) === rule.id) dictDelete(s.ruleKeys, key);
  const group = get(s.securityGroups, rule.securityGroupId);
  if (group) group.ruleIds = group.ruleIds.filter((id) => id !== rule.id);
}

/** A group the caller may see and change: its own project's, or any for an admin. */
export function visibleGroup(s: NetworkingState, caller: Caller, id: string): SecurityGroup {
  const group = get(s.securityGroups, id);
  if (!group || !(caller.isAdmin || group.projectId === caller.projectId)) throw E.securityGroupNotFound(id);
  return group;
}

export function visibleRule(s: NetworkingState, caller: Caller, id: string): SecurityGroupRule {
  const rule = get(s.rules, id);
  if (!rule || !(caller.isAdmin || rule.projectId === caller.projectId)) throw E.securityGroupRuleNotFound(id);
  return rule;
}

/**
 * POST /security-group-rules: validate (to the spec's values in its profile), check both groups, refuse
 * duplicates (409), charge the quota.
 */
export function createRule(s: NetworkingState, ctx: NetworkingContext, input: RuleInput, profile: NetworkingProfile): SecurityGroupRule {
  if (profile === "spec") checkSpecProtocol(input.protocol);
  const fields = normalizeRule(input);
  if (profile === "spec") checkSpecPorts(fields);
  if (fields.remoteGroupId !== null) visibleGroup(s, ctx.caller, fields.remoteGroupId);
  const group = visibleGroup(s, ctx.caller, fields.securityGroupId);
  const existing = dictGet(s.ruleKeys, ruleFingerprint(fields));
  if (existing !== undefined) throw E.securityGroupRuleExists(existing);
  reserveQuota(s, group.projectId, "security_group_rule");
  const rule = addRuleRecord(s, ctx, group, fields);
  touch(group, ctx.now);
  ctx.tx.emit("networking.security_group_rule.created", { id: rule.id, securityGroupId: group.id, projectId: rule.projectId });
  return rule;
}

export function deleteRule(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  const rule = visibleRule(s, ctx.caller, id);
  removeRuleRecord(s, rule);
  releaseQuota(s, rule.projectId, "security_group_rule");
  const group = get(s.securityGroups, rule.securityGroupId);
  if (group) touch(group, ctx.now);
  ctx.tx.emit("networking.security_group_rule.deleted", { id, securityGroupId: rule.securityGroupId, projectId: rule.projectId });
}

export interface RuleQuery {
  /** the `security_group_id` filter's values */
  securityGroupIds?: readonly string[];
  /** the `direction` filter's values */
  directions?: readonly string[];
}

/**
 * The rules a list may show to the caller, in creation order, each still to be checked against the query.
 * With security_group_id=, those groups' own rules (a group keeps its rules' ids in creation order), the
 * CLI's `security group rule list <group>`. With direction=, the direction index when it reads fewer rows
 * (indexPays). Otherwise an admin's all and a member's its project's.
 */
export function candidateRules(s: NetworkingState, caller: Caller, query: RuleQuery): Iterable<SecurityGroupRule> {
  if (query.securityGroupIds !== undefined) return visibleOnly(caller, rulesOfGroups(s, query.securityGroupIds));
  const directions = query.directions;
  if (directions !== undefined) {
    const distinct = [...new Set(directions)];
    const indexed = distinct.reduce((n, d) => n + groupSize(s.rules, d, "direction"), 0);
    if (indexPays(caller, indexed, () => groupSize(s.rules, caller.projectId), s.rules.size)) {
      const streams = distinct.map((d) => scanGroup(s.rules, d, { by: "direction" }));
      return visibleOnly(caller, streams.length === 1 ? streams[0]! : mergeInOrder(s.rules, streams));
    }
  }
  return ownedRows(caller, s.rules);
}

function rulesOfGroups(s: NetworkingState, groupIds: readonly string[]): SecurityGroupRule[] {
  const rules: SecurityGroupRule[] = [];
  const distinct = new Set(groupIds);
  for (const groupId of distinct) {
    const group = get(s.securityGroups, groupId);
    for (const id of group?.ruleIds ?? []) {
      const rule = get(s.rules, id);
      if (rule) rules.push(rule);
    }
  }
  // one group's ids are in creation order already; several groups' are merged
  return distinct.size > 1 ? rules.sort((a, b) => seqOf(s.rules, a.id)! - seqOf(s.rules, b.id)!) : rules;
}

function* visibleOnly(caller: Caller, rules: Iterable<SecurityGroupRule>): Generator<SecurityGroupRule> {
  for (const rule of rules) if (owns(caller, rule)) yield rule;
}

// Metering labels and their rules (neutron/db/metering/metering_db.py), admin only: a rule takes either
// remote_ip_prefix or source/destination prefixes; remote prefixes of one label, direction and
// `excluded` must not overlap; a label goes with its rules.

import type { Caller } from "../../../kernel/operation.js";
import { get, put, remove, scan } from "../../../kernel/store/table.js";
import { parseCidr, cidrsOverlap, formatCidr } from "../cidr.js";
import { badRequest, invalidAttribute } from "../errors.js";
import type { NetworkingState } from "../state.js";
import type { MeteringLabel, MeteringRule } from "../extension-state.js";
import { meteringLabelNotFound, meteringLabelRuleNotFound, meteringLabelRuleOverlaps, resourceNotFound } from "../extension-errors.js";
import { targetProject, type NetworkingContext } from "./common.js";

export interface RuleInput {
  labelId: string;
  direction?: "ingress" | "egress";
  excluded?: boolean;
  remoteIpPrefix?: string | null;
  sourceIpPrefix?: string | null;
  destinationIpPrefix?: string | null;
}

/** Admin-only resources: to anyone else they do not exist. */
function adminOnly(caller: Caller): void {
  if (!caller.isAdmin) throw resourceNotFound();
}

export function findLabel(s: NetworkingState, caller: Caller, id: string): MeteringLabel {
  adminOnly(caller);
  const label = get(s.ext.meteringLabels, id);
  if (!label) throw meteringLabelNotFound(id);
  return label;
}

export function findRule(s: NetworkingState, caller: Caller, id: string): MeteringRule {
  adminOnly(caller);
  const rule = get(s.ext.meteringRules, id);
  if (!rule) throw meteringLabelRuleNotFound(id);
  return rule;
}

export function createLabel(s: NetworkingState, ctx: NetworkingContext, input: { name?: string; description?: string; shared?: boolean; projectId?: string }): MeteringLabel {
  const label: MeteringLabel = {
    id: ctx.ids.uuid(),
    projectId: targetProject(ctx.caller, input.projectId),
    name: input.name ?? "",
    description: input.description ?? "",
    shared: input.shared ?? false,
  };
  put(s.ext.meteringLabels, label);
  return get(s.ext.meteringLabels, label.id)!;
}

export function deleteLabel(s: NetworkingState, label: MeteringLabel): void {
  const rules: string[] = [];
  for (const r of scan(s.ext.meteringRules)) if (r.labelId === label.id) rules.push(r.id);
  for (const id of rules) remove(s.ext.meteringRules, id);
  remove(s.ext.meteringLabels, label.id);
}

function prefix(attribute: string, text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const cidr = parseCidr(text);
  if (!cidr) throw invalidAttribute(attribute, `'${text}' is not a valid IP subnet`);
  return formatCidr(cidr);
}

export function createRule(s: NetworkingState, ctx: NetworkingContext, input: RuleInput): MeteringRule {
  const label = findLabel(s, ctx.caller, input.labelId);
  const remote = prefix("remote_ip_prefix", input.remoteIpPrefix);
  const source = prefix("source_ip_prefix", input.sourceIpPrefix);
  const destination = prefix("destination_ip_prefix", input.destinationIpPrefix);
  if (remote !== null && (source !== null || destination !== null)) {
    throw badRequest("metering_label_rule", "Cannot use 'remote-ip-prefix' in conjunction with 'source-ip-prefix' or 'destination-ip-prefix'");
  }
  if (remote === null && source === null && destination === null) {
    throw badRequest("metering_label_rule", "You must define at least one of the following parameters 'remote_ip_prefix', or 'source_ip_prefix' or 'destination_ip_prefix'");
  }
  const rule: MeteringRule = {
    id: ctx.ids.uuid(),
    labelId: label.id,
    projectId: label.projectId,
    direction: input.direction ?? "ingress",
    excluded: input.excluded ?? false,
    remoteIpPrefix: remote,
    sourceIpPrefix: source,
    destinationIpPrefix: destination,
  };
  if (remote !== null) {
    const mine = parseCidr(remote)!;
    for (const other of scan(s.ext.meteringRules)) {
      if (other.labelId !== label.id || other.direction !== rule.direction || other.excluded !== rule.excluded || other.remoteIpPrefix === null) continue;
      const theirs = parseCidr(other.remoteIpPrefix)!;
      if (theirs.version === mine.version && cidrsOverlap(mine, theirs)) throw meteringLabelRuleOverlaps(remote);
    }
  }
  put(s.ext.meteringRules, rule);
  return get(s.ext.meteringRules, rule.id)!;
}

export function deleteRule(s: NetworkingState, rule: MeteringRule): void {
  remove(s.ext.meteringRules, rule.id);
}

// QoS policies and their rules (neutron/services/qos/qos_plugin.py): one rule of a type per
// direction (dscp_marking: one per policy), one default policy per project, no deletion while a network,
// port or floating IP points at the policy.

import { find, get, put, remove } from "../../../kernel/store/table.js";
import { qosPolicyDefaultExists, qosPolicyInUse, qosRuleNotFound, qosRulesConflict } from "../errors.js";
import type { NetworkingState, QosPolicy, QosRule } from "../state.js";
import { portRare } from "../port-rare.js";
import { newStandard, targetProject, touch, type NetworkingContext } from "./common.js";
import { onRbacObjectDeleting } from "./extension-hooks.js";

export type QosRuleType = QosRule["type"];
export const QOS_RULE_TYPES: QosRuleType[] = ["bandwidth_limit", "dscp_marking", "minimum_bandwidth"];

export interface QosPolicyInput {
  name?: string;
  description?: string;
  shared?: boolean;
  isDefault?: boolean;
  projectId?: string;
  tags?: string[];
}

export type QosRuleFields = Partial<Pick<QosRule, "maxKbps" | "maxBurstKbps" | "direction" | "dscpMark" | "minKbps">>;

export function createQosPolicy(s: NetworkingState, ctx: NetworkingContext, input: QosPolicyInput): QosPolicy {
  const projectId = targetProject(ctx.caller, input.projectId);
  if (input.isDefault) checkNoOtherDefault(s, projectId, undefined);
  const policy: QosPolicy = {
    ...newStandard(ctx, { name: input.name, description: input.description, projectId, tags: input.tags }),
    shared: input.shared ?? false,
    isDefault: input.isDefault ?? false,
    rules: [],
  };
  put(s.qosPolicies, policy);
  ctx.tx.emit("networking.qos_policy.created", { id: policy.id, projectId });
  return get(s.qosPolicies, policy.id)!;
}

export function updateQosPolicy(s: NetworkingState, ctx: NetworkingContext, policy: QosPolicy, patch: Omit<QosPolicyInput, "projectId" | "tags">): QosPolicy {
  if (patch.isDefault) checkNoOtherDefault(s, policy.projectId, policy.id);
  if (patch.name !== undefined) policy.name = patch.name;
  if (patch.description !== undefined) policy.description = patch.description;
  if (patch.shared !== undefined) policy.shared = patch.shared;
  if (patch.isDefault !== undefined) policy.isDefault = patch.isDefault;
  touch(policy, ctx.now);
  ctx.tx.emit("networking.qos_policy.updated", { id: policy.id, projectId: policy.projectId });
  return policy;
}

export function deleteQosPolicy(s: NetworkingState, ctx: NetworkingContext, policy: QosPolicy): void {
  const uses = (r: { qosPolicyId: string | null }) => r.qosPolicyId === policy.id;
  if (find(s.networks, uses) || find(s.ports, (p) => uses(portRare(p))) || find(s.floatingIps, uses)) throw qosPolicyInUse(policy.id);
  onRbacObjectDeleting(s, "qos_policy", policy.id);
  remove(s.qosPolicies, policy.id);
  ctx.tx.emit("networking.qos_policy.deleted", { id: policy.id, projectId: policy.projectId });
}

export function findQosRule(policy: QosPolicy, type: QosRuleType, ruleId: string): QosRule {
  const rule = policy.rules.find((r) => r.id === ruleId && r.type === type);
  if (!rule) throw qosRuleNotFound(policy.id, ruleId);
  return rule;
}

export function addQosRule(s: NetworkingState, ctx: NetworkingContext, policy: QosPolicy, type: QosRuleType, fields: QosRuleFields): QosRule {
  const rule: QosRule = { id: ctx.ids.uuid(), type, ...withDefaults(type, fields) };
  checkRuleConflict(policy, rule);
  policy.rules.push(rule);
  touch(policy, ctx.now);
  ctx.tx.emit("networking.qos_policy.updated", { id: policy.id, projectId: policy.projectId, ruleAdded: rule.id });
  return rule;
}

export function updateQosRule(s: NetworkingState, ctx: NetworkingContext, policy: QosPolicy, rule: QosRule, fields: QosRuleFields): QosRule {
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (rule as unknown as Record<string, unknown>)[key] = value;
  checkRuleConflict(policy, rule);
  touch(policy, ctx.now);
  ctx.tx.emit("networking.qos_policy.updated", { id: policy.id, projectId: policy.projectId, ruleUpdated: rule.id });
  return rule;
}

export function deleteQosRule(s: NetworkingState, ctx: NetworkingContext, policy: QosPolicy, rule: QosRule): void {
  policy.rules = policy.rules.filter((r) => r.id !== rule.id);
  touch(policy, ctx.now);
  ctx.tx.emit("networking.qos_policy.updated", { id: policy.id, projectId: policy.projectId, ruleDeleted: rule.id });
}

function withDefaults(type: QosRuleType, f: QosRuleFields): QosRuleFields {
  switch (type) {
    case "bandwidth_limit":
      return { maxKbps: f.maxKbps, maxBurstKbps: f.maxBurstKbps ?? 0, direction: f.direction ?? "egress" };
    case "dscp_marking":
      return { dscpMark: f.dscpMark };
    case "minimum_bandwidth":
      return { minKbps: f.minKbps, direction: f.direction ?? "egress" };
  }
}

/** One rule of a type per direction in a policy (qos_plugin check_rules_conflict). */
function checkRuleConflict(policy: QosPolicy, rule: QosRule): void {
  const clash = policy.rules.find((r) => r.id !== rule.id && r.type === rule.type && (rule.type === "dscp_marking" || r.direction === rule.direction));
  if (clash) throw qosRulesConflict(rule.type, clash.id, policy.id);
}

function checkNoOtherDefault(s: NetworkingState, projectId: string, except: string | undefined): void {
  if (find(s.qosPolicies, (p) => p.isDefault && p.projectId === projectId && p.id !== except)) throw qosPolicyDefaultExists(projectId);
}

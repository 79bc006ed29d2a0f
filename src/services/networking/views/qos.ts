// QoS policies and rules -> Neutron wire JSON. Inside a policy every rule carries its id,
// qos_policy_id and type; the rule endpoints answer with the rule's own fields only.

import { standardFields } from "../views.js";
import type { QosPolicy, QosRule } from "../state.js";

/** The rule's own fields: bandwidth_limit {max_kbps, max_burst_kbps, direction}, and so on. */
export function qosRuleView(rule: QosRule) {
  switch (rule.type) {
    case "bandwidth_limit":
      return { id: rule.id, max_kbps: rule.maxKbps, max_burst_kbps: rule.maxBurstKbps ?? 0, direction: rule.direction ?? "egress" };
    case "dscp_marking":
      return { id: rule.id, dscp_mark: rule.dscpMark };
    case "minimum_bandwidth":
      return { id: rule.id, min_kbps: rule.minKbps, direction: rule.direction ?? "egress" };
  }
}

export function qosPolicyView(p: QosPolicy) {
  return {
    ...standardFields(p),
    shared: p.shared,
    is_default: p.isDefault,
    rules: p.rules.map((rule) => ({ ...qosRuleView(rule), qos_policy_id: p.id, type: rule.type })),
  };
}

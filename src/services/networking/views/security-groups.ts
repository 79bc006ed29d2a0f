// Security group -> Neutron v2.0 wire JSON: the standard attributes, stateful,
// shared (always false: no RBAC here) and its rules embedded as full objects.

import { get } from "../../../kernel/store/table.js";
import type { NetworkingState, SecurityGroup } from "../state.js";
import { standardFields } from "../views.js";
import { ruleView } from "./security-group-rules.js";

export function groupView(s: NetworkingState, g: SecurityGroup): Record<string, unknown> {
  const rules: Record<string, unknown>[] = [];
  for (const id of g.ruleIds) {
    const rule = get(s.rules, id);
    if (rule) rules.push(ruleView(s, rule));
  }
  return {
    ...standardFields(g),
    security_group_rules: rules,
    stateful: g.stateful,
    shared: g.shared,
  };
}

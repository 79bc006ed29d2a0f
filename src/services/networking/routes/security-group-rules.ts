// Security group rules (Neutron v2.0): list, create (one, or bulk `{"security_group_rules": [...]}`), show,
// delete. Rules have no update: PUT on a rule is 405.

import { rowFilter } from "../operations/row-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queries, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { targetProject } from "../operations/common.js";
import { candidateRules, createRule, deleteRule, visibleRule, type RuleInput } from "../operations/security-group-rules.js";
import { requestedProject } from "../schemas/networks.js";
import { ruleCreateSchema, type RuleCreateBody } from "../schemas/security-group-rules.js";
import { ruleView } from "../views/security-group-rules.js";
import type { NetworkingState, SecurityGroupRule } from "../state.js";
import type { NetworkingDeps } from "./deps.js";
import { fieldsOf, lazyFilter, lazyMap, listBody, selectFields } from "./list.js";

function ruleInput(b: RuleCreateBody, caller: Caller): RuleInput {
  // the rule belongs to its group's project; naming another project is still an admin's privilege
  targetProject(caller, requestedProject(b));
  return {
    securityGroupId: b.security_group_id,
    direction: b.direction,
    ethertype: b.ethertype,
    protocol: b.protocol,
    portRangeMin: b.port_range_min,
    portRangeMax: b.port_range_max,
    remoteIpPrefix: b.remote_ip_prefix,
    remoteGroupId: b.remote_group_id,
    description: b.description,
  };
}

const idOf = (c: Ctx) => c.req.param("ruleId") ?? "";

/** A list rendered after the caller's project is given its default group, in one write (security-groups.ts). */
export type ListWithDefault = (c: Ctx, render: (s: NetworkingState) => Record<string, unknown>) => Record<string, unknown>;

/** `listWithDefault` gives the caller's project its default group first, as Neutron does on any rule list. */
export function securityGroupRuleRoutes(deps: NetworkingDeps, listWithDefault: ListWithDefault): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.0/security-group-rules",
      operation: "networking.security_group_rule.list",
      handler: (c) => {
        const caller = deps.caller(c);
        const body = listWithDefault(c, (s) => {
          const matches = rowFilter<SecurityGroupRule>(queries(c), {
            direction: (r) => r.direction,
            ethertype: (r) => r.ethertype,
            security_group_id: (r) => r.securityGroupId,
            project_id: (r) => r.projectId,
            tenant_id: (r) => r.projectId,
          });
          const q = queries(c);
          const rows = candidateRules(s, caller, { securityGroupIds: q["security_group_id"], directions: q["direction"] });
          const views = lazyMap(lazyFilter(rows, matches), (r) => ruleView(s, r));
          return listBody(c, "security_group_rules", views, deps.kernel.options.maxPageSize);
        });
        return c.json(body);
      },
    },
    route({
      method: "POST",
      path: "/v2.0/security-group-rules",
      operation: "networking.security_group_rule.create",
      schema: ruleCreateSchema,
      handler: (c, body) => {
        const caller = deps.caller(c);
        const items = body.security_group_rules ?? [body.security_group_rule as RuleCreateBody];
        const created = deps.write(c, (s, ctx) => items.map((item) => createRule(s, ctx, ruleInput(item, caller), deps.profile)));
        const s = deps.state();
        const views = created.map((r) => ruleView(s, r));
        return c.json(body.security_group_rules ? { security_group_rules: views } : { security_group_rule: views[0] }, 201);
      },
    }),
    {
      method: "GET",
      path: "/v2.0/security-group-rules/:ruleId",
      operation: "networking.security_group_rule.show",
      handler: (c) => {
        const s = deps.state();
        return c.json({ security_group_rule: selectFields(ruleView(s, visibleRule(s, deps.caller(c), idOf(c))), fieldsOf(c)) });
      },
    },
    {
      method: "DELETE",
      path: "/v2.0/security-group-rules/:ruleId",
      operation: "networking.security_group_rule.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteRule(s, ctx, idOf(c)));
        return c.body(null, 204);
      },
    },
  ];
}

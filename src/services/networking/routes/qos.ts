// QoS policies and their rules (Neutron v2.0 /qos), admin only in this cloud: policies CRUD,
// `<type>_rules` CRUD under a policy for bandwidth_limit, dscp_marking and minimum_bandwidth, rule types.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { qosPolicyCreateSchema, qosPolicyUpdateSchema, qosRuleSchemas, type QosRuleBody } from "../schemas/qos.js";
import {
  addQosRule, createQosPolicy, deleteQosPolicy, deleteQosRule, findQosRule, QOS_RULE_TYPES, updateQosPolicy, updateQosRule,
  type QosRuleFields, type QosRuleType,
} from "../operations/qos.js";
import { qosPolicyView, qosRuleView } from "../views/qos.js";
import { qosRuleTypeView } from "../views/qos-rule-types.js";
import { genericNotFound } from "../errors.js";
import { fieldsOf, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";
import { visibleQosPolicy } from "../operations/visibility.js";

const POLICIES = "/v2.0/qos/policies";
const POLICY = `${POLICIES}/:policy_id`;

function ruleFields(b: QosRuleBody): QosRuleFields {
  return { maxKbps: b.max_kbps, maxBurstKbps: b.max_burst_kbps, direction: b.direction, dscpMark: b.dscp_mark, minKbps: b.min_kbps };
}

export function qosRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const policyId = (c: Ctx) => c.req.param("policy_id")!;
  return [
    {
      method: "GET",
      path: "/v2.0/qos/rule-types",
      operation: "networking.qos_rule_type.list",
      handler: (c) => c.json(listBody(c, "rule_types", QOS_RULE_TYPES.map((type) => ({ type })), kernel.options.maxPageSize)),
    },
    {
      method: "GET",
      path: "/v2.0/qos/rule-types/:rule_type",
      operation: "networking.qos_rule_type.show",
      // rule type details are for admins only (Neutron's get_rule_type policy)
      policy: "admin",
      handler: (c) => {
        const type = c.req.param("rule_type") ?? "";
        const known = QOS_RULE_TYPES.find((t) => t === type);
        if (!known) throw genericNotFound(`QoS rule type ${type} could not be found.`);
        return c.json({ rule_type: selectFields(qosRuleTypeView(known), fieldsOf(c)) });
      },
    },
    {
      method: "GET",
      path: POLICIES,
      operation: "networking.qos_policy.list",
      policy: "admin",
      handler: (c) => {
        const views = (function* () {
          for (const p of scan(deps.state().qosPolicies)) yield qosPolicyView(p);
        })();
        return c.json(listBody(c, "policies", views, kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: POLICIES,
      operation: "networking.qos_policy.create",
      schema: qosPolicyCreateSchema,
      policy: "admin",
      handler: (c, { policy: b }) => {
        const policy = deps.write(c, (s, ctx) =>
          createQosPolicy(s, ctx, {
            name: b.name,
            description: b.description,
            shared: b.shared,
            isDefault: b.is_default,
            projectId: b.project_id ?? b.tenant_id,
            tags: b.tags,
          }),
        );
        return c.json({ policy: qosPolicyView(policy) }, 201);
      },
    }),
    {
      method: "GET",
      path: POLICY,
      operation: "networking.qos_policy.show",
      policy: "admin",
      handler: (c) => {
        const policy = visibleQosPolicy(deps.state(), deps.caller(c), policyId(c));
        return c.json({ policy: selectFields(qosPolicyView(policy), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: POLICY,
      operation: "networking.qos_policy.update",
      schema: qosPolicyUpdateSchema,
      policy: "admin",
      handler: (c, { policy: b }) => {
        const policy = deps.write(c, (s, ctx) =>
          updateQosPolicy(s, ctx, visibleQosPolicy(s, ctx.caller, policyId(c)), { name: b.name, description: b.description, shared: b.shared, isDefault: b.is_default }),
        );
        return c.json({ policy: qosPolicyView(policy) });
      },
    }),
    {
      method: "DELETE",
      path: POLICY,
      operation: "networking.qos_policy.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteQosPolicy(s, ctx, visibleQosPolicy(s, ctx.caller, policyId(c))));
        return c.body(null, 204);
      },
    },
    ...QOS_RULE_TYPES.flatMap((type) => ruleRoutes(deps, type)),
  ];
}

/** `/qos/policies/{id}/<type>_rules[/{rule_id}]`, bodies wrapped as `<type>_rule` / `<type>_rules`. */
function ruleRoutes(deps: NetworkingDeps, type: QosRuleType): RouteDef[] {
  const { kernel } = deps;
  const singular = `${type}_rule`;
  const plural = `${type}_rules`;
  const collection = `${POLICY}/${plural}`;
  const member = `${collection}/:rule_id`;
  const schemas = qosRuleSchemas[type];
  const createSchema = z.strictObject({ [singular]: schemas.create });
  const updateSchema = z.strictObject({ [singular]: schemas.update });
  const policyId = (c: Ctx) => c.req.param("policy_id")!;
  const ruleId = (c: Ctx) => c.req.param("rule_id")!;
  const ruleOf = (body: Record<string, unknown>) => body[singular] as QosRuleBody;
  return [
    {
      method: "GET",
      path: collection,
      operation: `networking.qos_${singular}.list`,
      policy: "admin",
      handler: (c) => {
        const policy = visibleQosPolicy(deps.state(), deps.caller(c), policyId(c));
        const views = policy.rules.filter((r) => r.type === type).map((r) => qosRuleView(r));
        return c.json(listBody(c, plural, views, kernel.options.maxPageSize));
      },
    },
    route({
      method: "POST",
      path: collection,
      operation: `networking.qos_${singular}.create`,
      schema: createSchema,
      policy: "admin",
      handler: (c, body) => {
        const fields = ruleFields(ruleOf(body));
        const rule = deps.write(c, (s, ctx) => addQosRule(s, ctx, visibleQosPolicy(s, ctx.caller, policyId(c)), type, fields));
        return c.json({ [singular]: qosRuleView(rule) }, 201);
      },
    }),
    {
      method: "GET",
      path: member,
      operation: `networking.qos_${singular}.show`,
      policy: "admin",
      handler: (c) => {
        const rule = findQosRule(visibleQosPolicy(deps.state(), deps.caller(c), policyId(c)), type, ruleId(c));
        return c.json({ [singular]: selectFields(qosRuleView(rule), fieldsOf(c)) });
      },
    },
    route({
      method: "PUT",
      path: member,
      operation: `networking.qos_${singular}.update`,
      schema: updateSchema,
      policy: "admin",
      handler: (c, body) => {
        const fields = ruleFields(ruleOf(body));
        const rule = deps.write(c, (s, ctx) => {
          const policy = visibleQosPolicy(s, ctx.caller, policyId(c));
          return updateQosRule(s, ctx, policy, findQosRule(policy, type, ruleId(c)), fields);
        });
        return c.json({ [singular]: qosRuleView(rule) });
      },
    }),
    {
      method: "DELETE",
      path: member,
      operation: `networking.qos_${singular}.delete`,
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          const policy = visibleQosPolicy(s, ctx.caller, policyId(c));
          deleteQosRule(s, ctx, policy, findQosRule(policy, type, ruleId(c)));
        });
        return c.body(null, 204);
      },
    },
  ];
}

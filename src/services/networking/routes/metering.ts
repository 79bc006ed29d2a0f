// Metering (Neutron v2.0 /metering/metering-labels and /metering/metering-label-rules), admin only: a
// non-admin lists none, finds none and may create none.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { policyNotAuthorized } from "../errors.js";
import type { MeteringLabel, MeteringRule } from "../extension-state.js";
import { meteringLabelCreateSchema, meteringRuleCreateSchema } from "../schemas/metering.js";
import { createLabel, createRule, deleteLabel, deleteRule, findLabel, findRule } from "../operations/metering.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

export const labelView = (l: MeteringLabel) => ({
  id: l.id,
  name: l.name,
  description: l.description,
  shared: l.shared,
  project_id: l.projectId,
  tenant_id: l.projectId,
});

export const ruleView = (r: MeteringRule) => ({
  id: r.id,
  metering_label_id: r.labelId,
  direction: r.direction,
  excluded: r.excluded,
  remote_ip_prefix: r.remoteIpPrefix,
  source_ip_prefix: r.sourceIpPrefix,
  destination_ip_prefix: r.destinationIpPrefix,
  project_id: r.projectId,
  tenant_id: r.projectId,
});

const LABELS = "/v2.0/metering/metering-labels";
const RULES = "/v2.0/metering/metering-label-rules";

export function meteringRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const page = kernel.options.maxPageSize;
  const param = (c: Ctx) => c.req.param("id")!;
  return [
    {
      method: "GET",
      path: LABELS,
      operation: "networking.metering_label.list",
      handler: (c) => c.json(listBody(c, "metering_labels", lazyMap(deps.caller(c).isAdmin ? scan(deps.state().ext.meteringLabels) : [], labelView), page)),
    },
    route({
      method: "POST",
      path: LABELS,
      operation: "networking.metering_label.create",
      policy: "admin",
      forbidden: () => policyNotAuthorized("create_metering_label"),
      schema: meteringLabelCreateSchema,
      handler: (c, { metering_label: b }) => {
        const label = deps.write(c, (s, ctx) =>
          createLabel(s, ctx, { name: b.name, description: b.description, shared: b.shared, projectId: b.project_id ?? b.tenant_id }),
        );
        return c.json({ metering_label: labelView(label) }, 201);
      },
    }),
    {
      method: "GET",
      path: `${LABELS}/:id`,
      operation: "networking.metering_label.show",
      handler: (c) => c.json({ metering_label: selectFields(labelView(findLabel(deps.state(), deps.caller(c), param(c))), fieldsOf(c)) }),
    },
    {
      method: "DELETE",
      path: `${LABELS}/:id`,
      operation: "networking.metering_label.delete",
      policy: "admin",
      forbidden: () => policyNotAuthorized("delete_metering_label"),
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteLabel(s, findLabel(s, ctx.caller, param(c))));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: RULES,
      operation: "networking.metering_label_rule.list",
      handler: (c) => c.json(listBody(c, "metering_label_rules", lazyMap(deps.caller(c).isAdmin ? scan(deps.state().ext.meteringRules) : [], ruleView), page)),
    },
    route({
      method: "POST",
      path: RULES,
      operation: "networking.metering_label_rule.create",
      policy: "admin",
      forbidden: () => policyNotAuthorized("create_metering_label_rule"),
      schema: meteringRuleCreateSchema,
      handler: (c, { metering_label_rule: b }) => {
        const rule = deps.write(c, (s, ctx) =>
          createRule(s, ctx, {
            labelId: b.metering_label_id,
            direction: b.direction,
            excluded: b.excluded,
            remoteIpPrefix: b.remote_ip_prefix,
            sourceIpPrefix: b.source_ip_prefix,
            destinationIpPrefix: b.destination_ip_prefix,
          }),
        );
        return c.json({ metering_label_rule: ruleView(rule) }, 201);
      },
    }),
    {
      method: "GET",
      path: `${RULES}/:id`,
      operation: "networking.metering_label_rule.show",
      handler: (c) => c.json({ metering_label_rule: selectFields(ruleView(findRule(deps.state(), deps.caller(c), param(c))), fieldsOf(c)) }),
    },
    {
      method: "DELETE",
      path: `${RULES}/:id`,
      operation: "networking.metering_label_rule.delete",
      policy: "admin",
      forbidden: () => policyNotAuthorized("delete_metering_label_rule"),
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteRule(s, findRule(s, ctx.caller, param(c))));
        return c.body(null, 204);
      },
    },
  ];
}

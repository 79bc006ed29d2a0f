// Keystone v3 /users/{user_id}/access_rules: list, show, delete (the owner or an admin). Rules are made by
// creating application credentials that describe them.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf } from "../../../kernel/http/context.js";
import { deleteAccessRule, listAccessRules, showAccessRule } from "../operations/access-rules.js";
import { accessRuleView } from "../views-app-credentials.js";
import { listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const MEMBER = "/v3/users/:userId/access_rules/:ruleId";

export function accessRuleRoutes(deps: IdentityDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v3/users/:userId/access_rules",
      operation: "identity.access_rule.list",
      policy: "authenticated",
      handler: (c) => {
        const rules = listAccessRules(deps.state(), principalOf(c), param(c, "userId"));
        return listResponse(c, "access_rules", rules.map((r) => accessRuleView(r, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.access_rule.show",
      policy: "authenticated",
      handler: (c) => {
        const rule = showAccessRule(deps.state(), principalOf(c), param(c, "userId"), param(c, "ruleId"));
        return c.json({ access_rule: accessRuleView(rule, baseUrl(c)) });
      },
    },
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.access_rule.delete",
      policy: "authenticated",
      handler: (c) => {
        deps.write(c, (s) => deleteAccessRule(s, principalOf(c), param(c, "userId"), param(c, "ruleId")));
        return c.body(null, 204);
      },
    },
  ];
}

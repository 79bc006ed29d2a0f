// Keystone v3 /policies: create, list (type filters), show, update, delete. Admin only, as Keystone's policy.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl } from "../../../kernel/http/context.js";
import { policyCreateSchema, policyUpdateSchema } from "../schemas/policies.js";
import { createPolicy, deletePolicy, listPolicies, requirePolicy, updatePolicy } from "../operations/policies.js";
import { policyView } from "../views-policies.js";
import { filterList, queryOf } from "../operations/list-filters.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const COLLECTION = "/v3/policies";
const MEMBER = `${COLLECTION}/:policy_id`;

export function policyRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  return [
    route({
      method: "POST",
      path: COLLECTION,
      operation: "identity.policy.create",
      schema: policyCreateSchema,
      policy: "admin",
      handler: (c, { policy }) => {
        const made = deps.write(c, (s) => createPolicy(s, kit.newId(), policy));
        return c.json({ policy: policyView(made, baseUrl(c)) }, 201);
      },
    }),
    {
      method: "GET",
      path: COLLECTION,
      operation: "identity.policy.list",
      policy: "admin",
      // type, and Keystone's type__contains, __startswith, ... (list-filters.ts)
      handler: (c) => {
        const policies = filterList(listPolicies(deps.state()), queryOf(c.req.url), ["type"], (p) => p.type);
        return listResponse(c, "policies", policies.map((p) => policyView(p, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.policy.show",
      policy: "admin",
      handler: (c) => c.json({ policy: policyView(requirePolicy(deps.state(), param(c, "policy_id")), baseUrl(c)) }),
    },
    route({
      method: "PATCH",
      path: MEMBER,
      operation: "identity.policy.update",
      schema: policyUpdateSchema,
      policy: "admin",
      handler: (c, { policy }) => {
        const updated = deps.write(c, (s) => updatePolicy(s, param(c, "policy_id"), policy));
        return c.json({ policy: policyView(updated, baseUrl(c)) });
      },
    }),
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.policy.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deletePolicy(s, param(c, "policy_id")));
        return c.body(null, 204);
      },
    },
  ];
}

// RBAC policies (Neutron v2.0 /rbac-policies): list, create (201), show, update target_tenant, delete (204).
// A caller sees the policies its project made; admins all.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import type { RbacPolicy } from "../extension-state.js";
import { rbacCreateSchema, rbacUpdateSchema } from "../schemas/rbac-policies.js";
import { createRbacPolicy, deleteRbacPolicy, updateRbacPolicy, visibleRbacPolicies, visibleRbacPolicy } from "../operations/rbac-policies.js";
import { fieldsOf, lazyMap, listBody, selectFields } from "./list.js";
import type { NetworkingDeps } from "./deps.js";

export function rbacPolicyView(p: RbacPolicy) {
  return {
    id: p.id,
    project_id: p.projectId,
    tenant_id: p.projectId,
    object_type: p.objectType,
    object_id: p.objectId,
    action: p.action,
    target_tenant: p.targetTenant,
  };
}

export function rbacPolicyRoutes(deps: NetworkingDeps): RouteDef[] {
  const { kernel } = deps;
  const id = (c: Ctx) => c.req.param("rbac_policy_id")!;
  const member = "/v2.0/rbac-policies/:rbac_policy_id";
  return [
    {
      method: "GET",
      path: "/v2.0/rbac-policies",
      operation: "networking.rbac_policy.list",
      handler: (c) => c.json(listBody(c, "rbac_policies", lazyMap(visibleRbacPolicies(deps.state(), deps.caller(c)), rbacPolicyView), kernel.options.maxPageSize)),
    },
    route({
      method: "POST",
      path: "/v2.0/rbac-policies",
      operation: "networking.rbac_policy.create",
      schema: rbacCreateSchema,
      handler: (c, { rbac_policy: b }) => {
        const policy = deps.write(c, (s, ctx) =>
          createRbacPolicy(s, ctx, { objectType: b.object_type, objectId: b.object_id, action: b.action, targetTenant: b.target_tenant, projectId: b.project_id ?? b.tenant_id }),
        );
        return c.json({ rbac_policy: rbacPolicyView(policy) }, 201);
      },
    }),
    {
      method: "GET",
      path: member,
      operation: "networking.rbac_policy.show",
      handler: (c) => c.json({ rbac_policy: selectFields(rbacPolicyView(visibleRbacPolicy(deps.state(), deps.caller(c), id(c))), fieldsOf(c)) }),
    },
    route({
      method: "PUT",
      path: member,
      operation: "networking.rbac_policy.update",
      schema: rbacUpdateSchema,
      handler: (c, { rbac_policy: b }) => {
        const policy = deps.write(c, (s, ctx) => updateRbacPolicy(s, ctx, visibleRbacPolicy(s, ctx.caller, id(c)), b.target_tenant));
        return c.json({ rbac_policy: rbacPolicyView(policy) });
      },
    }),
    {
      method: "DELETE",
      path: member,
      operation: "networking.rbac_policy.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteRbacPolicy(s, ctx, visibleRbacPolicy(s, ctx.caller, id(c))));
        return c.body(null, 204);
      },
    },
  ];
}

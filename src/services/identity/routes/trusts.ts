// Keystone v3 OS-TRUST: /v3/OS-TRUST/trusts (create, list, show, delete) and a trust's delegated roles.
// Any valid token may call them; the operations decide who may (trustor, trustee or admin), as Keystone's policy.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { get } from "../../../kernel/store/table.js";
import { trustCreateSchema } from "../schemas/trusts.js";
import { createTrust, deleteTrust, listTrusts, readTrust, trustRole } from "../operations/trusts.js";
import { roleView } from "../views-directory.js";
import { trustRoles, trustSummary, trustView } from "../views-delegation.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const COLLECTION = "/v3/OS-TRUST/trusts";
const MEMBER = `${COLLECTION}/:trust_id`;

export function trustRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const now = () => deps.kernel.clock.now();
  const read = (c: Ctx, rule: string) => readTrust(deps.state(), principalOf(c), param(c, "trust_id"), now(), rule);
  return [
    route({
      method: "POST",
      path: COLLECTION,
      operation: "identity.trust.create",
      schema: trustCreateSchema,
      policy: "authenticated",
      handler: (c, { trust }) => {
        const made = deps.write(c, (s, ctx) => createTrust(s, kit.newId(), principalOf(c), trust, ctx.now));
        return c.json({ trust: trustView(deps.state(), made, baseUrl(c)) }, 201);
      },
    }),
    {
      method: "GET",
      path: COLLECTION,
      operation: "identity.trust.list",
      policy: "authenticated",
      handler: (c) => {
        const trusts = listTrusts(deps.state(), principalOf(c), {
          trustorUserId: queryParam(c, "trustor_user_id"),
          trusteeUserId: queryParam(c, "trustee_user_id"),
        });
        return listResponse(c, "trusts", trusts.map((t) => trustSummary(t, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.trust.show",
      policy: "authenticated",
      handler: (c) => c.json({ trust: trustView(deps.state(), read(c, "identity:get_trust"), baseUrl(c)) }),
    },
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.trust.delete",
      policy: "authenticated",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteTrust(s, principalOf(c), param(c, "trust_id"), ctx.now));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: `${MEMBER}/roles`,
      operation: "identity.trust.roles.list",
      policy: "authenticated",
      handler: (c) => {
        const trust = read(c, "identity:list_roles_for_trust");
        return listResponse(c, "roles", trustRoles(deps.state(), trust).map((r) => roleView(r, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: `${MEMBER}/roles/:role_id`,
      operation: "identity.trust.role.show",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const roleId = trustRole(s, principalOf(c), param(c, "trust_id"), param(c, "role_id"), now());
        return c.json({ role: roleView(get(s.roles, roleId)!, baseUrl(c)) });
      },
    },
  ];
}

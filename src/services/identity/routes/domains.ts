// Keystone v3 /domains: create, list (name, enabled), show, update, delete. Admin only.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { domainCreateSchema, domainUpdateSchema } from "../schemas.js";
import { requireDomain } from "../operations/directory.js";
import { addDomain, deleteDomain, listDomains, updateDomain } from "../operations/domains.js";
import { domainView } from "../views-directory.js";
import type { Domain } from "../state.js";
import { boolQuery, directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function domainRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, d: Domain) => ({ domain: domainView(d, baseUrl(c)) });
  return [
    {
      method: "POST",
      path: "/v3/domains",
      operation: "identity.domain.create",
      schema: domainCreateSchema,
      policy: "admin",
      handler: async (c) => {
        const { domain } = await kit.body(c, domainCreateSchema);
        return c.json(one(c, deps.write(c, (s, { tx }) => addDomain(s, tx, kit.newId(), domain))), 201);
      },
    },
    {
      method: "GET",
      path: "/v3/domains",
      operation: "identity.domain.list",
      policy: "admin",
      handler: (c) => {
        const domains = listDomains(deps.state(), { name: c.req.query("name"), enabled: boolQuery(c, "enabled") });
        return listResponse(c, "domains", domains.map((d) => domainView(d, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: "/v3/domains/:domainId",
      operation: "identity.domain.show",
      policy: "admin",
      handler: (c) => c.json(one(c, requireDomain(deps.state(), param(c, "domainId")))),
    },
    {
      method: "PATCH",
      path: "/v3/domains/:domainId",
      operation: "identity.domain.update",
      schema: domainUpdateSchema,
      policy: "admin",
      handler: async (c) => {
        const { domain } = await kit.body(c, domainUpdateSchema);
        return c.json(one(c, deps.write(c, (s, { tx }) => updateDomain(s, tx, param(c, "domainId"), domain))));
      },
    },
    {
      method: "DELETE",
      path: "/v3/domains/:domainId",
      operation: "identity.domain.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, { tx }) => deleteDomain(s, tx, param(c, "domainId")));
        return c.body(null, 204);
      },
    },
  ];
}

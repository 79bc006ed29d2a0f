// Keystone v3 /domains: create, list (Keystone's filters), show (also to a token scoped to the domain or to
// one of its projects), update, delete. The rest is admin only.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import { domainCreateSchema, domainUpdateSchema } from "../schemas.js";
import { requireDomain } from "../operations/directory.js";
import { addDomain, deleteDomain, listDomains, updateDomain } from "../operations/domains.js";
import { deleteDomainCascade } from "../operations/domain-cascade.js";
import { domainView } from "../views-directory.js";
import type { Domain } from "../state.js";
import { queryOf } from "../operations/list-filters.js";
import { assertDomainReader, directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

export function domainRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, d: Domain) => ({ domain: domainView(d, baseUrl(c)) });
  return [
    route({
      method: "POST",
      path: "/v3/domains",
      operation: "identity.domain.create",
      schema: domainCreateSchema,
      policy: "admin",
      handler: (c, { domain }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => addDomain(s, ctx, kit.newId(), domain))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/domains",
      operation: "identity.domain.list",
      policy: "admin",
      handler: (c) => {
        const domains = listDomains(deps.state(), queryOf(c.req.url));
        return listResponse(c, "domains", domains.map((d) => domainView(d, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: "/v3/domains/:domainId",
      operation: "identity.domain.show",
      policy: "authenticated",
      handler: (c) => {
        const s = deps.state();
        const id = param(c, "domainId");
        assertDomainReader(s, principalOf(c), id);
        return c.json(one(c, requireDomain(s, id)));
      },
    },
    route({
      method: "PATCH",
      path: "/v3/domains/:domainId",
      operation: "identity.domain.update",
      schema: domainUpdateSchema,
      policy: "admin",
      handler: (c, { domain }) => {
        return c.json(one(c, deps.write(c, (s, ctx) => updateDomain(s, ctx, param(c, "domainId"), domain))));
      },
    }),
    {
      method: "DELETE",
      path: "/v3/domains/:domainId",
      operation: "identity.domain.delete",
      policy: "admin",
      handler: (c) => {
        // upstream: Keystone's cascade; spec: a domain that still owns something is refused (409)
        const remove = deps.options.profile === "upstream" ? deleteDomainCascade : deleteDomain;
        deps.write(c, (s, ctx) => remove(s, ctx, param(c, "domainId")));
        return c.body(null, 204);
      },
    },
  ];
}

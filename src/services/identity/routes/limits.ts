// Keystone v3 unified limits: /v3/registered_limits and /v3/limits (list-bodied creates, filtered lists,
// show, update, delete) and /v3/limits/model. Writes are an admin's; any valid token may read (a non-admin
// sees only its own project's or domain's limits).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, principalOf, type Ctx } from "../../../kernel/http/context.js";
import {
  limitsCreateSchema, limitUpdateSchema, registeredLimitsCreateSchema, registeredLimitUpdateSchema,
} from "../schemas/limits.js";
import {
  createLimits, createRegisteredLimits, deleteLimit, deleteRegisteredLimit, listLimits, listRegisteredLimits, LIMIT_MODEL,
  requireRegisteredLimit, showLimit, updateLimit, updateRegisteredLimit, type LimitFilter,
} from "../operations/limits.js";
import { limitView, registeredLimitView } from "../views-limits.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const REGISTERED = "/v3/registered_limits";
const LIMITS = "/v3/limits";

function filters(c: Ctx): LimitFilter {
  return {
    serviceId: queryParam(c, "service_id"),
    regionId: queryParam(c, "region_id"),
    resourceName: queryParam(c, "resource_name"),
    projectId: queryParam(c, "project_id"),
    domainId: queryParam(c, "domain_id"),
  };
}

export function limitRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  return [
    route({
      method: "POST",
      path: REGISTERED,
      operation: "identity.registered_limit.create",
      schema: registeredLimitsCreateSchema,
      policy: "admin",
      handler: (c, body) => {
        const made = deps.write(c, (s) => createRegisteredLimits(s, kit.newId, body.registered_limits));
        return c.json({ registered_limits: made.map((r) => registeredLimitView(r, baseUrl(c))) }, 201);
      },
    }),
    {
      method: "GET",
      path: REGISTERED,
      operation: "identity.registered_limit.list",
      policy: "authenticated",
      handler: (c) => {
        const rows = listRegisteredLimits(deps.state(), filters(c));
        return listResponse(c, "registered_limits", rows.map((r) => registeredLimitView(r, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: `${REGISTERED}/:registered_limit_id`,
      operation: "identity.registered_limit.show",
      policy: "authenticated",
      handler: (c) => {
        const row = requireRegisteredLimit(deps.state(), param(c, "registered_limit_id"));
        return c.json({ registered_limit: registeredLimitView(row, baseUrl(c)) });
      },
    },
    route({
      method: "PATCH",
      path: `${REGISTERED}/:registered_limit_id`,
      operation: "identity.registered_limit.update",
      schema: registeredLimitUpdateSchema,
      policy: "admin",
      handler: (c, body) => {
        const row = deps.write(c, (s) => updateRegisteredLimit(s, param(c, "registered_limit_id"), body.registered_limit));
        return c.json({ registered_limit: registeredLimitView(row, baseUrl(c)) });
      },
    }),
    {
      method: "DELETE",
      path: `${REGISTERED}/:registered_limit_id`,
      operation: "identity.registered_limit.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteRegisteredLimit(s, param(c, "registered_limit_id")));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: `${LIMITS}/model`,
      operation: "identity.limit.model",
      policy: "authenticated",
      handler: (c) => c.json({ model: LIMIT_MODEL }),
    },
    route({
      method: "POST",
      path: LIMITS,
      operation: "identity.limit.create",
      schema: limitsCreateSchema,
      policy: "admin",
      handler: (c, body) => {
        const made = deps.write(c, (s) => createLimits(s, kit.newId, body.limits));
        return c.json({ limits: made.map((l) => limitView(l, baseUrl(c))) }, 201);
      },
    }),
    {
      method: "GET",
      path: LIMITS,
      operation: "identity.limit.list",
      policy: "authenticated",
      handler: (c) => {
        const rows = listLimits(deps.state(), principalOf(c), filters(c));
        return listResponse(c, "limits", rows.map((l) => limitView(l, baseUrl(c))));
      },
    },
    {
      method: "GET",
      path: `${LIMITS}/:limit_id`,
      operation: "identity.limit.show",
      policy: "authenticated",
      handler: (c) => c.json({ limit: limitView(showLimit(deps.state(), principalOf(c), param(c, "limit_id")), baseUrl(c)) }),
    },
    route({
      method: "PATCH",
      path: `${LIMITS}/:limit_id`,
      operation: "identity.limit.update",
      schema: limitUpdateSchema,
      policy: "admin",
      handler: (c, body) => {
        return c.json({ limit: limitView(deps.write(c, (s) => updateLimit(s, param(c, "limit_id"), body.limit)), baseUrl(c)) });
      },
    }),
    {
      method: "DELETE",
      path: `${LIMITS}/:limit_id`,
      operation: "identity.limit.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteLimit(s, param(c, "limit_id")));
        return c.body(null, 204);
      },
    },
  ];
}

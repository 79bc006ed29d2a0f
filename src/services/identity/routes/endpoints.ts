// Keystone v3 /endpoints: create, list (interface, service_id, region_id), show, update, delete.
// Admin only: Keystone's reads are admin or system reader, its writes admin.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { endpointCreateSchema, endpointUpdateSchema } from "../schemas/catalog.js";
import { createEndpoint, deleteEndpoint, listEndpoints, requireEndpoint, updateEndpoint } from "../operations/catalog.js";
import { endpointView } from "../views-catalog.js";
import type { CatalogEndpoint } from "../catalog-state.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const MEMBER = "/v3/endpoints/:endpoint_id";

export function endpointRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, e: CatalogEndpoint) => ({ endpoint: endpointView(e, baseUrl(c)) });
  return [
    route({
      method: "POST",
      path: "/v3/endpoints",
      operation: "identity.endpoint.create",
      schema: endpointCreateSchema,
      policy: "admin",
      handler: (c, { endpoint }) => {
        return c.json(one(c, deps.write(c, (s) => createEndpoint(s, kit.newId, endpoint))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/endpoints",
      operation: "identity.endpoint.list",
      policy: "admin",
      handler: (c) => {
        const base = baseUrl(c);
        const f = { interface: queryParam(c, "interface"), serviceId: queryParam(c, "service_id"), regionId: queryParam(c, "region_id") };
        return listResponse(c, "endpoints", listEndpoints(deps.state(), f).map((e) => endpointView(e, base)));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.endpoint.show",
      policy: "admin",
      handler: (c) => c.json(one(c, requireEndpoint(deps.state(), param(c, "endpoint_id")))),
    },
    route({
      method: "PATCH",
      path: MEMBER,
      operation: "identity.endpoint.update",
      schema: endpointUpdateSchema,
      policy: "admin",
      handler: (c, { endpoint }) => {
        return c.json(one(c, deps.write(c, (s) => updateEndpoint(s, kit.newId, param(c, "endpoint_id"), endpoint))));
      },
    }),
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.endpoint.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteEndpoint(s, param(c, "endpoint_id")));
        return c.body(null, 204);
      },
    },
  ];
}

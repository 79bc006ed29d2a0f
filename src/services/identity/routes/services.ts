// Keystone v3 /services: create, list (type, name), show, update, delete (its endpoints go with it).
// Admin only: Keystone's reads are admin or system reader, its writes admin.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { serviceCreateSchema, serviceUpdateSchema } from "../schemas/catalog.js";
import { createService, deleteService, listServices, requireService, updateService } from "../operations/catalog.js";
import { serviceView } from "../views-catalog.js";
import type { CatalogServiceRecord } from "../catalog-state.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const MEMBER = "/v3/services/:service_id";

export function serviceRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, svc: CatalogServiceRecord) => ({ service: serviceView(svc, baseUrl(c)) });
  return [
    route({
      method: "POST",
      path: "/v3/services",
      operation: "identity.service.create",
      schema: serviceCreateSchema,
      policy: "admin",
      handler: (c, { service }) => {
        return c.json(one(c, deps.write(c, (s) => createService(s, kit.newId(), service))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/services",
      operation: "identity.service.list",
      policy: "admin",
      handler: (c) => {
        const base = baseUrl(c);
        const services = listServices(deps.state(), { type: queryParam(c, "type"), name: queryParam(c, "name") });
        return listResponse(c, "services", services.map((svc) => serviceView(svc, base)));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.service.show",
      policy: "admin",
      handler: (c) => c.json(one(c, requireService(deps.state(), param(c, "service_id")))),
    },
    route({
      method: "PATCH",
      path: MEMBER,
      operation: "identity.service.update",
      schema: serviceUpdateSchema,
      policy: "admin",
      handler: (c, { service }) => {
        return c.json(one(c, deps.write(c, (s) => updateService(s, param(c, "service_id"), service))));
      },
    }),
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.service.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteService(s, param(c, "service_id")));
        return c.body(null, 204);
      },
    },
  ];
}

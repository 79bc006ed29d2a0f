// Flavor access (Nova v2.1, admin): GET /flavors/{id}/os-flavor-access and the flavor actions
// addTenantAccess / removeTenantAccess (200 with the new list); the project must be known to identity.

import * as z from "zod";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import { validate } from "../../../kernel/http/body.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { identitySelectors } from "../../identity/index.js";
import { badRequest } from "../errors.js";
import { addFlavorAccess, flavorAccessList, removeFlavorAccess } from "../operations/flavor-access.js";
import type { ComputeDeps } from "./deps.js";
import { actionVariants } from "../../../kernel/http/variants.js";

const tenant = z.strictObject({ tenant: z.string().min(1).max(255) });
const addBody = z.strictObject({ addTenantAccess: tenant });
const removeBody = z.strictObject({ removeTenantAccess: tenant });

const idOf = (c: Ctx) => c.req.param("flavorId") ?? "";

export function flavorAccessRoutes(deps: ComputeDeps): RouteDef[] {
  const knownProject = (id: string) => {
    if (identitySelectors.projectId(deps.root(), id) !== id) throw badRequest(`Project ID ${id} is not a valid project.`);
    return id;
  };
  return [
    {
      method: "GET",
      path: "/v2.1/flavors/:flavorId/os-flavor-access",
      operation: "compute.flavor.access.list",
      policy: "admin",
      handler: (c) => c.json({ flavor_access: flavorAccessList(deps.state(), idOf(c)) }),
    },
    {
      method: "POST",
      path: "/v2.1/flavors/:flavorId/action",
      operation: "compute.flavor.action",
      variants: actionVariants("compute.flavor.action", ["addTenantAccess", "removeTenantAccess"]),
      schema: z.union([addBody, removeBody]),
      // dispatched on its one key, then validated by that action's schema
      bodyCheck: "parsed",
      policy: "admin",
      handler: (c, body) => {
        const key = body && typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 1 ? Object.keys(body)[0] : undefined;
        if (key === "addTenantAccess") {
          const project = knownProject(validate(addBody, body).addTenantAccess.tenant);
          return c.json({ flavor_access: deps.write(c, (s) => addFlavorAccess(s, idOf(c), project)) });
        }
        if (key === "removeTenantAccess") {
          const project = knownProject(validate(removeBody, body).removeTenantAccess.tenant);
          return c.json({ flavor_access: deps.write(c, (s) => removeFlavorAccess(s, idOf(c), project)) });
        }
        throw badRequest(key === undefined ? "Malformed request body" : `There is no such action: ${key}`);
      },
    },
  ];
}

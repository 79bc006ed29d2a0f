// Keystone v3 /regions: create (POST, or PUT with the id in the path), list (parent_region_id), show,
// update, delete. Any token may read them (identity:get_region is ""); writes are admin only.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { regionCreateSchema, regionUpdateSchema } from "../schemas/catalog.js";
import { createRegion, deleteRegion, listRegions, requireRegion, updateRegion } from "../operations/regions.js";
import { regionView } from "../views-catalog.js";
import type { CatalogRegion } from "../catalog-state.js";
import { directoryKit, listResponse, param } from "./directory-helpers.js";
import type { IdentityDeps } from "./deps.js";

const MEMBER = "/v3/regions/:region_id";

export function regionRoutes(deps: IdentityDeps): RouteDef[] {
  const kit = directoryKit(deps);
  const one = (c: Ctx, r: CatalogRegion) => ({ region: regionView(r, baseUrl(c)) });
  return [
    route({
      method: "POST",
      path: "/v3/regions",
      operation: "identity.region.create",
      schema: regionCreateSchema,
      policy: "admin",
      handler: (c, { region }) => {
        return c.json(one(c, deps.write(c, (s) => createRegion(s, kit.newId, region))), 201);
      },
    }),
    {
      method: "GET",
      path: "/v3/regions",
      operation: "identity.region.list",
      policy: "authenticated",
      handler: (c) => {
        const base = baseUrl(c);
        return listResponse(c, "regions", listRegions(deps.state(), queryParam(c, "parent_region_id")).map((r) => regionView(r, base)));
      },
    },
    {
      method: "GET",
      path: MEMBER,
      operation: "identity.region.show",
      policy: "authenticated",
      handler: (c) => c.json(one(c, requireRegion(deps.state(), param(c, "region_id")))),
    },
    route({
      method: "PUT",
      path: MEMBER,
      operation: "identity.region.put",
      schema: regionCreateSchema,
      policy: "admin",
      handler: (c, { region }) => {
        return c.json(one(c, deps.write(c, (s) => createRegion(s, kit.newId, region, param(c, "region_id")))), 201);
      },
    }),
    route({
      method: "PATCH",
      path: MEMBER,
      operation: "identity.region.update",
      schema: regionUpdateSchema,
      policy: "admin",
      handler: (c, { region }) => {
        return c.json(one(c, deps.write(c, (s) => updateRegion(s, param(c, "region_id"), region))));
      },
    }),
    {
      method: "DELETE",
      path: MEMBER,
      operation: "identity.region.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s) => deleteRegion(s, param(c, "region_id")));
        return c.body(null, 204);
      },
    },
  ];
}

// The location API of Glance 2.17 (Dalmatian): `POST /v2/images/{id}/locations` gives a queued image its
// location (the service, or the owner's member with an http URL), `GET` lists an image's locations (the
// service only in Glance; here an admin's, as this cloud seeds no service user and routes check roles first).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { principalOf, type Ctx } from "../../../kernel/http/context.js";
import { addLocationBody, addLocationByApi, listLocations } from "../operations/locations.js";
import type { ImageDeps } from "./deps.js";

const isService = (c: Ctx) => {
  const roles = principalOf(c).roles;
  return roles.includes("service") || roles.includes("admin");
};

export function locationRoutes(deps: ImageDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/v2/images/:id/locations",
      operation: "image.location.create",
      schema: addLocationBody,
      handler: (c, body) => {
        const id = c.req.param("id") ?? "";
        deps.write(c, (s, ctx) => addLocationByApi(s, ctx, id, body, isService(c)));
        return c.body(null, 202);
      },
    }),
    {
      method: "GET",
      path: "/v2/images/:id/locations",
      operation: "image.location.list",
      // Glance's fetch_image_location is the service role's; this cloud's services run as admins
      policy: "admin",
      handler: (c) => c.json(listLocations(deps.state(), deps.caller(c), c.req.param("id") ?? "")),
    },
  ];
}

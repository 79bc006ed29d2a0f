// Masakari's paths carry the project (`/v1/{project_id}/segments`, as catalogs publish it); the spec's
// `{instance_ha_url}/v1/notifications` leaves it out. Both forms of every route are served; the project in
// the path is not an authorization (the policy is admin-only anyway).

import type { RouteDef } from "../../../kernel/http/service-app.js";

/** Each route at `/v1<path>` and at `/v1/:project_id<path>`. */
export function v1(routes: RouteDef[]): RouteDef[] {
  return routes.flatMap((r) => [
    { ...r, path: `/v1${r.path}` },
    { ...r, path: `/v1/:project_id${r.path}` },
  ]);
}

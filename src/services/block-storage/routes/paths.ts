// Cinder's paths carry the project (`/v3/{project_id}/volumes`, as catalogs publish it); from 3.67 they may
// leave it out (`/v3/volumes`, the spec's form). Both forms of every route are served at any microversion.
// The project in the path is not an authorization: the token's project decides, as in Cinder.

import type { RouteDef } from "../../../kernel/http/service-app.js";

/** Each route at `/v3<path>` and at `/v3/:project_id<path>`. */
export function v3(routes: RouteDef[]): RouteDef[] {
  return routes.flatMap((r) => [
    { ...r, path: `/v3${r.path}` },
    { ...r, path: `/v3/:project_id${r.path}` },
  ]);
}

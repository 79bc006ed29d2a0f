// Masakari's paths carry the project (`/v1/{project_id}/segments`, as catalogs publish it); the spec's
// `{instance_ha_url}/v1/notifications` leaves it out. Both forms of every route are served. A path naming
// another project than the token's is refused before the policy and the body are looked at, for admins too
// (Masakari's wsgi.Resource compares them before the method runs): the spec's scope mismatch (403), or
// Masakari's 400 `Malformed request URL` under --profile upstream.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { pathProjectMismatch, scopeMismatchMessage } from "../../../kernel/http/path-project.js";
import { badRequest, forbidden } from "../errors.js";
import type { Profile } from "../schemas/notifications.js";

/** Each route at `/v1<path>` and at `/v1/:project_id<path>`, the latter only for the token's project. */
export function v1(routes: RouteDef[], profile: Profile): RouteDef[] {
  const checkCaller = (c: Ctx) => checkProject(c, profile);
  return routes.flatMap((r) => [
    { ...r, path: `/v1${r.path}` },
    { ...r, path: `/v1/:project_id${r.path}`, checkCaller },
  ]);
}

function checkProject(c: Ctx, profile: Profile): void {
  const mismatch = pathProjectMismatch(c);
  if (!mismatch) return;
  throw profile === "upstream"
    ? badRequest(`Malformed request URL: URL's project_id '${mismatch.named}' doesn't match Context's project_id '${mismatch.scoped ?? "None"}'`)
    : forbidden(scopeMismatchMessage(mismatch));
}

// Cinder's paths carry the project (`/v3/{project_id}/volumes`, as catalogs publish it); from 3.67 they may
// leave it out (`/v3/volumes`, the spec's form). Both forms of every route are served at any microversion.
// The token's project decides where a request acts; a path naming another project is refused before the
// policy and the body are looked at (the spec's scope mismatch, 403; Cinder's 400 `Malformed request url`,
// which its wsgi.Resource answers before the method runs, for admins too).
// Every route's errors pass through the profile here, so no handler has to know it (errors.ts inProfile).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { settle } from "../../../kernel/http/maybe-promise.js";
import { pathProjectMismatch, scopeMismatchMessage } from "../../../kernel/http/path-project.js";
import { badRequest, forbidden, inProfile } from "../errors.js";
import type { BlockStorageProfile } from "../options.js";

/** Each route at `/v3<path>` and at `/v3/:project_id<path>`, its errors answered as `profile` says. */
export function v3(routes: RouteDef[], profile: BlockStorageProfile): RouteDef[] {
  const checkCaller = (c: Ctx) => checkProject(c, profile);
  return routes.flatMap((r) => {
    const handler: RouteDef["handler"] = (c, body) =>
      settle(() => r.handler(c, body), (response) => response, (error) => { throw inProfile(error, profile); });
    return [
      { ...r, path: `/v3${r.path}`, handler },
      { ...r, path: `/v3/:project_id${r.path}`, handler, checkCaller },
    ];
  });
}

/** The project in the path must be the token's (Cinder's wsgi.Resource compares it with the context's). */
function checkProject(c: Ctx, profile: BlockStorageProfile): void {
  const mismatch = pathProjectMismatch(c);
  if (!mismatch) return;
  throw profile === "upstream" ? badRequest("Malformed request url") : forbidden(scopeMismatchMessage(mismatch));
}

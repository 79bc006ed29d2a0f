// A path that carries the project (`/v3/{project_id}/volumes`, as catalogs publish Cinder's and Masakari's
// endpoints): OpenStack's wsgi layer compares it with the token's project before the method runs, for
// admins too, and refuses a mismatch. Each service words the refusal in its own shape and profile.

import { principalOf, type Ctx } from "./context.js";

export interface ProjectMismatch {
  /** the project the path names */
  named: string;
  /** the token's project; undefined for an unscoped or domain-scoped token */
  scoped: string | undefined;
}

/** The `:project_id` path parameter when it is not the token's project; undefined when it is or is absent. */
export function pathProjectMismatch(c: Ctx): ProjectMismatch | undefined {
  const named = c.req.param("project_id");
  const scoped = principalOf(c).projectId;
  return named === undefined || named === scoped ? undefined : { named, scoped };
}

/** The spec's wording: a token scoped to another project than the resource is a scope mismatch (403). */
export function scopeMismatchMessage({ named, scoped }: ProjectMismatch): string {
  return scoped === undefined
    ? `Scope mismatch: the token is not scoped to project ${named}, which the URL names; authenticate with a token scoped to it.`
    : `Scope mismatch: the token is scoped to project ${scoped}, not to project ${named}, which the URL names; authenticate with a token scoped to it.`;
}

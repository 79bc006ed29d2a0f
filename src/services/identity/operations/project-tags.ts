// Project tags (Keystone v3 /projects/{id}/tags): list, replace all, clear, and one tag's check, add and
// removal; and the tag filters of GET /projects (`tags`, `tags-any`, `not-tags`, `not-tags-any`).

import type { IdentityContext } from "./context.js";
import { ApiError } from "../../../kernel/errors.js";
import { validationError } from "../errors.js";
import { projectTagListSchema, projectTagSchema } from "../schemas.js";
import type { IdentityState } from "../state.js";
import { requireProject } from "./directory.js";

export const MAX_PROJECT_TAGS = 80;

export interface TagFilters {
  /** has every one of these */
  all?: string[];
  /** has at least one */
  any?: string[];
  /** lacks at least one of these */
  notAll?: string[];
  /** has none of these */
  notAny?: string[];
}

const tagNotFound = (tag: string) => new ApiError(404, "Not Found", `Could not find project tag: ${tag}.`);

/** The tag filters of a query: each a comma-separated list; a repeated key keeps its first value. */
export function parseTagFilters(query: Iterable<[string, string]>): TagFilters {
  const out: TagFilters = {};
  const keys = { tags: "all", "tags-any": "any", "not-tags": "notAll", "not-tags-any": "notAny" } as const;
  for (const [key, value] of query) {
    const slot = keys[key as keyof typeof keys];
    if (slot !== undefined && out[slot] === undefined) out[slot] = value.split(",");
  }
  return out;
}

export function matchesTagFilters(tags: readonly string[], f: TagFilters): boolean {
  const has = (t: string) => tags.includes(t);
  if (f.all && !f.all.every(has)) return false;
  if (f.any && !f.any.some(has)) return false;
  if (f.notAll && f.notAll.every(has)) return false;
  if (f.notAny && f.notAny.some(has)) return false;
  return true;
}

function invalid(what: string, result: { error?: { issues: Array<{ message: string }> } }): ApiError {
  const reason = result.error?.issues[0]?.message ?? "invalid";
  return validationError(`Invalid input for field '${what}': ${reason}`);
}

export function listProjectTags(s: IdentityState, projectId: string): string[] {
  return requireProject(s, projectId).tags;
}

/** PUT /projects/{id}/tags: the project's tags become exactly these. */
export function replaceProjectTags(s: IdentityState, ctx: IdentityContext, projectId: string, tags: string[]): string[] {
  const project = requireProject(s, projectId);
  project.tags = [...tags];
  ctx.tx.emit("identity.project.updated", { id: projectId, fields: ["tags"] });
  return project.tags;
}

/** PUT /projects/{id}/tags/{tag}: a valid tag, not already there, within the 80 a project may hold. */
export function addProjectTag(s: IdentityState, ctx: IdentityContext, projectId: string, tag: string): void {
  const project = requireProject(s, projectId);
  const one = projectTagSchema.safeParse(tag);
  if (!one.success) throw invalid("tag", one);
  const all = projectTagListSchema.safeParse([...project.tags, tag]);
  if (!all.success) throw invalid("tags", all);
  project.tags.push(tag);
  ctx.tx.emit("identity.project.updated", { id: projectId, fields: ["tags"] });
}

/** GET/HEAD /projects/{id}/tags/{tag}: 204 when the project has it, else 404. */
export function checkProjectTag(s: IdentityState, projectId: string, tag: string): void {
  if (!requireProject(s, projectId).tags.includes(tag)) throw tagNotFound(tag);
}

export function removeProjectTag(s: IdentityState, ctx: IdentityContext, projectId: string, tag: string): void {
  const project = requireProject(s, projectId);
  const at = project.tags.indexOf(tag);
  if (at < 0) throw tagNotFound(tag);
  project.tags.splice(at, 1);
  ctx.tx.emit("identity.project.updated", { id: projectId, fields: ["tags"] });
}

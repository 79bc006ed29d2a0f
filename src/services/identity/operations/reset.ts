// Per-project reset: the project's record and the role assignments on it go back to the seed world, and
// application credentials and OAuth request and access tokens bound to it are dropped. Tokens stay, so a
// test's session survives the reset.

import { dictDelete, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove, scan, scanGroup } from "../../../kernel/store/table.js";
import { nameKey, type IdentityState } from "../state.js";
import { dropCredentialsOf } from "./credentials.js";
import { resetGroupGrantsOnProject } from "./group-reset.js";
import { resetProjectFilters } from "./endpoint-filter.js";
import { resetProjectTrustsAndLimits } from "./trust-reset.js";
import { dropOAuthTokens } from "./oauth1-access-tokens.js";

export function resetIdentityProject(s: IdentityState, seeded: IdentityState, projectId: string): void {
  dropCredentialsOf(s, { projectId });
  for (const cred of filter(s.appCredentials, (c) => c.projectId === projectId)) {
    remove(s.appCredentials, cred.id);
    dictDelete(s.names, nameKey.appCredential(cred.userId, cred.name));
  }
  dropOAuthTokens(s, (t) => t.projectId === projectId);
  resetGroupGrantsOnProject(s, seeded, projectId);
  resetProjectFilters(s, seeded, projectId);
  resetProjectTrustsAndLimits(s, seeded, projectId);
  const original = get(seeded.projects, projectId);
  if (!original) return;
  const current = get(s.projects, projectId);
  if (current) dictDelete(s.names, nameKey.project(current.domainId, current.name));
  put(s.projects, structuredClone(original));
  dictSet(s.names, nameKey.project(original.domainId, original.name), original.id);
  // the project's grants, from its group of the table (grouped by scope.project)
  const onProject = (table: typeof s.assignments) => Array.from(scanGroup(table, projectId, { by: "scope.project" }));
  for (const a of onProject(s.assignments)) remove(s.assignments, a.id);
  for (const a of onProject(seeded.assignments)) put(s.assignments, structuredClone(a));
}

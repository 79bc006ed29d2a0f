// Per-project reset: the project's record and the role assignments on it go back to the seed world, and
// application credentials and OAuth request and access tokens bound to it are dropped. Tokens stay, so a
// test's session survives the reset.

import { dictDelete, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
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
  const onProject = (a: { scope: object }) => "project" in a.scope && (a.scope as { project: string }).project === projectId;
  for (const a of filter(s.assignments, onProject)) remove(s.assignments, a.id);
  for (const a of scan(seeded.assignments)) if (onProject(a)) put(s.assignments, structuredClone(a));
}

// Per-project reset of the group and OS-INHERIT grants on a project: back to the seed world's (which holds
// none unless a snapshot was seeded with them). Groups, memberships and access rules are not per project.

import { filter, put, remove, scan } from "../../../kernel/store/table.js";
import type { IdentityState } from "../state.js";

export function resetGroupGrantsOnProject(s: IdentityState, seeded: IdentityState, projectId: string): void {
  const onProject = (a: { scope: object }) => "project" in a.scope && (a.scope as { project: string }).project === projectId;
  for (const a of filter(s.groupAssignments, onProject)) remove(s.groupAssignments, a.id);
  for (const a of filter(s.inheritedAssignments, onProject)) remove(s.inheritedAssignments, a.id);
  for (const a of scan(seeded.groupAssignments)) if (onProject(a)) put(s.groupAssignments, structuredClone(a));
  for (const a of scan(seeded.inheritedAssignments)) if (onProject(a)) put(s.inheritedAssignments, structuredClone(a));
}

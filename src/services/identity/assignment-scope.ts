// Where a role grant applies (a user's or a group's): a project, a domain or the system, and the key that
// scope takes inside grant ids. Its own file, so the grant tables of state.ts and state-groups.ts share it.

export type AssignmentScope = { project: string } | { domain: string } | { system: "all" };

export function scopeKey(scope: AssignmentScope): string {
  if ("project" in scope) return `project:${scope.project}`;
  if ("domain" in scope) return `domain:${scope.domain}`;
  return "system:all";
}

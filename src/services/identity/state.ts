// Identity (Keystone v3) slice: domains, projects, users, roles, role assignments, tokens and application
// credentials, with the name indexes that keep uniqueness checks O(1). Selectors here are pure reads.

import { emptyDict, dictGet, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, get, scan, type Table } from "../../kernel/store/table.js";

export interface Domain {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
}

export interface Project {
  id: string;
  name: string;
  domainId: string;
  description: string;
  enabled: boolean;
  parentId: string | null;
  tags: string[];
}

export interface User {
  id: string;
  name: string;
  domainId: string;
  enabled: boolean;
  /** salted sha-256, `salt$hex` */
  passwordHash: string | null;
  defaultProjectId: string | null;
  description: string | null;
  email: string | null;
  /** bumped when the user's tokens must all stop working (password change, role revoked, disabled) */
  tokenEpoch: number;
}

export interface Role {
  id: string;
  name: string;
  description: string | null;
  domainId: string | null;
}

export type AssignmentScope = { project: string } | { domain: string } | { system: "all" };

export interface Assignment {
  /** `<userId>|<scopeKey>|<roleId>`: one grant, so a grant is idempotent and a check is one lookup */
  id: string;
  userId: string;
  roleId: string;
  scope: AssignmentScope;
}

export type TokenScope =
  | { kind: "unscoped" }
  | { kind: "project"; projectId: string }
  | { kind: "domain"; domainId: string }
  | { kind: "system" };

export interface Token {
  /** the token string itself */
  id: string;
  userId: string;
  methods: string[];
  scope: TokenScope;
  roleIds: string[];
  issuedAt: number;
  expiresAt: number;
  auditIds: string[];
  revokedAt: number | null;
  applicationCredentialId: string | null;
  /** the user's tokenEpoch when issued; a later bump invalidates the token */
  userEpoch: number;
}

export interface AppCredential {
  id: string;
  name: string;
  description: string | null;
  userId: string;
  projectId: string;
  roleIds: string[];
  /** salted sha-256 of the secret; the secret itself is only ever returned by create */
  secretHash: string;
  expiresAt: number | null;
  unrestricted: boolean;
  accessRules: Array<{ id: string; service: string; method: string; path: string }>;
}

/** A Keystone credential (/v3/credentials); an `ec2` one's id is the SHA-256 of its access key, its blob `{"access","secret"}`. */
export interface Credential {
  id: string;
  userId: string;
  projectId: string | null;
  type: string;
  /** as the client gave it: a JSON string for `ec2` (the secret is kept, as Keystone keeps it: SigV4 needs it) */
  blob: string;
}

export interface IdentityState {
  domains: Table<Domain>;
  projects: Table<Project>;
  users: Table<User>;
  roles: Table<Role>;
  assignments: Table<Assignment>;
  tokens: Table<Token>;
  appCredentials: Table<AppCredential>;
  credentials: Table<Credential>;
  // [groups] fields
  // [catalog] fields
  // [trusts] fields
  // [directory] fields
  /** uniqueness index: `domain:<name>`, `project:<domainId>:<name>`, `user:<domainId>:<name>`, `role:<name>`, `appcred:<userId>:<name>` -> id */
  names: Dict<string>;
}

export function initialIdentityState(): IdentityState {
  return {
    domains: emptyTable(),
    projects: emptyTable(),
    users: emptyTable(),
    roles: emptyTable(),
    assignments: emptyTable(),
    tokens: emptyTable(),
    appCredentials: emptyTable(),
    credentials: emptyTable(),
    // [groups] initial values
    // [catalog] initial values
    // [trusts] initial values
    // [directory] initial values
    names: emptyDict(),
  };
}

export const nameKey = {
  domain: (name: string) => `domain:${name.toLowerCase()}`,
  project: (domainId: string, name: string) => `project:${domainId}:${name}`,
  user: (domainId: string, name: string) => `user:${domainId}:${name}`,
  role: (name: string) => `role:${name.toLowerCase()}`,
  appCredential: (userId: string, name: string) => `appcred:${userId}:${name}`,
};

export function scopeKey(scope: AssignmentScope): string {
  if ("project" in scope) return `project:${scope.project}`;
  if ("domain" in scope) return `domain:${scope.domain}`;
  return "system:all";
}

export function assignmentId(userId: string, scope: AssignmentScope, roleId: string): string {
  return `${userId}|${scopeKey(scope)}|${roleId}`;
}

export function findByName<T extends { id: string }>(s: IdentityState, table: Table<T>, key: string): T | undefined {
  const id = dictGet(s.names, key);
  return id === undefined ? undefined : get(table, id);
}

/** Role ids a user holds directly on a scope (one lookup per role; roles are few). */
export function rolesOn(s: IdentityState, userId: string, scope: AssignmentScope): string[] {
  const out: string[] = [];
  for (const role of scan(s.roles)) if (get(s.assignments, assignmentId(userId, scope, role.id))) out.push(role.id);
  return out;
}

/**
 * The default implied roles: admin implies member, member implies reader. Tokens carry the closure,
 * as Keystone's do, so a member token also lists reader.
 */
export function withImpliedRoles(s: IdentityState, roleIds: string[]): string[] {
  const names = new Set(roleIds.map((id) => get(s.roles, id)?.name).filter((n): n is string => !!n));
  if (names.has("admin")) names.add("member");
  if (names.has("member")) names.add("reader");
  const out = new Set(roleIds);
  for (const name of names) {
    const role = findByName(s, s.roles, nameKey.role(name));
    if (role) out.add(role.id);
  }
  return [...out];
}

/** Projects a user has any role on, directly. */
export function projectsOfUser(s: IdentityState, userId: string): Project[] {
  const ids = new Set<string>();
  for (const a of scan(s.assignments)) if (a.userId === userId && "project" in a.scope) ids.add(a.scope.project);
  return [...ids].map((id) => get(s.projects, id)).filter((p): p is Project => !!p);
}

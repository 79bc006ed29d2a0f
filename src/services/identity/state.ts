// Identity (Keystone v3) slice: domains, projects, users, roles, role assignments, tokens and application
// credentials, with the name indexes that keep uniqueness checks O(1). Selectors here are pure reads.

import { emptyDict, dictGet, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, get, has, scan, scanGroup, seqOf, type Table } from "../../kernel/store/table.js";
import { actorKey, type Actor, type GroupsState } from "./state-groups.js";
import { scopeKey, type AssignmentScope } from "./assignment-scope.js";

export { scopeKey, type AssignmentScope } from "./assignment-scope.js";

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
  /** bumped when the user's tokens must all stop working (a password change); a revoked role is checked per token */
  tokenEpoch: number;
}

export interface Role {
  id: string;
  name: string;
  description: string | null;
  domainId: string | null;
}

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
  /** the trust a trust-scoped token was issued through (its roles are the trust's, not the user's grants) */
  trustId?: string;
  /** the OS-OAUTH1 access token an `oauth1` token was issued with (its roles are the access token's) */
  accessTokenId?: string;
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

/** A policy blob (Keystone v3 /policies), stored as given for services to fetch. */
export interface Policy {
  id: string;
  type: string;
  blob: string;
  /** Keystone keeps unknown attributes of a policy and returns them */
  extra: Record<string, unknown>;
}

export interface IdentityState extends GroupsState {
  domains: Table<Domain>;
  projects: Table<Project>;
  users: Table<User>;
  roles: Table<Role>;
  assignments: Table<Assignment>;
  tokens: Table<Token>;
  appCredentials: Table<AppCredential>;
  credentials: Table<Credential>;
  catalog: import("./catalog-state.js").CatalogState;
  trusts: Table<import("./delegation-state.js").Trust>;
  /** token id -> the trust a trust-scoped token came from */
  trustTokens: Table<import("./delegation-state.js").TrustToken>;
  registeredLimits: Table<import("./limit-state.js").RegisteredLimit>;
  limits: Table<import("./limit-state.js").Limit>;
  policies: Table<Policy>;
  /** uniqueness of trusts and limits (delegation-state.ts trustKey, limit-state.ts limitKey) -> id */
  trustLimitKeys: Dict<string>;
  oauthConsumers: Table<import("./delegation-state.js").OAuthConsumer>;
  oauthRequestTokens: Table<import("./delegation-state.js").OAuthRequestToken>;
  oauthAccessTokens: Table<import("./delegation-state.js").OAuthAccessToken>;
  /** per user: extra attributes, options, password history and lockout counters (operations/user-records.ts) */
  userRecords: Table<import("./directory-state.js").UserRecord>;
  /** domain-specific configuration (/v3/domains/{id}/config), by domain id */
  domainConfigs: Table<import("./directory-state.js").DomainConfig>;
  /** uniqueness index: `domain:<name>`, `project:<domainId>:<name>`, `user:<domainId>:<name>`, `role:<name>`, `appcred:<userId>:<name>` -> id */
  names: Dict<string>;
}

export function initialIdentityState(): IdentityState {
  return {
    domains: emptyTable(),
    projects: emptyTable(),
    users: emptyTable(),
    roles: emptyTable(),
    // grouped by user (a user's projects, a user-filtered assignment list) and by project (a project's
    // assignment list, its reset) without a scan; a grant never changes, it is made or removed
    assignments: emptyTable({ groupBy: "userId", alsoGroupBy: ["scope.project"] }),
    tokens: emptyTable(),
    appCredentials: emptyTable(),
    credentials: emptyTable(),
    groups: emptyTable(),
    memberships: emptyTable(),
    groupsByUser: emptyDict(),
    groupAssignments: emptyTable(),
    inheritedAssignments: emptyTable(),
    roleInferences: emptyTable(),
    accessRules: emptyTable(),
    appCredentialExpiryFraction: emptyDict(),
    catalog: { regions: emptyTable(), services: emptyTable(), endpoints: emptyTable(), endpointGroups: emptyTable(), projectEndpoints: emptyTable(), projectEndpointGroups: emptyTable() },
    trusts: emptyTable(),
    trustTokens: emptyTable(),
    registeredLimits: emptyTable(),
    limits: emptyTable(),
    policies: emptyTable(),
    trustLimitKeys: emptyDict(),
    oauthConsumers: emptyTable(),
    oauthRequestTokens: emptyTable(),
    oauthAccessTokens: emptyTable(),
    userRecords: emptyTable(),
    domainConfigs: emptyTable(),
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

export function assignmentId(userId: string, scope: AssignmentScope, roleId: string): string {
  return `${userId}|${scopeKey(scope)}|${roleId}`;
}

export function findByName<T extends { id: string }>(s: IdentityState, table: Table<T>, key: string): T | undefined {
  const id = dictGet(s.names, key);
  return id === undefined ? undefined : get(table, id);
}

/**
 * The projects or users called exactly `name`, in table order: one name lookup per domain (names are unique
 * in a domain), for a list filtered by `name=` without reading every row.
 */
export function namedInAnyDomain<T extends { id: string }>(s: IdentityState, table: Table<T>, kind: "project" | "user", name: string): T[] {
  const out: T[] = [];
  for (const d of scan(s.domains)) {
    const row = findByName(s, table, nameKey[kind](d.id, name));
    if (row) out.push(row);
  }
  const seq = (row: T) => seqOf(table, row.id) ?? Infinity;
  return out.sort((a, b) => seq(a) - seq(b));
}

/** The ids of the groups a user is a member of, in the order the user joined them. */
export function groupsOfUser(s: IdentityState, userId: string): string[] {
  return dictGet(s.groupsByUser, userId) ?? [];
}

/** Where an inherited grant reaching a project may sit: its domain, then its ancestors, nearest first. */
export function inheritanceSources(s: IdentityState, projectId: string): AssignmentScope[] {
  const project = get(s.projects, projectId);
  if (!project) return [];
  const out: AssignmentScope[] = [{ domain: project.domainId }];
  let parent = project.parentId;
  // a parent chain is acyclic; the bound only keeps a damaged snapshot from looping
  for (let depth = 0; parent !== null && depth < 64; depth++) {
    const p = get(s.projects, parent);
    if (!p) break;
    out.push({ project: p.id });
    parent = p.parentId;
  }
  return out;
}

/**
 * Role ids a user holds on a scope: granted to the user, to one of the user's groups, or inherited (OS-INHERIT)
 * from the project's domain or an ancestor. Not closed under implied roles (withImpliedRoles does that).
 * One lookup per role, actor and inheritance source; roles and groups are few.
 */
export function rolesOn(s: IdentityState, userId: string, scope: AssignmentScope): string[] {
  const actors: Actor[] = [{ user: userId }, ...groupsOfUser(s, userId).map((group) => ({ group }))];
  const here = scopeKey(scope);
  // the common world has no inherited grants: then there is no ancestry to walk
  const sources = "project" in scope && s.inheritedAssignments.size > 0 ? inheritanceSources(s, scope.project).map(scopeKey) : [];
  const out: string[] = [];
  for (const role of scan(s.roles)) {
    const r = role.id;
    const held =
      get(s.assignments, assignmentId(userId, scope, r)) !== undefined ||
      actors.some((a) => "group" in a && get(s.groupAssignments, `${a.group}|${here}|${r}`) !== undefined) ||
      sources.some((src) => actors.some((a) => get(s.inheritedAssignments, `${actorKey(a)}|${src}|${r}`) !== undefined));
    if (held) out.push(r);
  }
  return out;
}

/**
 * The closure of roles under the implied-role rules (/v3/roles/{prior}/implies), as tokens carry it, without
 * domain-specific roles: Keystone puts only what those imply in a token. Rules may form cycles: each role is
 * visited once.
 */
export function withImpliedRoles(s: IdentityState, roleIds: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...roleIds];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const rule = get(s.roleInferences, id);
    if (rule) queue.push(...rule.implied);
  }
  return [...seen].filter((id) => {
    const role = get(s.roles, id);
    return role !== undefined && role.domainId === null;
  });
}

/**
 * Projects a user has any role on: directly, through a group, or inherited. Without inherited grants in the
 * world (the common case) only the projects the user's and their groups' grants name are read, in the
 * projects' order; with any, every project is asked (an inherited grant reaches a whole subtree).
 */
export function projectsOfUser(s: IdentityState, userId: string): Project[] {
  const out: Project[] = [];
  if (s.inheritedAssignments.size > 0) {
    for (const p of scan(s.projects)) if (rolesOn(s, userId, { project: p.id }).length > 0) out.push(p);
    return out;
  }
  const ids = new Set<string>();
  for (const a of scanGroup(s.assignments, userId)) if ("project" in a.scope && has(s.roles, a.roleId)) ids.add(a.scope.project);
  const groups = new Set(groupsOfUser(s, userId));
  if (groups.size > 0) {
    for (const a of scan(s.groupAssignments)) if (groups.has(a.groupId) && "project" in a.scope && has(s.roles, a.roleId)) ids.add(a.scope.project);
  }
  const seq = (id: string) => seqOf(s.projects, id) ?? Infinity;
  for (const id of [...ids].sort((a, b) => seq(a) - seq(b))) {
    const p = get(s.projects, id);
    if (p) out.push(p);
  }
  return out;
}

/** This service's key in the store's root, its journal and fault-rule label. */
export const SLICE = "identity";

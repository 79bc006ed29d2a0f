// The identity tables behind groups, group and inherited (OS-INHERIT) role grants, implied roles and the
// access rules of application credentials, with the keys that make each grant and membership one lookup.

import type { Dict } from "../../kernel/store/dict.js";
import type { Table } from "../../kernel/store/table.js";
import type { AssignmentScope } from "./assignment-scope.js";

export interface Group {
  id: string;
  name: string;
  domainId: string;
  description: string;
  /** attributes the client sent that Keystone does not name, returned as given (absent when none) */
  extra?: Record<string, unknown>;
}

/** `<groupId>|<userId>` */
export interface Membership {
  id: string;
  groupId: string;
  userId: string;
}

/** `<groupId>|<scopeKey>|<roleId>`: a group's role on a project, a domain or the system. */
export interface GroupAssignment {
  id: string;
  groupId: string;
  roleId: string;
  scope: AssignmentScope;
}

export type Actor = { user: string } | { group: string };
export type InheritScope = { project: string } | { domain: string };

/**
 * `<actorKey>|<scopeKey>|<roleId>`: an OS-INHERIT grant, effective on every project below its target
 * (the domain's projects, or the project's subtree), never on the target itself.
 */
export interface InheritedAssignment {
  id: string;
  actor: Actor;
  roleId: string;
  scope: InheritScope;
}

/** One prior role and the roles it implies directly (Keystone's implied_role rows, grouped by prior). */
export interface RoleInference {
  /** the prior role's id */
  id: string;
  implied: string[];
}

/** An access rule of application credentials, owned by one user and shared by their credentials. */
export interface AccessRule {
  id: string;
  userId: string;
  service: string;
  method: string;
  path: string;
}

export interface GroupsState {
  groups: Table<Group>;
  memberships: Table<Membership>;
  /** user id -> the ids of the user's groups: a token's roles read this, so it costs the user's groups only */
  groupsByUser: Dict<string[]>;
  groupAssignments: Table<GroupAssignment>;
  inheritedAssignments: Table<InheritedAssignment>;
  roleInferences: Table<RoleInference>;
  accessRules: Table<AccessRule>;
  /** the fraction of a second an application credential's expires_at was given with, as sent (`820972`) */
  appCredentialExpiryFraction: Dict<string>;
}

export const actorKey = (a: Actor) => ("user" in a ? `user:${a.user}` : `group:${a.group}`);
export const membershipId = (groupId: string, userId: string) => `${groupId}|${userId}`;

/** access rule content -> its id, per user: a credential naming the same rule again reuses it */
export const accessRuleKey = (userId: string, r: { service: string; method: string; path: string }) =>
  `accessrule:${userId}:${r.method}:${r.service}:${r.path}`;

export const groupNameKey = (domainId: string, name: string) => `group:${domainId}:${name}`;
/** a domain-specific role's name is unique within its domain only */
export const domainRoleNameKey = (domainId: string, name: string) => `drole:${domainId}:${name.toLowerCase()}`;

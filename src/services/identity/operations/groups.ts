// Groups (Keystone v3 /groups): create, update, delete, list, and membership (/groups/{g}/users/{u},
// /users/{u}/groups). Names are unique within a domain. Deleting a group drops its memberships and every
// grant it holds; the members' tokens that relied on them stop validating (effective-roles.ts).

import { ApiError } from "../../../kernel/errors.js";
import { dictDelete, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, put, remove, scan } from "../../../kernel/store/table.js";
import { conflict } from "../errors.js";
import { findByName, groupsOfUser, type IdentityState, type User } from "../state.js";
import { groupNameKey, membershipId, type Group } from "../state-groups.js";
import { dropAccessRulesOf } from "./access-rules.js";
import { dropTargetGrants } from "./group-grants.js";
import { renameKey, requireDomain, requireGroup, requireUser } from "./directory.js";

export interface GroupCreate {
  name: string;
  description?: string | null;
  domain_id?: string | null;
  [extra: string]: unknown;
}
export interface GroupUpdate {
  name?: string;
  description?: string | null;
  domain_id?: string;
  [extra: string]: unknown;
}

/** Keys a group body names; Keystone stores every other key as an extra attribute and returns it. */
const CORE = new Set(["id", "name", "description", "domain_id", "links"]);

function withExtras(group: Group, body: Record<string, unknown>): void {
  const extras = Object.entries(body).filter(([key]) => !CORE.has(key));
  if (extras.length > 0) group.extra = { ...group.extra, ...Object.fromEntries(extras) };
}

// the group routes read it here; it lives with the other 404 lookups, which group-grants.ts shares
export { requireGroup } from "./directory.js";

const duplicate = (name: string, domainId: string) =>
  conflict("group", `Duplicate entry found with name ${name} at domain ID ${domainId}`);

export function addGroup(s: IdentityState, id: string, body: GroupCreate, callerDomainId: string | undefined): Group {
  const domainId = body.domain_id ?? callerDomainId ?? "default";
  requireDomain(s, domainId);
  if (findByName(s, s.groups, groupNameKey(domainId, body.name))) throw duplicate(body.name, domainId);
  const group: Group = { id, name: body.name, domainId, description: body.description ?? "" };
  withExtras(group, body);
  put(s.groups, group);
  dictSet(s.names, groupNameKey(domainId, group.name), id);
  return group;
}

export function updateGroup(s: IdentityState, id: string, patch: GroupUpdate): Group {
  const group = requireGroup(s, id);
  if (patch.domain_id !== undefined && patch.domain_id !== group.domainId) {
    throw new ApiError(400, "Bad Request", "Cannot change Domain ID");
  }
  if (patch.name !== undefined) {
    const name = patch.name;
    renameKey(s, groupNameKey(group.domainId, group.name), groupNameKey(group.domainId, name), id, () => duplicate(name, group.domainId));
    group.name = name;
  }
  if (patch.description !== undefined) group.description = patch.description ?? "";
  withExtras(group, patch);
  return group;
}

export function deleteGroup(s: IdentityState, id: string): void {
  const group = requireGroup(s, id);
  for (const m of filter(s.memberships, (m) => m.groupId === id)) leave(s, id, m.userId);
  for (const a of filter(s.groupAssignments, (a) => a.groupId === id)) remove(s.groupAssignments, a.id);
  for (const a of filter(s.inheritedAssignments, (a) => "group" in a.actor && a.actor.group === id)) remove(s.inheritedAssignments, a.id);
  dictDelete(s.names, groupNameKey(group.domainId, group.name));
  remove(s.groups, id);
}

export function listGroups(s: IdentityState, f: { name?: string; domainId?: string }): Group[] {
  return filter(s.groups, (g) => (f.name === undefined || g.name === f.name) && (f.domainId === undefined || g.domainId === f.domainId));
}

/** PUT /groups/{g}/users/{u}: idempotent. */
export function addMember(s: IdentityState, groupId: string, userId: string): void {
  requireGroup(s, groupId);
  requireUser(s, userId);
  const id = membershipId(groupId, userId);
  if (get(s.memberships, id)) return;
  put(s.memberships, { id, groupId, userId });
  dictSet(s.groupsByUser, userId, [...groupsOfUser(s, userId), groupId]);
}

function leave(s: IdentityState, groupId: string, userId: string): void {
  remove(s.memberships, membershipId(groupId, userId));
  const rest = groupsOfUser(s, userId).filter((g) => g !== groupId);
  if (rest.length > 0) dictSet(s.groupsByUser, userId, rest);
  else dictDelete(s.groupsByUser, userId);
}

const notMember = (groupId: string, userId: string) =>
  new ApiError(404, "Not Found", `User '${userId}' not found in group '${groupId}'`);

/** HEAD|GET /groups/{g}/users/{u}: 204 for a member, 404 otherwise. */
export function checkMember(s: IdentityState, groupId: string, userId: string): void {
  requireGroup(s, groupId);
  requireUser(s, userId);
  if (!get(s.memberships, membershipId(groupId, userId))) throw notMember(groupId, userId);
}

/** DELETE /groups/{g}/users/{u}: the user's tokens resting on the group's roles stop validating. */
export function removeMember(s: IdentityState, groupId: string, userId: string): void {
  checkMember(s, groupId, userId);
  leave(s, groupId, userId);
}

export function membersOf(s: IdentityState, groupId: string): User[] {
  requireGroup(s, groupId);
  const out: User[] = [];
  for (const m of scan(s.memberships)) if (m.groupId === groupId) out.push(get(s.users, m.userId)!);
  return out.filter((u) => u !== undefined);
}

export function groupsOf(s: IdentityState, userId: string): Group[] {
  requireUser(s, userId);
  return groupsOfUser(s, userId).map((id) => get(s.groups, id)).filter((g): g is Group => g !== undefined);
}

/**
 * For the user delete (operations/users.ts): the user leaves every group and loses their inherited grants
 * and access rules.
 */
export function dropUserMemberships(s: IdentityState, userId: string): void {
  dropAccessRulesOf(s, userId);
  for (const groupId of groupsOfUser(s, userId)) remove(s.memberships, membershipId(groupId, userId));
  dictDelete(s.groupsByUser, userId);
  for (const a of filter(s.inheritedAssignments, (a) => "user" in a.actor && a.actor.user === userId)) remove(s.inheritedAssignments, a.id);
}

/**
 * For the domain delete (operations/domains.ts): the domain's groups go, with their memberships and grants,
 * and so do the group and inherited grants on the domain itself.
 */
export function dropDomainGroups(s: IdentityState, domainId: string): void {
  for (const g of filter(s.groups, (g) => g.domainId === domainId)) deleteGroup(s, g.id);
  dropTargetGrants(s, { domain: domainId });
}

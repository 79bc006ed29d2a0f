// Security groups: each project's automatic `default` group, create/update/delete with their conflicts
// (neutron/db/securitygroups_db.py), and the port counts that make a group
// "in use".

import { dictDelete, dictGet, dictSet } from "../../../kernel/store/dict.js";
import { filter, get, groupSize, has, put, regroup, remove } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import type { Tx } from "../../../kernel/store/store.js";
import { addUsage } from "../../../kernel/quota.js";
import * as E from "../errors.js";
import type { NetworkingState, QuotaResource, SecurityGroup } from "../state.js";
import { indexPays, ownedRows, owns, releaseQuota, reserveQuota, touch, type NetworkingContext } from "./common.js";
import { named } from "./visibility.js";
import { addRuleRecord, normalizeRule, removeRuleRecord, visibleGroup, type RuleInput } from "./security-group-rules.js";
import { onRbacObjectDeleting } from "./extension-hooks.js";

export { visibleGroup } from "./security-group-rules.js";

/** What creating the default group needs: the seed loader and event handlers have no caller. */
export type GroupContext = Pick<NetworkingContext, "now" | "ids"> & { tx?: Pick<Tx, "emit"> };

export const DEFAULT_GROUP_NAME = "default";

/**
 * Adds to a project's usage without checking the limit: rules Neutron creates by itself (a new group's
 * egress rules, the default group) are counted as every rule is, but never refused.
 */
function countUsage(s: NetworkingState, projectId: string, resource: QuotaResource, count: number): void {
  addUsage(s.usage, projectId, resource, count);
}

function newGroup(s: NetworkingState, ctx: GroupContext, projectId: string, fields: { name: string; description: string; stateful: boolean; tags?: string[] }): SecurityGroup {
  const group: SecurityGroup = {
    id: ctx.ids.uuid(),
    name: fields.name,
    description: fields.description,
    projectId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    revision: 0,
    tags: fields.tags ?? [],
    stateful: fields.stateful,
    shared: false,
    ruleIds: [],
    portCount: 0,
  };
  put(s.securityGroups, group);
  return group;
}

/** The rules Neutron gives a new group: egress to everywhere, IPv4 and IPv6; the default group also
 * admits ingress from its own members. */
function addAutomaticRules(s: NetworkingState, ctx: GroupContext, group: SecurityGroup, withIngress: boolean): void {
  const rules: RuleInput[] = [
    { securityGroupId: group.id, direction: "egress", ethertype: "IPv4" },
    { securityGroupId: group.id, direction: "egress", ethertype: "IPv6" },
  ];
  if (withIngress) {
    rules.push(
      { securityGroupId: group.id, direction: "ingress", ethertype: "IPv4", remoteGroupId: group.id },
      { securityGroupId: group.id, direction: "ingress", ethertype: "IPv6", remoteGroupId: group.id },
    );
  }
  for (const rule of rules) addRuleRecord(s, ctx, group, normalizeRule(rule));
  countUsage(s, group.projectId, "security_group_rule", rules.length);
}

/** Whether this group is its project's `default` group. */
export function isDefaultGroup(s: NetworkingState, group: SecurityGroup): boolean {
  return dictGet(s.defaultGroups, group.projectId) === group.id;
}

/**
 * The project's `default` group id, creating the group with its four rules when it is missing (Neutron
 * creates it on first use; identity's project creation and the seed create it eagerly). Not charged
 * against the quota check, but counted in the usage, as Neutron counts every row.
 */
export function ensureDefaultGroup(s: NetworkingState, ctx: GroupContext, projectId: string): string {
  const existing = dictGet(s.defaultGroups, projectId);
  if (existing !== undefined && has(s.securityGroups, existing)) return existing;
  const group = newGroup(s, ctx, projectId, { name: DEFAULT_GROUP_NAME, description: "Default security group", stateful: true });
  dictSet(s.defaultGroups, projectId, group.id);
  countUsage(s, projectId, "security_group", 1);
  addAutomaticRules(s, ctx, group, true);
  ctx.tx?.emit("networking.security_group.created", { id: group.id, projectId, name: group.name });
  return group.id;
}

export interface GroupInput {
  name?: string;
  description?: string;
  stateful?: boolean;
  projectId: string;
  tags?: string[];
}

export function createGroup(s: NetworkingState, ctx: NetworkingContext, input: GroupInput): SecurityGroup {
  // only Neutron itself makes a group called `default` (neutron-lib's name_not_default validator)
  if (input.name === DEFAULT_GROUP_NAME) throw E.defaultGroupExists();
  ensureDefaultGroup(s, ctx, input.projectId);
  reserveQuota(s, input.projectId, "security_group");
  const group = newGroup(s, ctx, input.projectId, {
    name: input.name ?? "",
    description: input.description ?? "",
    stateful: input.stateful ?? true,
    tags: input.tags,
  });
  addAutomaticRules(s, ctx, group, false);
  ctx.tx.emit("networking.security_group.created", { id: group.id, projectId: group.projectId, name: group.name });
  return group;
}

/**
 * The groups a list may show, in creation order, each still to be checked against the query: an admin's
 * all, a member's its project's. With a name= filter, the groups so named (the name index) when that reads
 * fewer rows (indexPays): a name every project holds ("default") is read from a member's project, not
 * from every project's groups.
 */
export function candidateGroups(s: NetworkingState, caller: Caller, names?: readonly string[]): Iterable<SecurityGroup> {
  if (names !== undefined) {
    const so = names.reduce((n, name) => n + groupSize(s.securityGroups, name, "name"), 0);
    if (indexPays(caller, so, () => groupSize(s.securityGroups, caller.projectId), s.securityGroups.size)) return named(s.securityGroups, names).filter((g) => owns(caller, g));
  }
  return ownedRows(caller, s.securityGroups);
}

export interface GroupPatch {
  name?: string;
  description?: string;
  stateful?: boolean;
}

export function updateGroup(s: NetworkingState, ctx: NetworkingContext, id: string, patch: GroupPatch): SecurityGroup {
  const group = visibleGroup(s, ctx.caller, id);
  if (patch.name !== undefined && patch.name !== group.name) {
    if (isDefaultGroup(s, group)) throw E.cannotUpdateDefault();
    if (patch.name === DEFAULT_GROUP_NAME) throw E.defaultGroupExists();
    // the name index moves with it (a list's name= filter reads it)
    regroup(s.securityGroups, group, "name", patch.name);
  }
  if (patch.description !== undefined) group.description = patch.description;
  if (patch.stateful !== undefined && patch.stateful !== group.stateful) {
    // Neutron refuses to switch a group's statefulness under ports that use it
    if (group.portCount > 0) throw E.securityGroupInUse(group.id);
    group.stateful = patch.stateful;
  }
  touch(group, ctx.now);
  ctx.tx.emit("networking.security_group.updated", { id: group.id, projectId: group.projectId });
  return group;
}

/**
 * 409 while ports use the group; a project may not delete its own `default` group, an admin may (Neutron:
 * `name == 'default' and not context.is_admin`), and the project gets a new one on its next use. Rules
 * of other groups that name this one as their remote group go with it (Neutron's ON DELETE CASCADE).
 */
export function deleteGroup(s: NetworkingState, ctx: NetworkingContext, id: string): void {
  const group = visibleGroup(s, ctx.caller, id);
  if (group.portCount > 0) throw E.securityGroupInUse(id);
  const isDefault = isDefaultGroup(s, group);
  if (isDefault && !ctx.caller.isAdmin) throw E.cannotRemoveDefault();
  onRbacObjectDeleting(s, "security_group", id);
  const ownRules = [...group.ruleIds];
  for (const ruleId of ownRules) {
    const rule = get(s.rules, ruleId);
    if (rule) removeRuleRecord(s, rule);
  }
  releaseQuota(s, group.projectId, "security_group_rule", ownRules.length);
  for (const rule of filter(s.rules, (r) => r.remoteGroupId === id)) {
    removeRuleRecord(s, rule);
    releaseQuota(s, rule.projectId, "security_group_rule");
    const owner = get(s.securityGroups, rule.securityGroupId);
    if (owner) touch(owner, ctx.now);
  }
  remove(s.securityGroups, id);
  releaseQuota(s, group.projectId, "security_group");
  if (isDefault) dictDelete(s.defaultGroups, group.projectId);
  ctx.tx.emit("networking.security_group.deleted", { id, projectId: group.projectId });
}

/**
 * The groups a port asks for, checked: each must exist and belong to the port's project (Neutron looks at
 * the port's tenant, not the caller: even an admin cannot put another project's group on a port).
 * Duplicates collapse. A tenant-less service port may use any group.
 */
export function checkPortGroups(s: NetworkingState, projectId: string, ids: readonly string[]): string[] {
  const unique = [...new Set(ids)];
  const missing = unique.filter((gid) => {
    const group = get(s.securityGroups, gid);
    return !group || (projectId !== "" && group.projectId !== projectId);
  });
  if (missing.length > 0) throw E.securityGroupNotFound(missing.join(", "));
  return unique;
}

/** Counts a port in (+1) or out (-1) of each of its groups. */
export function countGroupPorts(s: NetworkingState, ids: readonly string[], delta: 1 | -1): void {
  for (const gid of ids) {
    const group = get(s.securityGroups, gid);
    if (group) group.portCount = Math.max(0, group.portCount + delta);
  }
}

// Server groups (nova/api/openstack/compute/server_groups.py): a project's groups, the admin's view of all,
// create (server_groups quota; rules only for anti-affinity) and delete. Members are server ids that the
// server create adds (with the scheduler hint `group`) and that leave when their server is deleted.

import { filter, get, put, remove, values } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import type { ComputeState, ServerGroup } from "../state.js";
import { badRequest, itemNotFound } from "../errors.js";
import { computeQuotas } from "./quotas.js";
import type { ServerGroupCreate } from "../schemas/server-groups.js";
import { rareOf, setRare } from "../server-rare.js";

export const groupNotFound = (id: string) => itemNotFound(`Server group ${id} could not be found.`);

/** A group the caller may see (its project's, or any for an admin); 404 otherwise. */
export function visibleServerGroup(s: ComputeState, caller: Caller, id: string): ServerGroup {
  const group = get(s.serverGroups, id);
  if (!group || (!caller.isAdmin && group.projectId !== caller.projectId)) throw groupNotFound(id);
  return group;
}

/** The project's groups; an admin asking for all_projects gets every project's. */
export function listServerGroups(s: ComputeState, caller: Caller, allProjects: boolean): ServerGroup[] {
  if (allProjects && caller.isAdmin) return values(s.serverGroups);
  return filter(s.serverGroups, (g) => g.projectId === caller.projectId);
}

export function createServerGroup(s: ComputeState, ctx: OperationContext, input: ServerGroupCreate): ServerGroup {
  if (Object.keys(input.rules).length > 0 && input.policy !== "anti-affinity") throw badRequest("Only anti-affinity policy supports rules.");
  const projectId = ctx.caller.projectId;
  computeQuotas.check(s, projectId, "server_groups");
  const group: ServerGroup = {
    id: ctx.ids.uuid(),
    name: input.name,
    projectId,
    userId: ctx.caller.userId,
    policy: input.policy,
    rules: { ...input.rules },
    members: [],
  };
  put(s.serverGroups, group);
  ctx.tx.emit("compute.server_group.created", { id: group.id, name: group.name, projectId, policy: group.policy });
  return group;
}

export function deleteServerGroup(s: ComputeState, ctx: OperationContext, id: string): void {
  const group = visibleServerGroup(s, ctx.caller, id);
  // members stay, but no longer name a group that is gone (Nova drops the membership with the group)
  for (const serverId of group.members) {
    const server = get(s.servers, serverId);
    if (server && rareOf(server).serverGroupId === id) setRare(server, "serverGroupId", null);
  }
  remove(s.serverGroups, id);
  ctx.tx.emit("compute.server_group.deleted", { id, projectId: group.projectId });
}

/** Adds a server to its group (server create with the hint `group`); server_group_members quota: 413. */
export function addGroupMember(s: ComputeState, groupId: string, serverId: string): ServerGroup {
  const group = get(s.serverGroups, groupId);
  if (!group) throw groupNotFound(groupId);
  if (!group.members.includes(serverId)) {
    computeQuotas.check(s, group.projectId, "server_group_members", 1, group.members.length);
    group.members.push(serverId);
  }
  return group;
}

export function removeGroupMember(s: ComputeState, groupId: string, serverId: string): void {
  const group = get(s.serverGroups, groupId);
  if (group) group.members = group.members.filter((m) => m !== serverId);
}

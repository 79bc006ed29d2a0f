// addSecurityGroup / removeSecurityGroup (nova/network/security_group_api.py add_to_instance,
// remove_from_instance): the group, by name or id in the server's project, added to or removed from every
// port of the server; Nova's 404 (no such group, no ports) and 400 (already there / not there).

import type { OperationContext } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import type { Server } from "../state.js";
import { badRequest, itemNotFound } from "../errors.js";
import { onBehalfOf } from "./server-lifecycle.js";

function groupOf(ctx: OperationContext, server: Server, name: string): string {
  const { ids } = computeHooks.resolveSecurityGroups(ctx.root, server.projectId, [name]);
  if (ids.length === 0) throw itemNotFound(`Security group ${name} not found for project ${server.projectId}.`);
  if (server.portIds.length === 0) throw itemNotFound(`instance_id ${server.id} could not be found as device id on any ports`);
  return ids[0];
}

export function addSecurityGroup(ctx: OperationContext, server: Server, name: string): void {
  const groupId = groupOf(ctx, server, name);
  const hooks = onBehalfOf(ctx, server) as OperationContext;
  for (const portId of server.portIds) {
    const port = computeHooks.portById(ctx.root, portId);
    if (!port) continue;
    if (port.securityGroups.includes(groupId)) throw badRequest(`Security group ${name} is already associated with the instance ${server.id}`);
    if (!computeHooks.setPortSecurityGroups(hooks, portId, [...port.securityGroups, groupId])) {
      throw badRequest(`Cannot add security group ${name} to instance ${server.id} since the port ${portId} does not meet security requirements`);
    }
  }
  // the server lists groups by name, whichever way the caller named it (OSC sends the id)
  const groupName = computeHooks.securityGroupName(ctx.root, groupId) ?? name;
  if (!server.securityGroups.includes(groupName)) server.securityGroups = [...server.securityGroups, groupName];
  server.updatedAt = ctx.now;
}

export function removeSecurityGroup(ctx: OperationContext, server: Server, name: string): void {
  const groupId = groupOf(ctx, server, name);
  const hooks = onBehalfOf(ctx, server) as OperationContext;
  let found = false;
  for (const portId of server.portIds) {
    const port = computeHooks.portById(ctx.root, portId);
    if (!port || !port.securityGroups.includes(groupId)) continue;
    found = true;
    computeHooks.setPortSecurityGroups(hooks, portId, port.securityGroups.filter((g) => g !== groupId));
  }
  if (!found) throw badRequest(`Security group ${name} not associated with the instance ${server.id}`);
  const groupName = computeHooks.securityGroupName(ctx.root, groupId) ?? name;
  server.securityGroups = server.securityGroups.filter((g) => g !== name && g !== groupName);
  server.updatedAt = ctx.now;
}

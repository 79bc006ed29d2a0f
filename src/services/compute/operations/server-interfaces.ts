// os-interface (nova/compute/api.py attach_interface, detach_interface): a port given (port_id) or created
// on a network (net_id, optional fixed IP; neither: the project's one usable network) is attached to a
// server that is ACTIVE, PAUSED or SHUTOFF with no task, and bound on its host; detaching lets it go.

import type { OperationContext } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import type { Server } from "../state.js";
import { badRequest, itemNotFound } from "../errors.js";
import { checkAction } from "./server-action-rules.js";
import { allocatePorts, planNetworks } from "./server-networks.js";
import { onBehalfOf } from "./server-lifecycle.js";

const INTERFACE_STATES = { vm: ["active", "paused", "stopped"], task: [null] };

export interface AttachInput {
  portId?: string;
  netId?: string;
  fixedIp?: string;
}

/** Returns the attached port's id. */
export function attachInterface(ctx: OperationContext, server: Server, input: AttachInput): string {
  if (input.portId !== undefined && input.netId !== undefined) throw badRequest("Must not input both network_id and port_id");
  if (input.fixedIp !== undefined && input.netId === undefined) throw badRequest("Must input network_id when request IP address");
  checkAction(server, ctx.caller, "attach_interface", INTERFACE_STATES);
  const requests = input.portId !== undefined ? [{ portId: input.portId }] : input.netId !== undefined ? [{ networkId: input.netId, fixedIp: input.fixedIp }] : "auto";
  const plan = planNetworks(ctx, server.projectId, requests, 1);
  const groups = computeHooks.resolveSecurityGroups(ctx.root, server.projectId, server.securityGroups).ids;
  const before = server.portIds.length;
  allocatePorts(ctx, server, plan, groups);
  const portId = server.portIds[before];
  if (server.host !== null) {
    computeHooks.bindPort(onBehalfOf(ctx, server) as OperationContext, portId, { serverId: server.id, host: server.host, zone: server.availabilityZone });
  }
  server.updatedAt = ctx.now;
  return portId;
}

export function detachInterface(ctx: OperationContext, server: Server, portId: string): void {
  checkAction(server, ctx.caller, "detach_interface", INTERFACE_STATES);
  if (!server.portIds.includes(portId)) throw itemNotFound(`Port ${portId} is not attached`);
  const hooks = onBehalfOf(ctx, server) as OperationContext;
  if (server.ownedPortIds.includes(portId)) computeHooks.deleteServerPort(hooks, portId);
  else computeHooks.unbindPort(hooks, portId);
  server.portIds = server.portIds.filter((p) => p !== portId);
  server.ownedPortIds = server.ownedPortIds.filter((p) => p !== portId);
  server.updatedAt = ctx.now;
}

/** The port as os-interface shows it, when the server holds it. */
export function interfaceOf(root: Readonly<Record<string, unknown>>, server: Server, portId: string) {
  const port = server.portIds.includes(portId) ? computeHooks.portById(root, portId) : undefined;
  if (!port) throw itemNotFound(`Instance ${server.id} does not have a port with id ${portId}`);
  return port;
}

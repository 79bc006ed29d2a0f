// addFloatingIp / removeFloatingIp (Nova v2.1 until 2.44; nova/api/openstack/compute/floating_ips.py): the
// project's floating IP, by address, put on the server's first fixed IPv4 address (or the one named) and
// taken off again; Nova's 404 (no such address), 400 (no fixed address, not the server's) and 409.

import type { OperationContext } from "../../../kernel/operation.js";
import { ApiError } from "../../../kernel/errors.js";
import { computeHooks } from "../../networking/index.js";
import type { Server } from "../state.js";
import { badRequest, conflictingRequest, itemNotFound } from "../errors.js";

const { proxy } = computeHooks;

function floatingIpAt(ctx: OperationContext, address: string) {
  const fip = proxy.floatingIpByAddress(ctx.root, ctx.caller, address);
  if (!fip) throw itemNotFound("floating IP not found");
  return fip;
}

/** Neutron's refusal (the address in use elsewhere, an unreachable subnet) as Nova reports it: 400. */
function neutronRefusal(error: unknown): unknown {
  return error instanceof ApiError && error.status !== 404 ? badRequest(error.message) : error;
}

export function addFloatingIp(ctx: OperationContext, server: Server, address: string, fixedAddress?: string): void {
  floatingIpAt(ctx, address);
  const candidates = server.portIds.flatMap((id) => proxy.portFixedIpv4(ctx.root, id).map((ip) => ({ id, fixedIp: ip })));
  if (server.portIds.length === 0) throw badRequest("No fixed IPs associated to instance");
  const port = fixedAddress === undefined ? candidates[0] : candidates.find((c) => c.fixedIp === fixedAddress);
  if (!port && fixedAddress !== undefined) throw badRequest("Specified fixed address not assigned to instance");
  if (!port) throw badRequest(`Unable to associate floating IP ${address} to any fixed IPs for instance ${server.id}. Instance has no fixed IPv4 addresses to associate.`);
  try {
    proxy.setFloatingIpPort(ctx, address, port);
  } catch (error) {
    throw neutronRefusal(error);
  }
}

export function removeFloatingIp(ctx: OperationContext, server: Server, address: string): void {
  const fip = floatingIpAt(ctx, address);
  if (fip.instanceId !== server.id) throw conflictingRequest(`Floating IP ${address} is not associated with instance ${server.id}.`);
  proxy.setFloatingIpPort(ctx, address, null);
}

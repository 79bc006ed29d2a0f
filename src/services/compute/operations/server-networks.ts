// A server's requested networks (nova/network/neutron.py validate_networks, allocate_for_instance): each
// `{uuid}`, `{uuid, fixed_ip}` or `{port}` checked, then one port per network created (or the given port
// taken) in the create request's own update. Neutron's refusals become Nova's answers.

import { ApiError } from "../../../kernel/errors.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import type { Server } from "../state.js";
import { badRequest, conflictingRequest, forbidden } from "../errors.js";

export type NetworkRequest = { networkId?: string; portId?: string; fixedIp?: string };

export type NetworkPlan = { kind: "network"; networkId: string; fixedIp?: string } | { kind: "port"; portId: string };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * Checks the requests and resolves `auto` and `none` (Nova: auto picks the one network the project can use,
 * 409 when several could be meant, 400 when there is none). `count` servers will share the plan.
 */
export function planNetworks(ctx: OperationContext, projectId: string, requests: "auto" | "none" | NetworkRequest[], count: number): NetworkPlan[] {
  const caller = { ...ctx.caller, projectId };
  if (requests === "none") return [];
  if (requests === "auto") {
    const candidates = computeHooks.autoNetworks(ctx.root, caller).filter((n) => n.subnetIds.length > 0);
    if (candidates.length > 1) throw conflictingRequest("Multiple possible networks found, use a Network ID to be more specific.");
    if (candidates.length === 0) {
      // Nova asks networking to get it a network: the topology is made once, for all `count` servers
      const allocated = computeHooks.autoAllocatedNetwork(ctx, projectId);
      if (allocated === undefined) throw badRequest(`Unable to automatically allocate a network for project ${projectId}`);
      return [{ kind: "network", networkId: allocated }];
    }
    return [{ kind: "network", networkId: candidates[0].id }];
  }
  return requests.map((r): NetworkPlan => {
    if (r.portId !== undefined) {
      const port = computeHooks.findPort(ctx.root, caller, r.portId);
      if (!port) throw badRequest(`Port id ${r.portId} could not be found.`);
      if (port.deviceId !== "") throw conflictingRequest(`Port ${r.portId} is still in use.`);
      if (count > 1) throw badRequest("Unable to launch multiple instances with a single configured port ID. Please launch your instance one by one with different ports.");
      return { kind: "port", portId: port.id };
    }
    if (r.networkId === undefined) throw badRequest("Bad networks format: network uuid is not in proper format or is missing.");
    const network = computeHooks.findNetwork(ctx.root, caller, r.networkId);
    if (!network) throw badRequest(`Network ${r.networkId} could not be found.`);
    if (network.subnetIds.length === 0) throw badRequest(`Network ${network.id} requires a subnet in order to boot instances on.`);
    if (network.external && !network.shared && !ctx.caller.isAdmin) {
      throw forbidden(`It is not allowed to create an interface on external network ${network.id}`);
    }
    if (r.fixedIp !== undefined) {
      if (!IPV4.test(r.fixedIp) && !r.fixedIp.includes(":")) throw badRequest(`Invalid fixed IP address (${r.fixedIp})`);
      if (count > 1) throw badRequest("Unable to launch multiple instances with a single configured fixed IP address.");
    }
    return { kind: "network", networkId: network.id, fixedIp: r.fixedIp };
  });
}

/** Neutron's refusal, as Nova reports it to its own caller. */
function novaError(error: unknown, plan: NetworkPlan): unknown {
  if (!(error instanceof ApiError)) return error;
  const network = plan.kind === "network" ? plan.networkId : "";
  switch (error.code) {
    case "IpAddressGenerationFailure":
      return conflictingRequest(`No fixed IP addresses available for network: ${network}`);
    case "IpAddressInUse":
      return badRequest(`Fixed IP address ${plan.kind === "network" ? plan.fixedIp : ""} is already in use.`);
    case "OverQuota":
      return new ApiError(413, "entityTooLarge", "Maximum number of ports exceeded");
  }
  if (error.status === 403) return forbidden(error.message);
  if (error.status === 409) return conflictingRequest(error.message);
  return badRequest(error.message);
}

/** Creates the server's ports (or takes the given ones), filling portIds and ownedPortIds in request order. */
export function allocatePorts(ctx: OperationContext, server: Server, plan: readonly NetworkPlan[], securityGroupIds: string[]): void {
  // Neutron's policy applies to the server's project, with the caller's admin right
  const hooks = { ...ctx, caller: { ...ctx.caller, projectId: server.projectId } };
  for (const entry of plan) {
    try {
      if (entry.kind === "port") {
        computeHooks.claimPort(hooks, entry.portId, server.id);
        server.portIds.push(entry.portId);
        continue;
      }
      const port = computeHooks.createServerPort(hooks, {
        networkId: entry.networkId,
        projectId: server.projectId,
        serverId: server.id,
        securityGroupIds,
        fixedIp: entry.fixedIp,
      });
      server.portIds.push(port.id);
      server.ownedPortIds.push(port.id);
    } catch (error) {
      throw novaError(error, entry);
    }
  }
}

// What the server lifecycle steps do to the world (nova/compute/manager.py _build_and_run_instance,
// _do_build_and_run_instance failure cleanup, _delete_instance): bind ports and go ACTIVE, fail to ERROR with
// a fault (compute.instance.error when it failed on a host that is up), or release everything the server
// holds (ports, host capacity, quota, group membership) and vanish.

import { get, peek, put, remove, scan, scanGroup } from "../../../kernel/store/table.js";
import { systemCaller } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import { DELETED_SERVERS_KEPT, type ComputeState, type Server, type ServerFault } from "../state.js";
import { changeState, enterPhase, POWER, type StepContext } from "../lifecycle.js";
import { claimHost, setServerHost, isUp } from "./hosts.js";
import { addInstanceUsage } from "./quotas.js";
import { removeGroupMember } from "./server-groups.js";
import { releaseVolumes } from "./volume-attachments.js";
import { closeActionEvents, writeOutCreate } from "./server-instance-actions.js";
import { keepServerUsage } from "./tenant-usage.js";
import { rareOf, rareToWrite, setRare } from "../server-rare.js";

/** nova.exception.NoValidHost with an empty reason: the fault a server gets when no host can take it. */
export function noValidHostFault(now: number): ServerFault {
  return { code: 500, message: "No valid host was found. ", created: now };
}

/** nova.exception.MaxRetriesExceeded: what a build that failed on its compute host leaves as the fault. */
export function buildFailedFault(server: Server, now: number, details?: string): ServerFault {
  const fault: ServerFault = {
    code: 500,
    message: `Exceeded maximum number of retries. Exhausted all hosts available for retrying build failures for instance ${server.id}.`,
    created: now,
  };
  if (details) fault.details = details;
  return fault;
}

/** What networking is asked on the server's behalf: the server's project, as the admin compute acts as. */
export function onBehalfOf(ctx: StepContext, server: Server) {
  return { ...ctx, caller: systemCaller(server.projectId) };
}

/** BUILD -> ACTIVE: the host must still be up; the ports are bound there and turn ACTIVE. */
export function finishBuild(s: ComputeState, ctx: StepContext, server: Server): void {
  if (server.host === null) return failBuild(s, ctx, server, noValidHostFault(ctx.now));
  const host = peek(s.hosts, server.host);
  if (!host || !isUp(host)) {
    return failBuild(s, ctx, server, buildFailedFault(server, ctx.now, `Compute host ${server.host} is down.`));
  }
  const hooks = onBehalfOf(ctx, server);
  for (const portId of server.portIds) {
    computeHooks.bindPort(hooks, portId, { serverId: server.id, host: server.host, zone: server.availabilityZone });
  }
  server.launchedAt = ctx.now;
  setRare(server, "fault", null);
  enterPhase(ctx, server, null);
  changeState(ctx, server, { vmState: "active", taskState: null, powerState: POWER.RUNNING });
  closeActionEvents(ctx, server);
}

/**
 * A build that fails: Nova cleans up what the build allocated (the ports it created are deleted, given ones
 * let go, the volumes detached and those with delete_on_termination deleted, the host's claim dropped) and
 * leaves the server in ERROR with its fault. The quota stays used until the server is deleted, as in Nova.
 */
export function failBuild(s: ComputeState, ctx: StepContext, server: Server, fault: ServerFault): void {
  // the create's event keeps the host it was built on, which the release below takes away
  writeOutCreate(s, server);
  releasePorts(ctx, server);
  releaseVolumes(ctx, server);
  releaseHost(s, server);
  setRare(server, "fault", fault);
  enterPhase(ctx, server, null);
  changeState(ctx, server, { vmState: "error", taskState: null, powerState: POWER.NOSTATE });
  closeActionEvents(ctx, server, "Error");
}

/** The fault of a server that failed on its host (a step that failed or was sent to ERROR, a control force). */
export function serverErrorFault(now: number, message: string, code = 500): ServerFault {
  return { code, message, created: now };
}

/**
 * Any other step sent to ERROR (an override's redirect, a fault rule on the step, a control force): the
 * server keeps what it holds. On a host that is up, that is an instance failure: compute.instance.error
 * (cause server_error), what instance HA's nova_notification driver turns into an instance notification.
 * None on a host that is down (the host's own failure covers its servers) nor for a server already in
 * ERROR (its first failure raised it).
 */
export function failServer(s: ComputeState, ctx: StepContext, server: Server, fault: ServerFault): void {
  const wasError = server.vmState === "error";
  const rare = rareToWrite(server);
  rare.fault = fault;
  rare.resumeState = null;
  enterPhase(ctx, server, null);
  changeState(ctx, server, { vmState: "error", taskState: null });
  closeActionEvents(ctx, server, "Error");
  const host = server.host === null ? undefined : peek(s.hosts, server.host);
  if (host && isUp(host) && !wasError) {
    ctx.tx.emit("compute.instance.error", { host: host.id, serverId: server.id, projectId: server.projectId, cause: "server_error" });
  }
}

/** The server's ports: those it created are deleted, those it was given are unbound. */
export function releasePorts(ctx: StepContext, server: Server): void {
  const hooks = onBehalfOf(ctx, server);
  const owned = new Set(server.ownedPortIds);
  for (const portId of server.portIds) {
    if (owned.has(portId)) computeHooks.deleteServerPort(hooks, portId);
    else computeHooks.unbindPort(hooks, portId);
  }
  server.portIds = [];
  server.ownedPortIds = [];
}

/** Gives the host back what the server's flavor claimed (a resize's old flavor is the resize's business). */
export function releaseHost(s: ComputeState, server: Server): void {
  if (server.host === null) return;
  const host = peek(s.hosts, server.host);
  if (host) claimHost(s, host, server.flavor, -1);
  setServerHost(s, server, null);
}

/** The deleted server's records stay (its action log, usage, migrations); the oldest deleted server's past the bound go. */
function keepDeletedRecords(s: ComputeState, id: string): void {
  put(s.deletedServers, { id });
  while (s.deletedServers.size > DELETED_SERVERS_KEPT) {
    const oldest = scan(s.deletedServers).next().value!.id;
    remove(s.deletedServers, oldest);
    remove(s.instanceActions, oldest);
    remove(s.serverUsage, oldest);
    for (const m of [...scanGroup(s.migrations, oldest)]) remove(s.migrations, m.id);
  }
}

/** The end of the deleting phase: everything released, the record gone (GET is 404 from now on). */
export function finishDelete(s: ComputeState, ctx: StepContext, server: Server): void {
  // a server deleted with no delete action (a reset project's, a reclaimed one) writes its create out first
  writeOutCreate(s, server);
  const host = server.host;
  const vmState = server.vmState;
  releasePorts(ctx, server);
  releaseVolumes(ctx, server);
  releaseHost(s, server);
  addInstanceUsage(s, server.projectId, { instances: -1, cores: -server.flavor.vcpus, ram: -server.flavor.ram });
  const { serverGroupId } = rareOf(server);
  if (serverGroupId) removeGroupMember(s, serverGroupId, server.id);
  enterPhase(ctx, server, null);
  // no terminated_at to write: the record goes below, and the deleted event carries the time
  changeState(ctx, server, { vmState: "deleted", taskState: null, powerState: POWER.NOSTATE });
  closeActionEvents(ctx, server);
  keepServerUsage(s, server, ctx.now);
  remove(s.servers, server.id);
  remove(s.serverExtras, server.id);
  keepDeletedRecords(s, server.id);
  ctx.tx.emit("compute.server.deleted", {
    id: server.id,
    projectId: server.projectId,
    host,
    name: server.name,
    userId: server.userId,
    flavorId: server.flavorId,
    imageId: server.imageId,
    zone: server.availabilityZone,
    vmState,
    createdAt: new Date(server.createdAt).toISOString(),
    launchedAt: server.launchedAt === null ? null : new Date(server.launchedAt).toISOString(),
  });
}

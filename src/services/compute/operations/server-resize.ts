// Resize, confirmResize, revertResize (nova/compute/api.py resize, confirm_resize, revert_resize; the
// conductor's synchronous scheduling, so no valid host is a 400 as in Nova). The new flavor is claimed on
// the destination at once; the old one stays claimed on the source until the resize is confirmed.

import { get } from "../../../kernel/store/table.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { computeHooks } from "../../networking/index.js";
import type { ComputeHost, ComputeState, FlavorSnapshot, Server, ServerMigration } from "../state.js";
import { badRequest } from "../errors.js";
import { changeState, enterPhase, POWER, type ServerStepApplier, type ServerStepDef, type StepContext } from "../lifecycle.js";
import { findFlavor } from "./flavors.js";
import { claimHost, setServerHost, scheduleHost } from "./hosts.js";
import { addInstanceUsage, checkInstanceQuota } from "./quotas.js";
import { sharedSnapshotOf } from "./server-create.js";
import { assertUnlocked, begin, checkAction, checkHostUp, checkState, onItsHost, settle } from "./server-action-rules.js";
import { onBehalfOf } from "./server-lifecycle.js";
import { followHost } from "./volume-attachments.js";
import { closeActionEvents } from "./server-instance-actions.js";
import { migrationStatus, startMigration } from "./migrations.js";
import { rareOf, rareToWrite, tidyRare } from "../server-rare.js";

/** Binds the server's ports where it now runs (a resize or evacuation to another host moves the bindings);
 * its volume attachments' host_name follows too. */
export function rebindPorts(ctx: StepContext, server: Server): void {
  if (server.host === null) return;
  followHost(ctx, server);
  const hooks = onBehalfOf(ctx, server);
  for (const portId of server.portIds) {
    computeHooks.bindPort(hooks, portId, { serverId: server.id, host: server.host, zone: server.availabilityZone });
  }
}

export function resize(s: ComputeState, ctx: OperationContext, server: Server, flavorRef: string, diskConfig?: "AUTO" | "MANUAL"): void {
  assertUnlocked(server, ctx.caller);
  checkHostUp(s, server);
  checkState(server, "resize", { vm: ["active", "stopped"] });
  const flavor = findFlavor(s, flavorRef);
  if (!flavor || flavor.disabled) throw badRequest(`Flavor ${flavorRef} could not be found.`);
  if (flavor.id === server.flavorId) throw badRequest("When resizing, instances must change flavor!");
  const old = server.flavor;
  const imageBacked = server.imageId !== null;
  if (imageBacked && flavor.disk === 0 && old.disk !== 0) {
    throw badRequest("Server disk was unable to be resized because: Resize to zero disk flavor is not allowed.");
  }
  // Nova's libvirt driver fails such a resize later and puts the server back; refusing it up front says why
  if (imageBacked && flavor.disk < old.disk) throw badRequest("Server disk was unable to be resized because: Unable to resize disk down.");
  checkInstanceQuota(s, server.projectId, { cores: flavor.vcpus - old.vcpus, ram: flavor.ram - old.ram });
  const { serverGroupId, requestedZone } = rareOf(server);
  const group = serverGroupId ? get(s.serverGroups, serverGroupId) : undefined;
  const dest = scheduleHost(s, { flavor, zone: requestedZone, serverGroup: group ?? null, serverId: server.id });
  if (!dest) throw badRequest("No valid host was found. There are not enough hosts available.");
  // the resized disk's partitioning, as the request's OS-DCF:diskConfig asks (Nova's auto_disk_config)
  if (diskConfig !== undefined) rareToWrite(server).diskConfig = diskConfig;
  startMove(s, ctx, server, dest, { id: flavor.id, snapshot: sharedSnapshotOf(flavor) }, "resize");
}

/**
 * A resize, or a cold migration (the same flavor to another host): the destination claimed, the move and
 * its migration record started, the server in RESIZE until it waits for confirmation.
 */
export function startMove(s: ComputeState, ctx: OperationContext, server: Server, dest: ComputeHost, flavor: { id: string; snapshot: FlavorSnapshot }, type: "resize" | "migration"): void {
  claimHost(s, dest, flavor.snapshot, 1);
  const rare = rareToWrite(server);
  rare.migration = {
    kind: "resize",
    sourceHost: server.host,
    sourceZone: server.availabilityZone,
    destHost: dest.id,
    newFlavorId: flavor.id,
    newFlavor: flavor.snapshot,
  };
  startMigration(ctx, server, { type, status: "pre-migrating", sourceCompute: server.host, destCompute: dest.id, newFlavorId: flavor.id });
  rare.resumeState = server.vmState;
  begin(ctx, server, "resize_prep", "resize_prep");
  ctx.tx.emit("compute.server.resize_started", { id: server.id, projectId: server.projectId, flavorId: flavor.id, from: server.host, to: dest.id });
}

function resizeOf(server: Server): ServerMigration | null {
  const { migration } = rareOf(server);
  return migration?.kind === "resize" ? migration : null;
}

/** The flavor changes when the resize finishes on the destination: usage follows the server's flavor. */
function finishResize(s: ComputeState, ctx: StepContext, server: Server): void {
  const m = resizeOf(server);
  if (!m || !m.newFlavor || !m.newFlavorId) return settle(ctx, server, rareOf(server).resumeState ?? "active");
  migrationStatus(ctx, server, "post-migrating");
  const rare = rareToWrite(server);
  const old = (rare.oldFlavor = server.flavor);
  rare.oldFlavorId = server.flavorId;
  server.flavorId = m.newFlavorId;
  server.flavor = m.newFlavor;
  addInstanceUsage(s, server.projectId, { cores: m.newFlavor.vcpus - old.vcpus, ram: m.newFlavor.ram - old.ram });
  if (m.destHost !== null && m.destHost !== server.host) {
    setServerHost(s, server, m.destHost);
    server.availabilityZone = get(s.hosts, m.destHost)?.zone ?? server.availabilityZone;
    rebindPorts(ctx, server);
  }
  begin(ctx, server, "resize_finish", "resize_finish");
}

/** VERIFY_RESIZE: vm_state resized; a server stopped before the resize stays powered off. */
function awaitConfirm(ctx: StepContext, server: Server): void {
  enterPhase(ctx, server, null);
  changeState(ctx, server, { vmState: "resized", taskState: null, powerState: rareOf(server).resumeState === "stopped" ? POWER.SHUTDOWN : POWER.RUNNING });
  migrationStatus(ctx, server, "finished");
  closeActionEvents(ctx, server);
}

export function confirmResize(s: ComputeState, ctx: OperationContext, server: Server): void {
  checkAction(server, ctx.caller, "confirmResize", { vm: ["resized"] });
  const m = resizeOf(server);
  if (!m) throw badRequest("Instance has not been resized.");
  const { oldFlavor, resumeState } = rareOf(server);
  if (m.sourceHost !== null && oldFlavor) claimHost(s, m.sourceHost, oldFlavor, -1);
  const back = resumeState ?? "active";
  clearResize(server);
  migrationStatus(ctx, server, "confirmed", true);
  settle(ctx, server, back);
  ctx.tx.emit("compute.server.resize_confirmed", { id: server.id, projectId: server.projectId, flavorId: server.flavorId });
}

export function revertResize(ctx: OperationContext, server: Server): void {
  checkAction(server, ctx.caller, "revertResize", { vm: ["resized"] });
  if (!resizeOf(server)) throw badRequest("Instance has not been resized.");
  migrationStatus(ctx, server, "reverting");
  begin(ctx, server, "resize_reverting", "resize_reverting");
}

/** The end of a revert: the new flavor given back on the destination, the server home on the old one. */
function finishRevert(s: ComputeState, ctx: StepContext, server: Server): void {
  const m = resizeOf(server);
  const { resumeState, oldFlavor, oldFlavorId } = rareOf(server);
  const back = resumeState ?? "active";
  if (m && oldFlavor && oldFlavorId) {
    if (m.destHost !== null) claimHost(s, m.destHost, server.flavor, -1);
    addInstanceUsage(s, server.projectId, { cores: oldFlavor.vcpus - server.flavor.vcpus, ram: oldFlavor.ram - server.flavor.ram });
    server.flavorId = oldFlavorId;
    server.flavor = oldFlavor;
    if (m.sourceHost !== server.host) {
      setServerHost(s, server, m.sourceHost);
      server.availabilityZone = m.sourceZone;
      rebindPorts(ctx, server);
    }
  }
  clearResize(server);
  migrationStatus(ctx, server, "reverted", true);
  settle(ctx, server, back);
  ctx.tx.emit("compute.server.resize_reverted", { id: server.id, projectId: server.projectId, flavorId: server.flavorId });
}

function clearResize(server: Server): void {
  const rare = rareToWrite(server);
  rare.oldFlavorId = null;
  rare.oldFlavor = null;
  rare.migration = null;
  rare.resumeState = null;
  tidyRare(server);
}

/**
 * What a server that goes away (or is reset) in the middle of a move still holds elsewhere: the claim on
 * the host it was not running on. The deleting step calls this before it releases the server's own host.
 */
export function releaseMigration(s: ComputeState, server: Server): void {
  const { migration: m, oldFlavor } = rareOf(server);
  if (!m) return;
  if (m.kind === "resize") {
    // before the flavor switch the destination holds the new flavor; after it, the source holds the old one
    if (oldFlavor && m.sourceHost !== null) claimHost(s, m.sourceHost, oldFlavor, -1);
    else if (!oldFlavor && m.destHost !== null && m.newFlavor) claimHost(s, m.destHost, m.newFlavor, -1);
  } else if (m.destHost !== null && m.destHost !== server.host) {
    claimHost(s, m.destHost, server.flavor, -1);
  }
  rareToWrite(server).migration = null;
  tidyRare(server);
}

export const RESIZE_STEPS: ServerStepDef[] = [
  { from: "resize_prep", to: "resize_migrating", after: (o) => o.actionMs },
  { from: "resize_migrating", to: "resize_finish", after: (o) => o.actionMs },
  { from: "resize_finish", to: "resized", after: (o) => o.actionMs },
  { from: "resize_reverting", to: "resize_reverted", after: (o) => o.actionMs },
];

export const RESIZE_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "resize_prep>resize_migrating": onItsHost((_s, ctx, server) => {
    migrationStatus(ctx, server, "migrating");
    begin(ctx, server, "resize_migrating", "resize_migrating");
  }),
  "resize_migrating>resize_finish": onItsHost((s, ctx, server) => finishResize(s, ctx, server)),
  "resize_finish>resized": onItsHost((_s, ctx, server) => awaitConfirm(ctx, server)),
  "resize_reverting>resize_reverted": onItsHost((s, ctx, server) => finishRevert(s, ctx, server)),
};

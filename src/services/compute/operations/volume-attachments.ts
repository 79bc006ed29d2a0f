// A server's volume attachments (Nova's os-volume_attachments: compute/api.py attach_volume, detach_volume,
// swap_volume; the API's update): Nova's refusals first, then one store update in which block storage (its
// for-compute.ts contract) marks the volume in-use or available and the server's volumesAttached list follows.

import { systemCaller, type OperationContext } from "../../../kernel/operation.js";
import {
  attachToServer,
  deleteVolumeForServer,
  detachFromServer,
  findVolume,
  moveServerAttachments,
  type VolumeInfo,
} from "../../block-storage/for-compute.js";
import type { AttachedVolume, ComputeState, Server } from "../state.js";
import { badRequest, conflictingRequest, forbidden, invalidState, itemNotFound } from "../errors.js";
import { visibleServer } from "./servers.js";
import { assertUnlocked } from "./server-action-rules.js";
import type { VolumeAttachmentCreate, VolumeAttachmentUpdate } from "../schemas/volume-attachments.js";
import type { StepContext } from "../lifecycle.js";
import { rareOf } from "../server-rare.js";

export type { AttachedVolume };

/** vm_states in which a volume may be attached or detached (Nova's check_instance_state for both). */
const ATTACH_STATES = new Set(["active", "paused", "stopped", "suspended", "shelved", "shelved_offloaded"]);

/** vm_states a swap needs (Nova's swap_volume). */
const SWAP_STATES = new Set(["active", "paused", "resized"]);

export const ROOT_DEVICE = "/dev/vda";

export const volumeNotFound = (id: string) => itemNotFound(`Volume ${id} could not be found.`);
const notAttached = (volumeId: string, serverId: string) =>
  itemNotFound(`Volume ${volumeId} is not attached to instance ${serverId}.`);

function readyServer(s: ComputeState, ctx: OperationContext, id: string, action: string): Server {
  const server = visibleServer(s, ctx.caller, id);
  assertUnlocked(server, ctx.caller);
  if (!ATTACH_STATES.has(server.vmState)) throw invalidState(action, server.id, "vm_state", server.vmState);
  if (server.taskState !== null) throw invalidState(action, server.id, "task_state", server.taskState);
  return server;
}

/** The next free /dev/vdX after the root disk. */
function nextDevice(server: Server): string {
  const taken = new Set([ROOT_DEVICE, ...server.volumesAttached.map((a) => a.device)]);
  for (let i = 1; i < 26; i++) {
    const device = `/dev/vd${String.fromCharCode(97 + i)}`;
    if (!taken.has(device)) return device;
  }
  throw badRequest("No free disk device names for prefix 'vd'");
}

/** The attachment a server holds, or 404 as Nova's show and detach answer. */
export function findAttachment(server: Server, volumeId: string): AttachedVolume {
  const found = server.volumesAttached.find((a) => a.id === volumeId);
  if (!found) throw notAttached(volumeId, server.id);
  return found;
}

/**
 * Nova's checks before a volume is attached to a server (an attach, a boot): not attached already, or
 * multiattach; available; in the server's zone (cross_az_attach off). 400 Invalid volume otherwise.
 */
export function assertAttachable(server: { id: string; availabilityZone: string }, volume: VolumeInfo): void {
  if (volume.serverIds.includes(server.id)) {
    throw badRequest(`Invalid volume: volume ${volume.id} is already attached to instance ${server.id}`);
  }
  if (volume.serverIds.length > 0 && !volume.multiattach) {
    throw badRequest(`Invalid volume: volume ${volume.id} is already attached to another instance and is not multiattach`);
  }
  if (volume.status !== "available" && !(volume.multiattach && volume.status === "in-use")) {
    throw badRequest(`Invalid volume: volume ${volume.id} status must be available`);
  }
  assertSameZone(server, volume);
}

/** cross_az_attach off: a placed server takes volumes of its own zone only. */
function assertSameZone(server: { id: string; availabilityZone: string }, volume: VolumeInfo): void {
  if (server.availabilityZone && volume.availabilityZone !== server.availabilityZone) {
    throw badRequest(
      `Invalid volume: instance ${server.id} is in availability zone ${server.availabilityZone} ` +
        `but volume ${volume.id} is in ${volume.availabilityZone}; they must match to attach`,
    );
  }
}

export function attachVolume(s: ComputeState, ctx: OperationContext, serverId: string, input: VolumeAttachmentCreate): AttachedVolume {
  const server = readyServer(s, ctx, serverId, "attach_volume");
  const volume = findVolume(ctx.root, ctx.caller, input.volumeId);
  if (!volume) throw volumeNotFound(input.volumeId);
  if (server.volumesAttached.some((a) => a.id === volume.id)) {
    throw badRequest(`Invalid volume: volume ${volume.id} is already attached to instance ${server.id}`);
  }
  assertAttachable(server, volume);
  const taken = new Set([ROOT_DEVICE, ...server.volumesAttached.map((a) => a.device)]);
  if (input.device !== null && taken.has(input.device)) throw badRequest(`The supplied device path (${input.device}) is in use.`);
  const device = input.device ?? nextDevice(server);
  const attachment = attachToServer(ctx, volume.id, server.id, device, server.host);
  const entry: AttachedVolume = {
    id: volume.id,
    deleteOnTermination: input.deleteOnTermination,
    device,
    tag: input.tag,
    attachmentId: attachment.id,
    bdmUuid: ctx.ids.uuid(),
  };
  server.volumesAttached = [...server.volumesAttached, entry];
  server.updatedAt = ctx.now;
  return entry;
}

export function detachVolume(s: ComputeState, ctx: OperationContext, serverId: string, volumeId: string): void {
  const server = visibleServer(s, ctx.caller, serverId);
  const entry = findAttachment(server, volumeId);
  readyServer(s, ctx, serverId, "detach_volume");
  if (entry.device === ROOT_DEVICE) throw badRequest("Cannot detach a root device volume");
  const volume = findVolume(ctx.root, ctx.caller, volumeId);
  if (volume?.serverIds.includes(server.id)) detachFromServer(ctx, volumeId, server.id);
  server.volumesAttached = server.volumesAttached.filter((a) => a !== entry && a.id !== entry.id);
  server.updatedAt = ctx.now;
}

/**
 * A deleted server, or one whose build failed, lets go of its volumes: each detached, and those mapped with
 * delete_on_termination deleted (a volume Cinder will not delete, say one with snapshots, stays, as in Nova).
 */
export function releaseVolumes(ctx: StepContext, server: Server): void {
  const hooks = { ...ctx, caller: systemCaller(server.projectId) };
  for (const entry of server.volumesAttached) {
    const volume = findVolume(ctx.root, hooks.caller, entry.id);
    if (!volume) continue;
    if (volume.serverIds.includes(server.id)) detachFromServer(hooks, entry.id, server.id);
    if (entry.deleteOnTermination) deleteVolumeForServer(ctx, server.projectId, entry.id);
  }
  server.volumesAttached = [];
}

/** The server runs on another host (evacuated, resized): its attachments' host_name follows it. */
export function followHost(ctx: StepContext, server: Server): void {
  moveServerAttachments(ctx, server.id, server.volumesAttached.map((a) => a.id), server.host);
}

/** The keys 2.85 accepts but does not let change. */
function assertUnchanged(server: Server, entry: AttachedVolume, input: VolumeAttachmentUpdate): void {
  const current: Record<string, unknown> = { id: entry.id, serverId: server.id, device: entry.device, tag: entry.tag ?? null };
  for (const key of ["id", "serverId", "device", "tag"] as const) {
    if (input[key] !== undefined && input[key] !== current[key]) throw badRequest(`The ${key} property is not mutable`);
  }
}

/**
 * PUT /servers/{id}/os-volume_attachments/{volume_id}: a swap to another volume (admin by Nova's policy; the
 * same device, the old volume available, the new one in-use) and, from 2.85, delete_on_termination.
 * Before 2.85 every update is a swap.
 */
export function updateVolumeAttachment(
  s: ComputeState,
  ctx: OperationContext,
  serverId: string,
  oldVolumeId: string,
  input: VolumeAttachmentUpdate,
  mv: number,
): void {
  const server = visibleServer(s, ctx.caller, serverId);
  const swap = mv < 85 || input.volumeId !== oldVolumeId;
  if (swap && !ctx.caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-volumes-attachments:swap to be performed.");
  let entry: AttachedVolume;
  if (swap) {
    const old = findVolume(ctx.root, ctx.caller, oldVolumeId);
    if (!old) throw volumeNotFound(oldVolumeId);
    const replacement = findVolume(ctx.root, ctx.caller, input.volumeId);
    if (!replacement) throw badRequest(`Volume ${input.volumeId} could not be found.`);
    entry = attachmentForUpdate(server, oldVolumeId);
    assertUnchanged(server, entry, input);
    swapVolume(ctx, server, entry, old, replacement);
    entry = findAttachment(server, replacement.id);
  } else {
    entry = attachmentForUpdate(server, oldVolumeId);
    assertUnchanged(server, entry, input);
    assertUnlocked(server, ctx.caller);
  }
  if (mv >= 85 && input.deleteOnTermination !== undefined) {
    const changed = { ...entry, deleteOnTermination: input.deleteOnTermination };
    server.volumesAttached = server.volumesAttached.map((a) => (a.id === entry.id ? changed : a));
  }
  server.updatedAt = ctx.now;
}

function attachmentForUpdate(server: Server, volumeId: string): AttachedVolume {
  const found = server.volumesAttached.find((a) => a.id === volumeId);
  if (!found) throw itemNotFound("The volume was either invalid or not attached to the instance.");
  return found;
}

/** Nova's swap_volume: the server's state and lock (409), then the volumes' (400). */
function swapVolume(ctx: OperationContext, server: Server, entry: AttachedVolume, old: VolumeInfo, replacement: VolumeInfo): void {
  if (rareOf(server).locked && !ctx.caller.isAdmin) throw conflictingRequest(`Instance ${server.id} is locked`);
  if (!SWAP_STATES.has(server.vmState)) throw invalidState("swap_volume", server.id, "vm_state", server.vmState);
  if (server.taskState !== null) throw invalidState("swap_volume", server.id, "task_state", server.taskState);
  if (!old.serverIds.includes(server.id)) throw badRequest("Invalid volume: Old volume is attached to a different instance.");
  if (old.multiattach && old.serverIds.length > 1) {
    throw badRequest("Swapping multi-attach volumes with more than one read/write attachment is not supported.");
  }
  if (replacement.serverIds.length > 0 || replacement.status === "in-use") throw badRequest("Invalid volume: New volume must be detached in order to swap.");
  if (replacement.size < old.size) throw badRequest("Invalid volume: New volume must be the same size or larger.");
  if (replacement.status !== "available") {
    throw badRequest(`Invalid volume: Volume status must be available to reserve, but the status is ${replacement.status}.`);
  }
  assertSameZone(server, replacement);
  detachFromServer(ctx, old.id, server.id);
  // Nova's swap keeps the block device mapping and moves it to a new Cinder attachment
  const attachment = attachToServer(ctx, replacement.id, server.id, entry.device, server.host);
  const swapped: AttachedVolume = { ...entry, id: replacement.id, attachmentId: attachment.id };
  server.volumesAttached = server.volumesAttached.map((a) => (a === entry || a.id === entry.id ? swapped : a));
}

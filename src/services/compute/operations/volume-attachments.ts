// A server's volume attachments (Nova's os-volume_attachments: compute/api.py attach_volume, detach_volume):
// Nova's refusals first, then one store update in which block storage (its for-compute.ts contract) marks
// the volume in-use or available and the server's volumesAttached list follows.

import { systemCaller, type OperationContext } from "../../../kernel/operation.js";
import { attachToServer, detachFromServer, findVolume } from "../../block-storage/for-compute.js";
import type { ComputeState, Server } from "../state.js";
import { badRequest, invalidState, itemNotFound } from "../errors.js";
import { assertUnlocked, visibleServer } from "./servers.js";
import type { VolumeAttachmentCreate } from "../schemas/volume-attachments.js";
import type { StepContext } from "../lifecycle.js";

export type AttachedVolume = Server["volumesAttached"][number];

/** vm_states in which a volume may be attached or detached (Nova's check_instance_state for both). */
const ATTACH_STATES = new Set(["active", "paused", "stopped", "suspended", "shelved", "shelved_offloaded"]);

const ROOT_DEVICE = "/dev/vda";

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

export function attachVolume(s: ComputeState, ctx: OperationContext, serverId: string, input: VolumeAttachmentCreate): AttachedVolume {
  const server = readyServer(s, ctx, serverId, "attach_volume");
  const volume = findVolume(ctx.root, ctx.caller, input.volumeId);
  if (!volume) throw volumeNotFound(input.volumeId);
  if (server.volumesAttached.some((a) => a.id === volume.id) || volume.serverIds.includes(server.id)) {
    throw badRequest(`Invalid volume: volume ${volume.id} is already attached to instance ${server.id}`);
  }
  if (volume.serverIds.length > 0 && !volume.multiattach) {
    throw badRequest(`Invalid volume: volume ${volume.id} is already attached to another instance and is not multiattach`);
  }
  if (volume.status !== "available" && !(volume.multiattach && volume.status === "in-use")) {
    throw badRequest(`Invalid volume: volume ${volume.id} status must be available`);
  }
  if (server.availabilityZone && volume.availabilityZone !== server.availabilityZone) {
    throw badRequest(
      `Invalid volume: instance ${server.id} is in availability zone ${server.availabilityZone} ` +
        `but volume ${volume.id} is in ${volume.availabilityZone}; they must match to attach`,
    );
  }
  const taken = new Set([ROOT_DEVICE, ...server.volumesAttached.map((a) => a.device)]);
  if (input.device !== null && taken.has(input.device)) throw badRequest(`The supplied device path (${input.device}) is in use.`);
  const device = input.device ?? nextDevice(server);
  attachToServer(ctx, volume.id, server.id, device, server.host);
  const entry: AttachedVolume = { id: volume.id, deleteOnTermination: input.deleteOnTermination, device, tag: input.tag };
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

/** A deleted server lets go of its volumes (block storage's contract offers no delete: they stay, available). */
export function releaseVolumes(ctx: StepContext, server: Server): void {
  const hooks = { ...ctx, caller: systemCaller(server.projectId) };
  for (const entry of server.volumesAttached) {
    const volume = findVolume(ctx.root, hooks.caller, entry.id);
    if (volume?.serverIds.includes(server.id)) detachFromServer(hooks, entry.id, server.id);
  }
  server.volumesAttached = [];
}

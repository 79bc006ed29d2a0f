// The contract block storage offers compute (listed after it in services.ts): what Nova's volume
// attachments, boot from volume and delete_on_termination need, run on the root draft of compute's own
// operation so the server's and the volume's records commit together. Errors are Cinder's (404
// VolumeNotFound, 413 over quota; a wrong state is the spec's 409, an ApiError whose `upstream` holds
// Cinder's 400 InvalidVolume); compute may translate them into Nova's words.

import { reimageForServer } from "./operations/volume-reimage.js";
import { ApiError } from "../../kernel/errors.js";
import { systemCaller, type Caller, type OperationContext } from "../../kernel/operation.js";
import { get } from "../../kernel/store/table.js";
import { setStatus } from "./lifecycle.js";
import { attach, detach } from "./operations/volume-actions.js";
import { createVolume, deleteVolume } from "./operations/volumes.js";
import { sliceOf } from "./state.js";
import type { VolumeAttachment } from "./state.js";

type Root = Readonly<Record<string, unknown>>;

/** What compute may know of a volume: enough to refuse an attach or a boot before it writes anything. */
export interface VolumeInfo {
  id: string;
  projectId: string;
  status: string;
  size: number;
  availabilityZone: string;
  multiattach: boolean;
  bootable: boolean;
  /** servers it is attached to */
  serverIds: string[];
}

/** A volume the caller may use, or undefined (another project's counts as absent). */
export function findVolume(root: Root, caller: Pick<Caller, "projectId" | "isAdmin">, id: string): VolumeInfo | undefined {
  const s = sliceOf(root);
  const v = s && get(s.volumes, id);
  if (!v || (!caller.isAdmin && v.projectId !== caller.projectId)) return undefined;
  return {
    id: v.id,
    projectId: v.projectId,
    status: v.status,
    size: v.size,
    availabilityZone: v.availabilityZone,
    multiattach: v.multiattach,
    bootable: v.bootable,
    serverIds: v.attachments.flatMap((a) => (a.serverId ? [a.serverId] : [])),
  };
}

/** What compute may know of a snapshot a boot names: another project's counts as absent. */
export interface SnapshotInfo {
  id: string;
  size: number;
  status: string;
}

export function findSnapshot(root: Root, caller: Pick<Caller, "projectId" | "isAdmin">, id: string): SnapshotInfo | undefined {
  const s = sliceOf(root);
  const snap = s && get(s.snapshots, id);
  if (!snap || (!caller.isAdmin && snap.projectId !== caller.projectId)) return undefined;
  return { id: snap.id, size: snap.size, status: snap.status };
}

/** A volume Nova's block device driver creates for a server (nameless, in the caller's project). */
export interface ServerVolumeInput {
  source: "image" | "snapshot" | "blank";
  /** the image or snapshot id */
  sourceId?: string;
  /** gigabytes; a snapshot's size when absent */
  size?: number;
  /** Cinder's default zone when absent (Nova asks none unless cross_az_attach is off) */
  availabilityZone?: string | null;
  serverId: string;
  device: string;
  hostName: string | null;
}

/**
 * Creates the volume as POST /volumes would (Cinder's checks and quota, its events) and attaches it to the
 * server: Nova waits for `available` before it attaches, so here the volume is ready at once and `in-use`.
 */
export function createVolumeForServer(ctx: OperationContext, input: ServerVolumeInput): { volumeId: string; attachmentId: string } {
  const s = sliceOf(ctx.root);
  const volume = createVolume(s, ctx, {
    name: "",
    description: "",
    size: input.size ?? null,
    availability_zone: input.availabilityZone ?? null,
    imageRef: input.source === "image" ? input.sourceId : null,
    snapshot_id: input.source === "snapshot" ? input.sourceId : null,
  });
  setStatus(ctx, volume, "available");
  const attachment = attach(s, ctx, volume.id, { serverId: input.serverId, hostName: input.hostName, mountpoint: input.device, mode: "rw" });
  return { volumeId: volume.id, attachmentId: attachment.id };
}

/**
 * Deletes a volume a server let go of (delete_on_termination), by Cinder's rules without its API policy:
 * `deleting`, then gone with its quota. Like Nova, a refusal (snapshots, another attachment) is not an
 * error: the volume stays, and false says so.
 */
export function deleteVolumeForServer(ctx: OperationContext<Caller | null>, projectId: string, volumeId: string): boolean {
  try {
    deleteVolume(sliceOf(ctx.root), { ...ctx, caller: systemCaller(projectId) }, volumeId, { cascade: false, force: false });
    return true;
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
}

/** The server runs on another host now (evacuation, resize): its attachments' host_name follows. */
export function moveServerAttachments(ctx: Pick<OperationContext<Caller | null>, "root">, serverId: string, volumeIds: readonly string[], hostName: string | null): void {
  const s = sliceOf(ctx.root);
  for (const id of volumeIds) {
    const volume = get(s.volumes, id);
    if (!volume) continue;
    volume.attachments = volume.attachments.map((a) => (a.serverId === serverId ? { ...a, hostName } : a));
  }
}

/** Attaches the volume to the server at `device` (the volume `in-use`), as os-attach does. */
export function attachToServer(ctx: OperationContext, volumeId: string, serverId: string, device: string, hostName: string | null): VolumeAttachment {
  return attach(sliceOf(ctx.root), ctx, volumeId, { serverId, hostName, mountpoint: device, mode: "rw" });
}

/** Detaches the volume from the server (the volume `available` once nothing else holds it). */
export function detachFromServer(ctx: OperationContext, volumeId: string, serverId: string): void {
  const s = sliceOf(ctx.root);
  const attachment = get(s.volumes, volumeId)?.attachments.find((a) => a.serverId === serverId);
  detach(s, ctx, volumeId, attachment?.id ?? `${serverId}-none`);
}
/** Nova's volume-backed rebuild (2.93): the server's root volume is reimaged with the image (Cinder's os-reimage). */
export function reimageRootVolume(ctx: OperationContext, volumeId: string, imageId: string): void {
  const volume = get(sliceOf(ctx.root).volumes, volumeId);
  if (volume) reimageForServer(ctx, volume, imageId);
}

export * as volumeProxy from "./for-compute-proxy.js";
export type { ProxyVolume } from "./for-compute-proxy.js";

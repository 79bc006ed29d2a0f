// Volume actions (POST /volumes/{id}/action, cinder/api/contrib/volume_actions.py, admin_actions.py):
// extend, retype, the attach handshake Nova drives (reserve, attach, begin/roll detaching, detach,
// initialize/terminate connection), bootable and read-only flags, and the admin reset and force delete.
// Wrong states are Cinder's InvalidVolume: 409 in the spec profile, Cinder's 400 under upstream (errors.ts).

import type { OperationContext } from "../../../kernel/operation.js";
import type { BlockStorageProfile } from "../options.js";
import { get } from "../../../kernel/store/table.js";
import { ApiError } from "../../../kernel/errors.js";
import { badRequest, inState, invalidInput, invalidVolume, invalidVolumeState, itemNotFound, volumeStatusMustBe } from "../errors.js";
import { setStatus, type RequestContext, type StepContext } from "../lifecycle.js";
import { backendOf, hostOf } from "../backends.js";
import { typeByNameOrId, type BlockStorageState, type Volume, type VolumeAttachment } from "../state.js";
import { checkQuota, checkVolumeQuota, useQuota } from "./quotas.js";
import { canUseType } from "./volume-types.js";
import { typeNameOf, visibleVolume } from "./volumes.js";

/** In-use volumes may be extended from 3.42. */
export const IN_USE_EXTEND_VERSION = 42;

export function extend(s: BlockStorageState, ctx: RequestContext, id: string, newSize: number, version: number): Volume {
  const volume = visibleVolume(s, ctx.caller, id);
  const allowed = version >= IN_USE_EXTEND_VERSION ? ["available", "in-use"] : ["available"];
  if (!allowed.includes(volume.status)) {
    throw invalidVolumeState(`Volume ${id} status must be '${allowed.join("' or '")}' to extend, currently ${volume.status}.`);
  }
  if (newSize <= volume.size) {
    throw invalidInput(`New size for extend must be greater than current size. (current: ${volume.size}, extended: ${newSize}).`);
  }
  const typeName = typeNameOf(s, volume);
  const increase = newSize - volume.size;
  checkVolumeQuota(s, volume.projectId, typeName, 0, increase, newSize);
  // Cinder reserves the gigabytes when the extend starts
  useQuota(s, volume.projectId, "gigabytes", increase, typeName);
  volume.pending = { resumeStatus: volume.status, newSize, ...(ctx.requestId === undefined ? {} : { requestId: ctx.requestId }) };
  setStatus(ctx, volume, "extending");
  return volume;
}

export function finishExtend(ctx: StepContext, volume: Volume): void {
  const pending = volume.pending;
  volume.pending = null;
  if (pending?.newSize !== undefined) volume.size = pending.newSize;
  setStatus(ctx, volume, pending?.resumeStatus ?? "available");
  const serverIds = [...new Set(volume.attachments.flatMap((a) => (a.serverId ? [a.serverId] : [])))];
  ctx.tx.emit("block-storage.volume.extended", { id: volume.id, projectId: volume.projectId, size: volume.size, serverIds });
}

export type MigrationPolicy = "never" | "on-demand";

const RETYPE_REFUSED =
  "Retype needs volume to be in available or in-use state, not be part of an active migration or a consistency group, requested type has to be different that the one from the volume, and for in-use volumes front-end qos specs cannot change.";

/**
 * os-retype: `retyping` for one step, then the new type. A type on another backend moves the data with
 * `on-demand`; with `never` the spec changes only the type (the data stays where it is), while Cinder
 * accepts the request and its scheduler then fails it: the volume back to its status, the type unchanged.
 */
export function retype(
  s: BlockStorageState,
  ctx: OperationContext,
  id: string,
  newType: string,
  policy: MigrationPolicy,
  profile: BlockStorageProfile,
): Volume {
  const volume = visibleVolume(s, ctx.caller, id);
  const type = typeByNameOrId(s, newType);
  if (!type || !canUseType(ctx.caller, type)) throw invalidInput(`Invalid volume_type passed: ${newType}.`);
  if ((volume.status !== "available" && volume.status !== "in-use") || volume.migrationStatus === "migrating") {
    throw invalidVolumeState(RETYPE_REFUSED);
  }
  // Cinder's one refusal covers the same type too; that one is the request's fault whatever the state
  if (type.id === volume.volumeTypeId) throw invalidVolume(RETYPE_REFUSED);
  // the project's totals stay; only the new type's own limits may refuse
  checkQuota(s, volume.projectId, `volumes_${type.name}`, 1);
  checkQuota(s, volume.projectId, `gigabytes_${type.name}`, volume.size);
  const moves = backendOf(get(s.volumeTypes, volume.volumeTypeId)) !== backendOf(type);
  const schedulerFails = moves && policy === "never" && profile === "upstream";
  volume.pending = { resumeStatus: volume.status, ...(schedulerFails ? {} : { newTypeId: type.id, migrate: moves && policy === "on-demand" }) };
  setStatus(ctx, volume, "retyping");
  return volume;
}

export function finishRetype(s: BlockStorageState, ctx: StepContext, volume: Volume): void {
  const pending = volume.pending;
  volume.pending = null;
  const type = pending?.newTypeId ? get(s.volumeTypes, pending.newTypeId) : undefined;
  if (type) {
    const oldName = typeNameOf(s, volume);
    for (const [resource, amount] of [["volumes", 1], ["gigabytes", volume.size]] as const) {
      useQuota(s, volume.projectId, `${resource}_${oldName}`, -amount);
      useQuota(s, volume.projectId, `${resource}_${type.name}`, amount);
    }
    volume.volumeTypeId = type.id;
    if (pending?.migrate) volume.host = hostOf(type);
    ctx.tx.emit("block-storage.volume.retyped", { id: volume.id, projectId: volume.projectId, volumeType: type.name });
  }
  setStatus(ctx, volume, pending?.resumeStatus ?? "available");
}

function requireStatus(volume: Volume, allowed: string[], action: string): void {
  if (!allowed.includes(volume.status)) throw volumeStatusMustBe(allowed.join(" or "), action, volume.status);
}

export function reserve(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const volume = visibleVolume(s, ctx.caller, id);
  requireStatus(volume, volume.multiattach ? ["available", "in-use"] : ["available"], "reserve");
  setStatus(ctx, volume, "attaching");
}

export function unreserve(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const volume = visibleVolume(s, ctx.caller, id);
  if (volume.status !== "attaching") return;
  setStatus(ctx, volume, attachedCount(volume) > 0 ? "in-use" : "available");
}

const attachedCount = (volume: Volume) => volume.attachments.filter((a) => a.status === "attached").length;

export interface AttachInput {
  serverId: string | null;
  hostName: string | null;
  mountpoint: string;
  mode: "rw" | "ro";
}

export function attach(s: BlockStorageState, ctx: OperationContext, id: string, input: AttachInput): VolumeAttachment {
  const volume = visibleVolume(s, ctx.caller, id);
  if (!input.serverId && !input.hostName) throw invalidVolume("Invalid request to attach volume to an invalid target");
  requireStatus(volume, volume.multiattach ? ["available", "attaching", "in-use"] : ["available", "attaching"], "attach");
  if (volume.readonly && input.mode !== "ro") throw inState(badRequest(`Invalid attaching mode '${input.mode}' for volume ${id}.`));
  const attachment: VolumeAttachment = {
    id: ctx.ids.uuid(),
    serverId: input.serverId,
    hostName: input.hostName,
    device: input.mountpoint,
    status: "attached",
    mode: input.mode,
    attachedAt: ctx.now,
  };
  volume.attachments = [...volume.attachments, attachment];
  setStatus(ctx, volume, "in-use");
  ctx.tx.emit("block-storage.volume.attached", { id, projectId: volume.projectId, attachmentId: attachment.id, serverId: attachment.serverId, device: attachment.device });
  return attachment;
}

export function beginDetaching(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const volume = visibleVolume(s, ctx.caller, id);
  if (volume.status !== "in-use" || attachedCount(volume) === 0) {
    throw invalidVolumeState("Unable to detach volume. Volume status must be 'in-use' and attach_status must be 'attached' to detach.");
  }
  setStatus(ctx, volume, "detaching");
}

export function rollDetaching(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const volume = visibleVolume(s, ctx.caller, id);
  if (volume.status === "detaching") setStatus(ctx, volume, "in-use");
}

export function detach(s: BlockStorageState, ctx: OperationContext, id: string, attachmentId: string | undefined): void {
  const volume = visibleVolume(s, ctx.caller, id);
  requireStatus(volume, ["in-use", "detaching"], "detach");
  let attachment: VolumeAttachment | undefined;
  if (attachmentId !== undefined) {
    attachment = volume.attachments.find((a) => a.id === attachmentId);
    if (!attachment) throw itemNotFound(`Volume attachment could not be found with filter: attachment_id = ${attachmentId}.`);
  } else if (volume.attachments.length === 1) {
    attachment = volume.attachments[0];
  } else {
    throw invalidVolume(`Volume ${id} has ${volume.attachments.length} attachments; name the attachment_id to detach.`);
  }
  volume.attachments = volume.attachments.filter((a) => a.id !== attachment.id);
  setStatus(ctx, volume, volume.attachments.length > 0 ? "in-use" : "available");
  ctx.tx.emit("block-storage.volume.detached", { id, projectId: volume.projectId, attachmentId: attachment.id, serverId: attachment.serverId });
}

/** os-force_detach (admin): drops one attachment, or all, whatever the status; the volume available once none is left. */
export function forceDetach(s: BlockStorageState, ctx: OperationContext, id: string, attachmentId: string | undefined): void {
  if (!ctx.caller.isAdmin) throw forbiddenAction("force_detach");
  const volume = visibleVolume(s, ctx.caller, id);
  if (attachmentId !== undefined && !volume.attachments.some((a) => a.id === attachmentId)) {
    throw itemNotFound(`Volume attachment could not be found with filter: attachment_id = ${attachmentId}.`);
  }
  const dropped = volume.attachments.filter((a) => attachmentId === undefined || a.id === attachmentId);
  volume.attachments = volume.attachments.filter((a) => !dropped.includes(a));
  setStatus(ctx, volume, volume.attachments.some((a) => a.status === "attached") ? "in-use" : "available");
  for (const a of dropped) ctx.tx.emit("block-storage.volume.detached", { id, projectId: volume.projectId, attachmentId: a.id, serverId: a.serverId });
}

/** Statuses a host may open a connection to the volume in. */
const CONNECTABLE = ["available", "attaching", "reserved", "in-use", "detaching"];

/** A fake iSCSI target on the LVM backend: what os-brick would log in to. */
export function connectionInfoOf(volume: Volume, connector: Record<string, unknown>) {
  const initiator = typeof connector.initiator === "string" ? connector.initiator : null;
  return {
    driver_volume_type: "iscsi",
    data: {
      target_discovered: false,
      target_iqn: `iqn.2010-10.org.openstack:volume-${volume.id}`,
      target_portal: "127.0.0.1:3260",
      target_lun: 1,
      volume_id: volume.id,
      auth_method: "CHAP",
      auth_username: volume.id.replace(/-/g, "").slice(0, 20),
      auth_password: volume.id.replace(/-/g, "").slice(-16),
      encrypted: volume.encrypted,
      qos_specs: null,
      access_mode: volume.readonly ? "ro" : "rw",
      cacheable: false,
      discard: true,
      ...(initiator ? { initiator } : {}),
    },
  };
}

export function initializeConnection(s: BlockStorageState, ctx: OperationContext, id: string, connector: Record<string, unknown>) {
  const volume = visibleVolume(s, ctx.caller, id);
  if (!CONNECTABLE.includes(volume.status)) throw volumeStatusMustBe(CONNECTABLE.join(", "), "initialize a connection", volume.status);
  return connectionInfoOf(volume, connector);
}

export function terminateConnection(s: BlockStorageState, ctx: OperationContext, id: string): void {
  visibleVolume(s, ctx.caller, id);
}

export function setBootable(s: BlockStorageState, ctx: OperationContext, id: string, bootable: boolean): void {
  const volume = visibleVolume(s, ctx.caller, id);
  volume.bootable = bootable;
  volume.updatedAt = ctx.now;
}

export function updateReadonly(s: BlockStorageState, ctx: OperationContext, id: string, readonly: boolean): void {
  const volume = visibleVolume(s, ctx.caller, id);
  if (volume.status !== "available") {
    throw invalidVolumeState(`Volume ${id} status must be available to update readonly flag, but current status is: ${volume.status}.`);
  }
  volume.readonly = readonly;
  volume.updatedAt = ctx.now;
}

/** Statuses an admin may reset a volume to (cinder/objects/fields.py VolumeStatus). */
export const VOLUME_STATUSES = [
  "creating", "available", "deleting", "error", "error_deleting", "error_managing", "managing", "attaching", "in-use",
  "detaching", "maintenance", "restoring-backup", "error_restoring", "reserved", "awaiting-transfer", "backing-up",
  "error_backing-up", "error_extending", "downloading", "uploading", "retyping", "extending",
] as const;

export interface ResetInput {
  status?: string;
  attachStatus?: "attached" | "detached";
  migrationStatus?: string | null;
}

export function resetStatus(s: BlockStorageState, ctx: OperationContext, id: string, input: ResetInput): void {
  if (!ctx.caller.isAdmin) throw forbiddenAction("reset_status");
  const volume = visibleVolume(s, ctx.caller, id);
  if (input.status === undefined && input.attachStatus === undefined && input.migrationStatus === undefined) {
    throw invalidInput("Must specify 'status', 'attach_status' or 'migration_status' for update.");
  }
  if (input.status !== undefined && !(VOLUME_STATUSES as readonly string[]).includes(input.status)) {
    throw invalidInput("Must specify a valid status");
  }
  if (input.attachStatus === "detached") volume.attachments = [];
  if (input.migrationStatus !== undefined) volume.migrationStatus = input.migrationStatus === "none" ? null : input.migrationStatus;
  volume.pending = null;
  // a reset is at rest: no step follows, whatever the status says
  setStatus(ctx, volume, input.status ?? volume.status);
  ctx.enter("block-storage.volume", volume.id, null);
}

export const forbiddenAction = (rule: string) =>
  new ApiError(403, "forbidden", `Policy doesn't allow volume_extension:volume_admin_actions:${rule} to be performed.`);

// Volumes (Cinder v3 volumes API): who sees which, create (blank, clone, from a snapshot, from an image),
// update and delete, as functions over the slice. No HTTP in here.

import type { OperationContext, Caller } from "../../../kernel/operation.js";
import { fieldChanged, get, put, remove, filter } from "../../../kernel/store/table.js";
import { findImage, type Image } from "../../image/for-block-storage.js";
import {
  badRequest,
  imageNotFound,
  inState,
  invalidInput,
  invalidSnapshotState,
  invalidVolumeState,
  snapshotNotFound,
  volumeNotFound,
  volumeTypeNotFound,
  volumeTypeNotFoundByName,
} from "../errors.js";
import { setStatus, VOLUME, type RequestContext, type StepContext } from "../lifecycle.js";
import { DEFAULT_ZONE, hostOf } from "../backends.js";
import type { CreateVolumeBody, UpdateVolumeBody } from "../schemas/volumes.js";
import { typeByNameOrId, type BlockStorageState, type Volume, type VolumeType } from "../state.js";
import { checkVolumeQuota, useQuota } from "./quotas.js";
import { canUseType } from "./volume-types.js";
import { applyDisplayFields } from "./display-fields.js";
import { checkVolumeForGroup } from "./groups.js";

/** The image's properties a volume made from it keeps (Cinder's volume_glance_metadata). */
export function imageMetadataOfImage(image: Image): Record<string, string> {
  return {
    image_id: image.id,
    image_name: image.name ?? "",
    container_format: image.containerFormat ?? "",
    disk_format: image.diskFormat ?? "",
    min_disk: String(image.minDisk),
    min_ram: String(image.minRam),
    size: String(image.size),
  };
}

/** A volume the caller may see: its project's, or any for an admin; others are 404 as if absent. */
export function visibleVolume(s: BlockStorageState, caller: Caller, id: string): Volume {
  const volume = get(s.volumes, id);
  if (!volume || (!caller.isAdmin && volume.projectId !== caller.projectId)) throw volumeNotFound(id);
  return volume;
}

export function typeOf(s: BlockStorageState, volume: Volume): VolumeType | undefined {
  return get(s.volumeTypes, volume.volumeTypeId);
}

export function typeNameOf(s: BlockStorageState, volume: Volume): string {
  return typeOf(s, volume)?.name ?? volume.volumeTypeId;
}

function resolveType(s: BlockStorageState, caller: Caller, nameOrId: string | null | undefined): VolumeType {
  if (nameOrId === null || nameOrId === undefined || nameOrId === "") {
    const fallback = get(s.volumeTypes, s.defaultTypeId);
    if (!fallback) throw volumeTypeNotFound(s.defaultTypeId);
    return fallback;
  }
  const type = typeByNameOrId(s, nameOrId);
  if (!type || !canUseType(caller, type)) throw volumeTypeNotFoundByName(nameOrId);
  return type;
}

/** Where a new volume's contents come from, as given and checked. */
interface Source {
  size: number | undefined;
  bootable: boolean;
  imageMetadata: Record<string, string> | null;
  snapshotId: string | null;
  sourceVolid: string | null;
  /** the type the volume inherits when it names none */
  typeId: string | undefined;
  encrypted: boolean;
}

const GIB = 1024 ** 3;

function sourceOf(s: BlockStorageState, ctx: OperationContext, body: CreateVolumeBody): Source {
  const given = [body.source_volid, body.snapshot_id, body.imageRef, body.backup_id].filter((v) => v !== null && v !== undefined);
  if (given.length > 1) throw invalidInput("Only one of source_volid, snapshot_id, imageRef and backup_id may be given.");
  const blank: Source = { size: undefined, bootable: false, imageMetadata: null, snapshotId: null, sourceVolid: null, typeId: undefined, encrypted: false };
  if (body.backup_id) throw badRequest("Creating a volume from a backup is done with POST /backups/{backup_id}/restore here.");
  if (body.source_volid) {
    const source = get(s.volumes, body.source_volid);
    if (!source || (!ctx.caller.isAdmin && source.projectId !== ctx.caller.projectId)) throw volumeNotFound(body.source_volid);
    if (source.status !== "available" && source.status !== "in-use") {
      throw invalidVolumeState(`Volume ${source.id} status must be available or in-use to be cloned, but the status is ${source.status}.`);
    }
    return { ...blank, size: source.size, bootable: source.bootable, imageMetadata: source.imageMetadata, sourceVolid: source.id, typeId: source.volumeTypeId, encrypted: source.encrypted };
  }
  if (body.snapshot_id) {
    const snapshot = get(s.snapshots, body.snapshot_id);
    if (!snapshot || (!ctx.caller.isAdmin && snapshot.projectId !== ctx.caller.projectId)) throw snapshotNotFound(body.snapshot_id);
    if (snapshot.status !== "available") throw invalidSnapshotState(`Originating snapshot status must be 'available'; it is ${snapshot.status}.`);
    const volume = get(s.volumes, snapshot.volumeId);
    return { ...blank, size: snapshot.size, bootable: volume?.bootable ?? false, imageMetadata: volume?.imageMetadata ?? null, snapshotId: snapshot.id, typeId: volume?.volumeTypeId };
  }
  if (body.imageRef) {
    const image = findImage(ctx.root, body.imageRef, ctx.caller);
    if (!image) throw imageNotFound(body.imageRef);
    if (image.status !== "active") throw inState(badRequest(`Invalid image: Image ${image.id} is not active.`));
    const needed = Math.max(image.minDisk, Math.ceil(image.size / GIB));
    if (body.size !== null && body.size !== undefined && body.size < needed) {
      throw badRequest(`Image ${image.id} is unacceptable: Size is ${body.size}GB and doesn't fit in a volume of size ${needed}GB.`);
    }
    return { ...blank, bootable: true, imageMetadata: imageMetadataOfImage(image) };
  }
  return blank;
}

/**
 * `fromGroupSource`: a member of a group being created from a source (create-from-src), which Cinder makes
 * while the group is still creating.
 */
export function createVolume(s: BlockStorageState, ctx: RequestContext, body: CreateVolumeBody, fromGroupSource = false): Volume {
  const source = sourceOf(s, ctx, body);
  const size = body.size ?? source.size;
  if (size === undefined || size === null) {
    throw invalidInput("Invalid volume size provided for create request: None (size argument must be an integer (or string representation of an integer) and greater than zero).");
  }
  if (source.size !== undefined && size < source.size) {
    const what = source.snapshotId ? "snapshot" : "original volume";
    throw invalidInput(`Volume size '${size}'GB cannot be smaller than the ${what} size ${source.size}GB. They must be >= ${what} size.`);
  }
  const type = body.volume_type ? resolveType(s, ctx.caller, body.volume_type) : resolveType(s, ctx.caller, source.typeId ?? null);
  const zone = body.availability_zone ?? DEFAULT_ZONE;
  if (zone !== DEFAULT_ZONE) throw badRequest(`Availability zone '${zone}' is invalid.`);
  if (body.group_id && !fromGroupSource) checkVolumeForGroup(s, ctx.caller, body.group_id, type.id, type.name);
  const projectId = ctx.caller.projectId;
  checkVolumeQuota(s, projectId, type.name, 1, size);
  const volume: Volume = {
    id: ctx.ids.uuid(),
    name: body.name ?? body.display_name ?? null,
    description: body.description ?? body.display_description ?? null,
    projectId,
    userId: ctx.caller.userId,
    size,
    status: "creating",
    volumeTypeId: type.id,
    availabilityZone: zone,
    bootable: source.bootable,
    readonly: false,
    encrypted: source.encrypted || type.encryption !== undefined,
    multiattach: body.multiattach ?? /^<is> true$/i.test(type.extraSpecs.multiattach ?? ""),
    metadata: { ...(body.metadata ?? {}) },
    imageMetadata: source.imageMetadata,
    snapshotId: source.snapshotId,
    sourceVolid: source.sourceVolid,
    backupId: null,
    groupId: body.group_id ?? null,
    ...(ctx.requestId === undefined ? {} : { requestId: ctx.requestId }),
    attachments: [],
    host: hostOf(type),
    migrationStatus: null,
    pending: null,
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(s.volumes, volume);
  useQuota(s, projectId, "volumes", 1, type.name);
  useQuota(s, projectId, "gigabytes", size, type.name);
  ctx.tx.emit("block-storage.volume.created", { id: volume.id, projectId, name: volume.name, size, volumeType: type.name, zone });
  ctx.enter(VOLUME, volume.id, "creating");
  return volume;
}

export function updateVolume(s: BlockStorageState, ctx: OperationContext, id: string, body: UpdateVolumeBody): Volume {
  const volume = visibleVolume(s, ctx.caller, id);
  const name = volume.name;
  applyDisplayFields(volume, body);
  fieldChanged(s.volumes, volume, "name", name);
  if (body.metadata) volume.metadata = { ...body.metadata };
  volume.updatedAt = ctx.now;
  ctx.tx.emit("block-storage.volume.updated", { id, projectId: volume.projectId, name: volume.name });
  return volume;
}

/** Statuses a volume may be deleted from without force (cinder/volume/api.py). */
const DELETABLE = ["available", "error", "error_restoring", "error_extending", "error_managing"];

export interface DeleteOptions {
  cascade: boolean;
  /** os-force_delete: any status (but not attached or migrating) */
  force: boolean;
}

export function deleteVolume(s: BlockStorageState, ctx: OperationContext, id: string, options: DeleteOptions): void {
  const volume = visibleVolume(s, ctx.caller, id);
  const snapshots = filter(s.snapshots, (snap) => snap.volumeId === id);
  const statusOk = options.force || DELETABLE.includes(volume.status);
  const snapshotsOk = snapshots.length === 0 || (options.cascade && snapshots.every((snap) => snap.status === "available" || snap.status === "error"));
  if (!statusOk || volume.attachments.length > 0 || volume.groupId || volume.migrationStatus === "migrating" || !snapshotsOk) {
    const status = options.force ? "" : `status must be ${DELETABLE.slice(0, -1).join(", ")} or ${DELETABLE.at(-1)} and `;
    throw invalidVolumeState(
      `Volume ${status}must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.`,
    );
  }
  for (const snap of snapshots) snap.status = "deleting";
  setStatus(ctx, volume, "deleting");
}

/** The end of a delete: the volume, and the snapshots a cascade took along, are gone; their quota is released. */
export function finishDelete(s: BlockStorageState, ctx: StepContext, volume: Volume): void {
  const typeName = typeNameOf(s, volume);
  for (const snap of filter(s.snapshots, (x) => x.volumeId === volume.id)) {
    remove(s.snapshots, snap.id);
    ctx.enter("block-storage.snapshot", snap.id, null);
    useQuota(s, snap.projectId, "snapshots", -1, typeName);
    useQuota(s, snap.projectId, "gigabytes", -snap.size, typeName);
  }
  remove(s.volumes, volume.id);
  useQuota(s, volume.projectId, "volumes", -1, typeName);
  useQuota(s, volume.projectId, "gigabytes", -volume.size, typeName);
  ctx.enter(VOLUME, volume.id, null);
  ctx.tx.emit("block-storage.volume.deleted", {
    id: volume.id,
    projectId: volume.projectId,
    userId: volume.userId,
    name: volume.name,
    size: volume.size,
    volumeTypeId: volume.volumeTypeId,
    zone: volume.availabilityZone,
    host: volume.host,
    createdAt: new Date(volume.createdAt).toISOString(),
  });
}


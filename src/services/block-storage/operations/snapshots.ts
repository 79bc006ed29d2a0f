// Snapshot business rules (cinder/volume/api.py: create_snapshot_in_db, delete_snapshot, update_snapshot;
// cinder/api/contrib/admin_actions.py SnapshotAdminController, contrib/snapshot_actions.py): immer recipes
// over the slice, no HTTP.
// What the steps on the clock do is snapshot-lifecycle.ts.

import { fieldChanged, filter, get, put } from "../../../kernel/store/table.js";
import { own, withoutEntry } from "../../../kernel/own.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { badRequest, inState, invalidSnapshotState, invalidVolumeState, snapshotNotFound, volumeNotFound } from "../errors.js";
import type { Microversion } from "../microversion.js";
import type { RequestContext } from "../lifecycle.js";
import type { BlockStorageState, Snapshot, Volume } from "../state.js";
import type { SnapshotCreateBody, SnapshotUpdateBody } from "../schemas/snapshots.js";
import { checkQuota, useQuota } from "./quotas.js";
import { typeNameOf, visibleVolume } from "./volumes.js";
import { applyDisplayFields } from "./display-fields.js";

/** The lifecycle type of snapshots (/_emulator/transitions overrides name it). */
export const SNAPSHOT = "block-storage.snapshot";
/** The operation a fault rule names to make snapshot creation fail at its creating -> available step. */
export const SNAPSHOT_BUILD_OPERATION = "block-storage.snapshot.build";

/** SnapshotStatus.ALL (cinder/objects/fields.py): what os-reset_status accepts. */
export const SNAPSHOT_STATUSES = [
  "error", "available", "creating", "deleting", "deleted", "updating", "error_deleting", "unmanaging", "backing-up", "restoring",
] as const;

/** Since 3.66 a snapshot of an in-use volume needs no force, and `force: false` is refused. */
export const SNAPSHOT_IN_USE_MV = 66;
const SNAPSHOT_IN_USE_FLAG_MSG =
  "Since microversion 3.66 the 'force' flag is invalid for this request.  For backward compatability, however, when the 'force' flag is passed with a value evaluating to True, it is silently ignored.";

/** A snapshot the caller may see: its project's, or any for an admin; others are 404 as if absent. */
export function visibleSnapshot(s: BlockStorageState, caller: Caller, id: string): Snapshot {
  const snapshot = get(s.snapshots, id);
  if (!snapshot || (!caller.isAdmin && snapshot.projectId !== caller.projectId)) throw snapshotNotFound(id);
  return snapshot;
}

/** A volume's snapshots (what blocks its delete without cascade). */
export function snapshotsOfVolume(s: BlockStorageState, volumeId: string): Snapshot[] {
  return filter(s.snapshots, (snap) => snap.volumeId === volumeId);
}

/** The checks before any snapshot of a volume (_create_snapshot_in_db_validate and the status rule). */
function checkSnapshotable(volume: Volume, allowInUse: boolean): void {
  if (volume.status === "maintenance") throw invalidVolumeState("The snapshot cannot be created when the volume is in maintenance mode.");
  if (volume.migrationStatus && !["success", "error", "none"].includes(volume.migrationStatus)) {
    throw invalidVolumeState("Snapshot cannot be created while volume is migrating.");
  }
  if (volume.status === "error") throw invalidVolumeState("The snapshot cannot be created when the volume is in error status.");
  const valid = allowInUse ? ["available", "in-use"] : ["available"];
  if (!valid.includes(volume.status)) {
    throw invalidVolumeState(`Volume ${volume.id} status must be ${valid.join(", ")}, but current status is: ${volume.status}.`);
  }
}

export function createSnapshot(
  s: BlockStorageState,
  ctx: RequestContext,
  body: SnapshotCreateBody,
  mv: Microversion,
): Snapshot {
  if (body.volume_id === null) throw volumeNotFound("None");
  const volume = visibleVolume(s, ctx.caller, body.volume_id);
  if (mv >= SNAPSHOT_IN_USE_MV && body.force === false) throw badRequest(SNAPSHOT_IN_USE_FLAG_MSG);
  checkSnapshotable(volume, body.force === true || mv >= SNAPSHOT_IN_USE_MV);
  const projectId = ctx.caller.projectId || volume.projectId;
  const typeName = typeNameOf(s, volume);
  checkQuota(s, projectId, "snapshots", 1, typeName);
  checkQuota(s, projectId, "gigabytes", volume.size, typeName);
  const snapshot: Snapshot = {
    id: ctx.ids.uuid(),
    volumeId: volume.id,
    volumeTypeId: volume.volumeTypeId,
    projectId,
    userId: ctx.caller.userId,
    name: body.name ?? body.display_name ?? null,
    description: body.description ?? null,
    size: volume.size,
    status: "creating",
    metadata: body.metadata ? { ...body.metadata } : {},
    ...(ctx.requestId === undefined ? {} : { requestId: ctx.requestId }),
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(s.snapshots, snapshot);
  useQuota(s, projectId, "snapshots", 1, typeName);
  useQuota(s, projectId, "gigabytes", snapshot.size, typeName);
  ctx.enter(SNAPSHOT, snapshot.id, "creating");
  ctx.tx.emit("block-storage.snapshot.created", { id: snapshot.id, projectId, volumeId: volume.id, size: snapshot.size });
  return snapshot;
}

/** PUT: name and/or description. An empty body is refused only once the snapshot is known to be the caller's. */
export function updateSnapshot(s: BlockStorageState, ctx: OperationContext, id: string, body: SnapshotUpdateBody): Snapshot {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  if (Object.keys(body).length === 0) throw badRequest("Invalid input for field 'snapshot': Invalid input: name or description is required");
  const name = snapshot.name;
  applyDisplayFields(snapshot, body);
  fieldChanged(s.snapshots, snapshot, "name", name);
  snapshot.updatedAt = ctx.now;
  return snapshot;
}

/** POST merges, PUT (`replace`) replaces; the snapshot's whole metadata is the answer. */
export function setSnapshotMetadata(
  s: BlockStorageState,
  ctx: OperationContext,
  id: string,
  metadata: Record<string, string>,
  replace: boolean,
): Record<string, string> {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  snapshot.metadata = replace ? { ...metadata } : { ...snapshot.metadata, ...metadata };
  snapshot.updatedAt = ctx.now;
  return { ...snapshot.metadata };
}

export function deleteSnapshotMetadataItem(s: BlockStorageState, ctx: OperationContext, id: string, key: string): boolean {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  if (!Object.hasOwn(snapshot.metadata, key)) return false;
  snapshot.metadata = withoutEntry(snapshot.metadata, key);
  snapshot.updatedAt = ctx.now;
  return true;
}

function startDeleting(ctx: OperationContext, snapshot: Snapshot): void {
  snapshot.status = "deleting";
  snapshot.updatedAt = ctx.now;
  ctx.enter(SNAPSHOT, snapshot.id, "deleting");
}

/** DELETE: only an available or errored snapshot (202, `deleting`, then gone). */
export function deleteSnapshot(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  if ((snapshot.status !== "available" && snapshot.status !== "error") || snapshot.groupSnapshotId) {
    throw invalidSnapshotState("Snapshot status must be available or error and must not be part of a group.");
  }
  startDeleting(ctx, snapshot);
}

/** os-force_delete (admin): whatever the status, but not one of a group snapshot (it goes with that). */
export function forceDeleteSnapshot(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  // Cinder's message with no status condition to name (build_or_str of none is empty): two spaces
  if (snapshot.groupSnapshotId) throw invalidSnapshotState("Snapshot  must not be part of a group.");
  startDeleting(ctx, snapshot);
}

/** os-reset_status (admin): any SnapshotStatus, lower-cased; the snapshot rests there (no step follows). */
export function resetSnapshotStatus(s: BlockStorageState, ctx: OperationContext, id: string, status: string): void {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  const wanted = status.toLowerCase();
  if (!(SNAPSHOT_STATUSES as readonly string[]).includes(wanted)) {
    throw badRequest(`Snapshot status: ${status} is invalid, valid statuses are: ('${SNAPSHOT_STATUSES.join("', '")}').`);
  }
  snapshot.status = wanted;
  snapshot.updatedAt = ctx.now;
  ctx.enter(SNAPSHOT, snapshot.id, null);
}

/** What os-update_snapshot_status may do (snapshot_actions.py): finish or fail a create, fail a delete. */
const UPDATABLE_STATUS: Record<string, readonly string[]> = {
  creating: ["creating", "available", "error"],
  deleting: ["deleting", "error_deleting"],
};

/**
 * os-update_snapshot_status (the volume driver's and Nova's assisted snapshots): the owner or an admin moves
 * a creating snapshot to available or error, a deleting one to error_deleting, optionally with a progress.
 * A status it leaves is no longer stepped by the clock; staying in it keeps the step pending.
 */
export function updateSnapshotStatus(s: BlockStorageState, ctx: OperationContext, id: string, status: string, progress: string | undefined): void {
  const snapshot = visibleSnapshot(s, ctx.caller, id);
  const allowed = own(UPDATABLE_STATUS, snapshot.status);
  if (!allowed) throw inState(badRequest(`Snapshot status ${snapshot.status} not allowed for update_snapshot_status`));
  if (!allowed.includes(status)) throw inState(badRequest(`Provided snapshot status ${status} not allowed for snapshot with status ${snapshot.status}.`));
  if (status !== snapshot.status) ctx.enter(SNAPSHOT, snapshot.id, null);
  snapshot.status = status;
  if (progress) snapshot.progress = progress;
  snapshot.updatedAt = ctx.now;
}

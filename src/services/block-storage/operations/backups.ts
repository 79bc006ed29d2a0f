// Backup business rules (cinder/backup/api.py: create, delete, restore, reset_status, export and import of a
// record): immer recipes over the slice, no HTTP. What the steps on the clock do is backup-lifecycle.ts.

import { fieldChanged, get, groupSize, put, scanGroup } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { backupNotFound, badRequest, invalidBackupState, invalidSnapshotState, invalidVolume, invalidVolumeState } from "../errors.js";
import type { Microversion } from "../microversion.js";
import type { BackupCreateBody, BackupRestoreBody, BackupUpdateBody } from "../schemas/backups.js";
import type { Backup, BlockStorageState, Snapshot, Volume } from "../state.js";
import { setStatus, type RequestContext } from "../lifecycle.js";
import { checkQuota, useQuota } from "./quotas.js";
import { volumeMetaFromRecord, volumeMetaOf } from "./backup-volume-meta.js";
import { visibleSnapshot } from "./snapshots.js";
import { createVolume, visibleVolume } from "./volumes.js";

/** The lifecycle type of backups (/_emulator/transitions overrides name it). */
export const BACKUP = "block-storage.backup";
/** The operation a fault rule names to make a backup fail at its creating -> available step. */
export const BACKUP_BUILD_OPERATION = "block-storage.backup.build";
/** Where backups go when the request names no container (the Swift driver's backup_swift_container). */
export const DEFAULT_CONTAINER = "volumebackups";

/** A backup the caller may see: its project's, or any for an admin; others are 404 as if absent. */
export function visibleBackup(s: BlockStorageState, caller: Caller, id: string): Backup {
  const backup = get(s.backups, id);
  if (!backup || (!caller.isAdmin && backup.projectId !== caller.projectId)) throw backupNotFound(id);
  return backup;
}

/** Whether an incremental backup builds on this one (has_dependent_backups), from the parent index. */
export function hasDependents(s: BlockStorageState, id: string): boolean {
  return groupSize(s.backups, id, "parentId") > 0;
}

/**
 * The parent of an incremental backup: the project's backup of the volume with the latest data, which must
 * be available (for a backup of a snapshot, one taken before the snapshot). None is 400. Read from the
 * volume's backups, in creation order (of equal data times, the newest wins).
 */
function parentFor(s: BlockStorageState, projectId: string, volumeId: string, snapshot: Snapshot | undefined): Backup {
  let latest: Backup | undefined;
  let any = false;
  for (const backup of scanGroup(s.backups, volumeId, { by: "volumeId" })) {
    if (backup.projectId !== projectId) continue;
    any = true;
    const usable = backup.status === "available" && (!snapshot || backup.dataTimestamp < snapshot.createdAt);
    if (usable && (!latest || backup.dataTimestamp >= latest.dataTimestamp)) latest = backup;
  }
  if (!any || !latest) throw invalidBackupState("No backups available to do an incremental backup.");
  return latest;
}

export function createBackup(s: BlockStorageState, ctx: RequestContext, body: BackupCreateBody, mv: Microversion): Backup {
  const volume = visibleVolume(s, ctx.caller, body.volume_id);
  let snapshot: Snapshot | undefined;
  if (body.snapshot_id) {
    snapshot = visibleSnapshot(s, ctx.caller, body.snapshot_id);
    if (snapshot.volumeId !== volume.id) throw invalidVolume(`Volume ${volume.id} does not match with snapshot.volume_id ${snapshot.volumeId}.`);
    if (snapshot.status !== "available") {
      throw invalidSnapshotState(`Snapshot to be backed up must be available, but the current status is "${snapshot.status}".`);
    }
  } else if (volume.status !== "available" && volume.status !== "in-use") {
    throw invalidVolumeState(`Volume to be backed up must be available or in-use, but the current status is "${volume.status}".`);
  } else if (volume.status === "in-use" && body.force !== true) {
    throw invalidVolumeState("Backing up an in-use volume must use the force flag.");
  }
  const projectId = ctx.caller.projectId || volume.projectId;
  checkQuota(s, projectId, "backups", 1);
  checkQuota(s, projectId, "backup_gigabytes", volume.size);
  const parent = body.incremental === true ? parentFor(s, projectId, volume.id, snapshot) : undefined;

  const backup: Backup = {
    id: ctx.ids.uuid(),
    volumeId: volume.id,
    projectId,
    userId: ctx.caller.userId,
    name: body.name ?? null,
    description: body.description ?? null,
    size: volume.size,
    status: "creating",
    container: body.container || DEFAULT_CONTAINER,
    isIncremental: parent !== undefined,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    parentId: parent?.id ?? null,
    snapshotId: snapshot?.id ?? null,
    availabilityZone: (mv >= 51 ? body.availability_zone : undefined) ?? volume.availabilityZone,
    dataTimestamp: snapshot ? snapshot.createdAt : ctx.now,
    failReason: null,
    objectCount: 0,
    metadata: mv >= 43 && body.metadata ? { ...body.metadata } : {},
    sourceResumeStatus: snapshot ? snapshot.status : volume.status,
    restoreVolumeId: null,
    volumeMeta: volumeMetaOf(volume),
    ...(ctx.requestId === undefined ? {} : { requestId: ctx.requestId }),
  };
  if (snapshot) {
    snapshot.status = "backing-up";
    snapshot.updatedAt = ctx.now;
  } else {
    setStatus(ctx, volume, "backing-up");
  }
  put(s.backups, backup);
  useQuota(s, projectId, "backups", 1);
  useQuota(s, projectId, "backup_gigabytes", backup.size);
  ctx.enter(BACKUP, backup.id, "creating");
  ctx.tx.emit("block-storage.backup.created", { id: backup.id, projectId, volumeId: volume.id, size: backup.size, incremental: backup.isIncremental });
  return backup;
}

/** PUT (3.9): name and description; metadata (3.43) replaces the backup's. */
export function updateBackup(s: BlockStorageState, ctx: OperationContext, id: string, body: BackupUpdateBody, mv: Microversion): Backup {
  const backup = visibleBackup(s, ctx.caller, id);
  if (body.name !== undefined) {
    const before = backup.name;
    backup.name = body.name;
    fieldChanged(s.backups, backup, "name", before);
  }
  if (body.description !== undefined) backup.description = body.description;
  if (body.metadata !== undefined && mv >= 43) backup.metadata = { ...body.metadata };
  backup.updatedAt = ctx.now;
  return backup;
}

function startDeleting(s: BlockStorageState, ctx: OperationContext, backup: Backup): void {
  if (hasDependents(s, backup.id)) throw invalidBackupState("Incremental backups exist for this backup.");
  backup.status = "deleting";
  backup.updatedAt = ctx.now;
  ctx.enter(BACKUP, backup.id, "deleting");
}

/** DELETE: an available or errored backup no incremental one builds on (202, `deleting`, then gone). */
export function deleteBackup(s: BlockStorageState, ctx: OperationContext, id: string): void {
  const backup = visibleBackup(s, ctx.caller, id);
  if (backup.status !== "available" && backup.status !== "error") throw invalidBackupState("Backup status must be available or error");
  startDeleting(s, ctx, backup);
}

/** os-force_delete (admin): whatever the status, but still not under an incremental backup. */
export function forceDeleteBackup(s: BlockStorageState, ctx: OperationContext, id: string): void {
  startDeleting(s, ctx, visibleBackup(s, ctx.caller, id));
}

/** os-reset_status (admin): available or error; the backup rests there. */
export function resetBackupStatus(s: BlockStorageState, ctx: OperationContext, id: string, status: string): void {
  const backup = visibleBackup(s, ctx.caller, id);
  const wanted = status.toLowerCase();
  if (wanted !== "available" && wanted !== "error") {
    throw badRequest(`Backup status: ${status} is invalid, valid statuses are: ['available', 'error'].`);
  }
  backup.status = wanted;
  backup.updatedAt = ctx.now;
  ctx.enter(BACKUP, backup.id, null);
}

/**
 * POST /backups/{id}/restore: into the named existing volume (available, at least the backup's size) or a
 * new one of the backup's size; the backup is `restoring` and the volume `restoring-backup` until the step.
 */
export function restoreBackup(s: BlockStorageState, ctx: OperationContext, id: string, body: BackupRestoreBody): { backup: Backup; volume: Volume } {
  const backup = visibleBackup(s, ctx.caller, id);
  if (backup.status !== "available") throw invalidBackupState("Backup status must be available");
  let volume: Volume;
  if (body.volume_id) {
    volume = visibleVolume(s, ctx.caller, body.volume_id);
    if (volume.status !== "available") throw invalidVolumeState("Volume to be restored to must be available");
    if (backup.size > volume.size) {
      throw invalidVolumeState(`volume size ${volume.size} is too small to restore backup of size ${backup.size}.`);
    }
  } else {
    volume = createVolume(s, ctx, {
      size: backup.size,
      name: body.name ?? `restore_backup_${backup.id}`,
      description: "auto-created_from_restore_from_backup",
    });
  }
  setStatus(ctx, volume, "restoring-backup");
  backup.status = "restoring";
  backup.restoreVolumeId = volume.id;
  backup.updatedAt = ctx.now;
  ctx.enter(BACKUP, backup.id, "restoring");
  return { backup, volume };
}

/** The driver a backup record names (backup_service); the only one this emulator runs. */
export const BACKUP_SERVICE = "cinder.backup.drivers.swift";

/** GET /backups/{id}/export_record (admin): the backup as an opaque base64 record. */
export function exportBackupRecord(s: BlockStorageState, caller: Caller, id: string): { backup_service: string; backup_url: string } {
  const backup = visibleBackup(s, caller, id);
  if (backup.status !== "available") throw invalidBackupState(`Backup status must be available and not ${backup.status}.`);
  const { status: _status, projectId: _project, userId: _user, sourceResumeStatus: _resume, restoreVolumeId: _restore, ...record } = backup;
  return { backup_service: BACKUP_SERVICE, backup_url: Buffer.from(JSON.stringify(record)).toString("base64") };
}

/**
 * POST /backups/import_record (admin): the exported backup again, in the caller's project, `creating` until
 * its step (as Cinder's import runs through the backup manager). An id still present is 400.
 */
export function importBackupRecord(s: BlockStorageState, ctx: OperationContext, service: string, url: string): Backup {
  if (service !== BACKUP_SERVICE) throw badRequest(`Invalid input received: Service ${service} could not be found.`);
  let record: Partial<Backup>;
  try {
    record = JSON.parse(Buffer.from(url, "base64").toString("utf8")) as Partial<Backup>;
  } catch {
    throw badRequest("Invalid input received: Can't parse backup record.");
  }
  if (typeof record !== "object" || record === null || typeof record.id !== "string" || record.id === "") {
    throw badRequest("Invalid input received: Provided backup record is missing an id");
  }
  if (!Number.isInteger(record.size) || (record.size as number) < 0) throw badRequest("Invalid input received: Provided backup record is missing size attribute");
  if (get(s.backups, record.id)) throw invalidBackupState("Backup already exists in database.");
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const projectId = ctx.caller.projectId;
  const backup: Backup = {
    id: record.id,
    volumeId: text(record.volumeId) ?? "",
    projectId,
    userId: ctx.caller.userId,
    name: text(record.name),
    description: text(record.description),
    size: record.size as number,
    status: "creating",
    container: text(record.container) ?? DEFAULT_CONTAINER,
    isIncremental: text(record.parentId) !== null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    parentId: text(record.parentId),
    snapshotId: text(record.snapshotId),
    availabilityZone: text(record.availabilityZone),
    dataTimestamp: typeof record.dataTimestamp === "number" ? record.dataTimestamp : ctx.now,
    failReason: null,
    objectCount: 0,
    metadata: Object.fromEntries(Object.entries(record.metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === "string")),
    sourceResumeStatus: null,
    restoreVolumeId: null,
    volumeMeta: volumeMetaFromRecord(record.volumeMeta),
  };
  put(s.backups, backup);
  useQuota(s, projectId, "backups", 1);
  useQuota(s, projectId, "backup_gigabytes", backup.size);
  ctx.enter(BACKUP, backup.id, "creating");
  // a new backup record as much as a created one (the lifecycle starts writing its objects' bytes on it)
  ctx.tx.emit("block-storage.backup.created", { id: backup.id, projectId, volumeId: backup.volumeId, size: backup.size, incremental: backup.isIncremental });
  return backup;
}

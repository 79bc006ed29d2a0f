// The backup lifecycle (type `block-storage.backup`) on the virtual clock: creating -> available (the source
// volume or snapshot back to what it was), restoring -> available (the volume `restoring-backup` ->
// available), deleting -> gone; a redirect to `error` or a fault rule on `block-storage.backup.build` fails
// the phase. Each step is its own operation, with no API caller. A backup's Swift-driver objects: their bytes
// go into the blob store as soon as the backup is created; at the step, its chunk objects are written a
// bounded number per update, a turn of the event loop apart (a 4 TiB backup is 80,000 objects), the last
// ones with the records in the update that makes it available, so a client that sees it available can list
// them all; should the bytes not be in yet when the step comes (an immediate override, an imported record),
// the backup stays `creating` until they are. Deleting one removes its objects likewise, then the record.

import { fieldChanged, get, remove } from "../../../kernel/store/table.js";
import { runOperation } from "../../../kernel/operation.js";
import { own } from "../../../kernel/own.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { BlockStorageOptions } from "../options.js";
import type { Backup, BlockStorageState } from "../state.js";
import { setStatus, type StepContext } from "../lifecycle.js";
import { sliceOf, SLICE } from "../state.js";
import { BACKUP, BACKUP_BUILD_OPERATION } from "./backups.js";
import { useQuota } from "./quotas.js";
import { restoreVolumeMeta } from "./backup-volume-meta.js";
import { ApiError } from "../../../kernel/errors.js";
import { recordMessage } from "./messages.js";
import {
  BACKUP_OBJECTS_PER_UPDATE,
  FIRST_UPDATE_OBJECTS,
  deleteBackupObjects,
  discardBackupObjects,
  prepareBackupObjects,
  writeBackupObjects,
  type BackupObjects,
  type PreparedBackupObjects,
} from "../../object-storage/for-block-storage.js";

const backupObjectsOf = (b: Backup): BackupObjects => ({
  projectId: b.projectId,
  container: b.container,
  backupId: b.id,
  volumeId: b.volumeId,
  availabilityZone: b.availabilityZone,
  name: b.name,
  description: b.description,
  createdAt: b.createdAt,
  size: b.size,
  parentId: b.parentId,
});

/** The volume (or snapshot) a finished or failed backup lets go of, back to where it was. */
function releaseSource(s: BlockStorageState, ctx: StepContext, backup: Backup): void {
  const resume = backup.sourceResumeStatus;
  if (resume === null) return;
  backup.sourceResumeStatus = null;
  if (backup.snapshotId !== null) {
    const snapshot = get(s.snapshots, backup.snapshotId);
    if (snapshot?.status === "backing-up") {
      snapshot.status = resume;
      snapshot.updatedAt = ctx.now;
    }
    return;
  }
  const volume = get(s.volumes, backup.volumeId);
  if (volume?.status === "backing-up") setStatus(ctx, volume, resume);
}

function atRest(ctx: StepContext, backup: Backup, status: string): void {
  backup.status = status;
  backup.updatedAt = ctx.now;
  ctx.enter(BACKUP, backup.id, null);
}

/** Bytes being put for a backup still creating, by backup id, per kernel. */
interface Preparing {
  ready?: PreparedBackupObjects;
  failed?: string;
  /** the creating -> available step came first: finish once the bytes are in */
  waiting: boolean;
  /** how many chunks are objects already (committed): from then on the objects own the chunk's blob */
  written: number;
}
const preparing = new WeakMap<Kernel, Map<string, Preparing>>();

function preparingOf(kernel: Kernel): Map<string, Preparing> {
  let map = preparing.get(kernel);
  if (!map) preparing.set(kernel, (map = new Map()));
  return map;
}

/** Whether the backup is still there to take its bytes (a reset, of its project or the world, takes it away unseen). */
function stillCreating(kernel: Kernel, id: string): boolean {
  return get(sliceOf(kernel.store.state as Record<string, unknown>).backups, id)?.status === "creating";
}

/** Lets go of settled bytes whose backup went without a step of its own (a reset): none outlive their backup. */
function sweep(kernel: Kernel, map: Map<string, Preparing>): void {
  for (const [id, entry] of map) {
    if ((entry.ready || entry.failed !== undefined) && !stillCreating(kernel, id)) {
      map.delete(id);
      if (entry.ready) discardBackupObjects(kernel, entry.ready, entry.written);
    }
  }
}

/** Starts putting the backup's bytes (outside any update); a late step waiting on them runs when they are in. */
function prepare(kernel: Kernel, objects: BackupObjects, waiting: boolean): void {
  const map = preparingOf(kernel);
  sweep(kernel, map);
  const id = objects.backupId;
  if (map.has(id)) return;
  const entry: Preparing = { waiting, written: 0 };
  map.set(id, entry);
  const settle = () => {
    if (map.get(id) !== entry || !stillCreating(kernel, id)) {
      if (map.get(id) === entry) map.delete(id);
      if (entry.ready) discardBackupObjects(kernel, entry.ready, entry.written);
    } else if (entry.waiting) finishLater(kernel, id);
  };
  prepareBackupObjects(kernel, objects).then(
    (ready) => {
      entry.ready = ready;
      settle();
    },
    (error: unknown) => {
      entry.failed = error instanceof Error ? error.message : String(error);
      settle();
    },
  );
}

/** Lets go of a backup's prepared bytes (it failed, or went before becoming available). */
function dropPrepared(kernel: Kernel, ctx: StepContext, backupId: string): void {
  ctx.tx.afterCommit(() => {
    const map = preparingOf(kernel);
    const entry = map.get(backupId);
    map.delete(backupId);
    if (entry?.ready) discardBackupObjects(kernel, entry.ready, entry.written);
  });
}

/**
 * creating -> available with its last objects in the same update: the chunks counted as object_count. Bytes
 * still on their way, or chunks left to write after this update's share: the backup stays creating (the
 * rest follows, finishLater). A refused write fails the backup.
 */
function finishCreate(kernel: Kernel, s: BlockStorageState, ctx: StepContext, backup: Backup): void {
  const entry = preparingOf(kernel).get(backup.id);
  if (!entry || (!entry.ready && entry.failed === undefined)) {
    if (entry) entry.waiting = true;
    else {
      const objects = backupObjectsOf(backup);
      ctx.tx.afterCommit(() => prepare(kernel, objects, true));
    }
    return;
  }
  if (entry.failed !== undefined || !entry.ready) {
    failCreate(kernel, s, ctx, backup, `Backup ${backup.id} failed: ${entry.failed}`);
    return;
  }
  const id = backup.id;
  try {
    const progress = writeBackupObjects(kernel, ctx, backupObjectsOf(backup), entry.ready, entry.written);
    if (!progress.complete) {
      ctx.tx.afterCommit(() => {
        entry.written = progress.written;
        setImmediate(() => finishLater(kernel, id));
      });
      return;
    }
    backup.objectCount = progress.written;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // chunks written by earlier updates (another write took the quota since): none outlive the backup
    deleteBackupObjects(kernel, ctx, backupObjectsOf(backup), Number.MAX_SAFE_INTEGER);
    failCreate(kernel, s, ctx, backup, `Backup ${backup.id} failed: writing its objects to container ${backup.container}: ${error.message}`);
    return;
  }
  // the objects own the bytes now
  ctx.tx.afterCommit(() => preparingOf(kernel).delete(id));
  releaseSource(s, ctx, backup);
  atRest(ctx, backup, "available");
}

/** The bytes a waiting backup needed are in (or failed), or it has chunks left to write: its step goes on, now. */
function finishLater(kernel: Kernel, id: string): void {
  runOperation(kernel, null, (ctx) => {
    const s = sliceOf(ctx.root);
    const backup = get(s.backups, id);
    if (backup?.status === "creating") finishCreate(kernel, s, ctx, backup);
    else dropPrepared(kernel, ctx, id);
  });
}

function failCreate(kernel: Kernel, s: BlockStorageState, ctx: StepContext, backup: Backup, reason: string): void {
  dropPrepared(kernel, ctx, backup.id);
  releaseSource(s, ctx, backup);
  backup.failReason = reason;
  atRest(ctx, backup, "error");
  recordMessage(s, ctx, {
    projectId: backup.projectId, requestId: backup.requestId, resourceType: "VOLUME_BACKUP", resourceUuid: backup.id, action: "BACKUP_CREATE", detail: "BACKUP_CREATE_DRIVER_ERROR",
  });
  ctx.tx.emit("block-storage.backup.failed", { id: backup.id, projectId: backup.projectId, volumeId: backup.volumeId, reason });
}

/** A restore that ends: the backup available again, the volume available (or error_restoring). */
function endRestore(s: BlockStorageState, ctx: StepContext, backup: Backup, ok: boolean): void {
  const volume = backup.restoreVolumeId === null ? undefined : get(s.volumes, backup.restoreVolumeId);
  if (volume?.status === "restoring-backup") {
    if (ok) {
      const name = volume.name;
      restoreVolumeMeta(volume, backup.volumeMeta);
      fieldChanged(s.volumes, volume, "name", name);
    }
    setStatus(ctx, volume, ok ? "available" : "error_restoring");
  }
  if (ok && volume) ctx.tx.emit("block-storage.backup.restored", { id: backup.id, projectId: backup.projectId, volumeId: volume.id });
  backup.restoreVolumeId = null;
  atRest(ctx, backup, "available");
}

/**
 * deleting -> gone once its objects are: a bounded number per update (more in the step's own, as when they
 * were written), the rest a turn of the event loop later.
 */
function finishDelete(kernel: Kernel, s: BlockStorageState, ctx: StepContext, backup: Backup, limit = FIRST_UPDATE_OBJECTS): void {
  dropPrepared(kernel, ctx, backup.id);
  if (!deleteBackupObjects(kernel, ctx, backupObjectsOf(backup), limit)) {
    const id = backup.id;
    ctx.tx.afterCommit(() => setImmediate(() => deleteLater(kernel, id)));
    return;
  }
  remove(s.backups, backup.id);
  useQuota(s, backup.projectId, "backups", -1);
  useQuota(s, backup.projectId, "backup_gigabytes", -backup.size);
  ctx.enter(BACKUP, backup.id, null);
  ctx.tx.emit("block-storage.backup.deleted", { id: backup.id, projectId: backup.projectId, volumeId: backup.volumeId });
}

function deleteLater(kernel: Kernel, id: string): void {
  runOperation(kernel, null, (ctx) => {
    const s = sliceOf(ctx.root);
    const backup = get(s.backups, id);
    if (backup?.status === "deleting") finishDelete(kernel, s, ctx, backup, BACKUP_OBJECTS_PER_UPDATE);
  });
}

type Applier = (kernel: Kernel, s: BlockStorageState, ctx: StepContext, backup: Backup) => void;

/** By `<from>><to>`, the declared steps; a redirect anywhere else fails the phase the backup is in. */
const APPLIERS: Record<string, Applier> = {
  "creating>available": finishCreate,
  "restoring>available": (_kernel, s, ctx, backup) => endRestore(s, ctx, backup, true),
  "deleting>deleted": finishDelete,
};

function failStep(kernel: Kernel, s: BlockStorageState, ctx: StepContext, backup: Backup, from: string): void {
  if (from === "creating") failCreate(kernel, s, ctx, backup, `Backup ${backup.id} went to error while ${from}.`);
  else if (from === "restoring") endRestore(s, ctx, backup, false);
  else atRest(ctx, backup, "error_deleting");
}

/** creating, restoring and deleting each take `volumeMs` of virtual time. */
export function startBackupLifecycle(kernel: Kernel, options: BlockStorageOptions): void {
  const defs = ["creating>available", "restoring>available", "deleting>deleted"].map((step) => {
    const [from, to] = step.split(">") as [string, string];
    return { type: BACKUP, from, to, afterMs: options.volumeMs };
  });
  kernel.transitions.register(defs, (id, from, to) =>
    runOperation(kernel, null, (ctx) => {
      const s = sliceOf(ctx.root);
      const backup = get(s.backups, id);
      if (!backup || backup.status !== from) return false;
      const fault = from === "creating" && to === "available" ? injectedFault(kernel, backup) : undefined;
      const apply = own(APPLIERS, `${from}>${to}`);
      if (fault !== undefined) failCreate(kernel, s, ctx, backup, fault);
      else if (apply) apply(kernel, s, ctx, backup);
      else failStep(kernel, s, ctx, backup, from);
      return true;
    }),
  );
  // the Swift driver's bytes, put while the backup is creating
  kernel.events.subscribe("block-storage.backup.created", (event) => {
    const backup = get(sliceOf(kernel.store.state as Record<string, unknown>).backups, event.payload.id);
    if (backup?.status === "creating") prepare(kernel, backupObjectsOf(backup), false);
  });
}

/** A fault rule naming `block-storage.backup.build` (matching the project, the name) fails the backup: its message is the fail_reason. */
function injectedFault(kernel: Kernel, backup: Backup): string | undefined {
  const fault = kernel.faults.stepFault({ service: SLICE, operation: BACKUP_BUILD_OPERATION, project: { id: backup.projectId }, resourceName: backup.name ?? undefined });
  if (fault?.kind !== "fail") return undefined;
  return fault.message || `Backup ${backup.id} failed (injected fault).`;
}

// The backup lifecycle (type `block-storage.backup`) on the virtual clock: creating -> available (the source
// volume or snapshot back to what it was), restoring -> available (the volume `restoring-backup` ->
// available), deleting -> gone; a redirect to `error` or a fault rule on `block-storage.backup.build` fails
// the phase. Each step is its own operation, with no API caller.

import { get, remove } from "../../../kernel/store/table.js";
import { runOperation } from "../../../kernel/operation.js";
import { own } from "../../../kernel/own.js";
import type { Kernel } from "../../../kernel/kernel.js";
import type { BlockStorageOptions } from "../options.js";
import type { Backup, BlockStorageState } from "../state.js";
import { setStatus, type StepContext } from "../lifecycle.js";
import { sliceOf, SLICE } from "../routes/deps.js";
import { BACKUP, BACKUP_BUILD_OPERATION } from "./backups.js";
import { useQuota } from "./quotas.js";
import { deleteBackupObjects, writeBackupObjects, type BackupObjects } from "../../object-storage/for-block-storage.js";

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

function finishCreate(s: BlockStorageState, ctx: StepContext, backup: Backup): void {
  releaseSource(s, ctx, backup);
  atRest(ctx, backup, "available");
}

function failCreate(s: BlockStorageState, ctx: StepContext, backup: Backup, reason: string): void {
  releaseSource(s, ctx, backup);
  backup.failReason = reason;
  atRest(ctx, backup, "error");
  ctx.tx.emit("block-storage.backup.failed", { id: backup.id, projectId: backup.projectId, volumeId: backup.volumeId, reason });
}

/** A restore that ends: the backup available again, the volume available (or error_restoring). */
function endRestore(s: BlockStorageState, ctx: StepContext, backup: Backup, ok: boolean): void {
  const volume = backup.restoreVolumeId === null ? undefined : get(s.volumes, backup.restoreVolumeId);
  if (volume?.status === "restoring-backup") setStatus(ctx, volume, ok ? "available" : "error_restoring");
  if (ok && volume) ctx.tx.emit("block-storage.backup.restored", { id: backup.id, projectId: backup.projectId, volumeId: volume.id });
  backup.restoreVolumeId = null;
  atRest(ctx, backup, "available");
}

function finishDelete(s: BlockStorageState, ctx: StepContext, backup: Backup): void {
  remove(s.backups, backup.id);
  useQuota(s, backup.projectId, "backups", -1);
  useQuota(s, backup.projectId, "backup_gigabytes", -backup.size);
  ctx.enter(BACKUP, backup.id, null);
  ctx.tx.emit("block-storage.backup.deleted", { id: backup.id, projectId: backup.projectId, volumeId: backup.volumeId });
}

type Applier = (s: BlockStorageState, ctx: StepContext, backup: Backup) => void;

/** By `<from>><to>`, the declared steps; a redirect anywhere else fails the phase the backup is in. */
const APPLIERS: Record<string, Applier> = {
  "creating>available": finishCreate,
  "restoring>available": (s, ctx, backup) => endRestore(s, ctx, backup, true),
  "deleting>deleted": finishDelete,
};

function failStep(s: BlockStorageState, ctx: StepContext, backup: Backup, from: string): void {
  if (from === "creating") failCreate(s, ctx, backup, `Backup ${backup.id} went to error while ${from}.`);
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
      if (fault !== undefined) failCreate(s, ctx, backup, fault);
      else if (apply) {
        apply(s, ctx, backup);
        // the Swift driver's objects: there once the backup is, gone with it
        if (from === "creating") {
          const objects = backupObjectsOf(backup);
          ctx.tx.afterCommit(() => void writeBackupObjects(kernel, objects));
        }
        if (to === "deleted") deleteBackupObjects(kernel, ctx, backupObjectsOf(backup));
      } else failStep(s, ctx, backup, from);
      return true;
    }),
  );
}

/** A fault rule naming `block-storage.backup.build` (matching the project, the name) fails the backup: its message is the fail_reason. */
function injectedFault(kernel: Kernel, backup: Backup): string | undefined {
  if (!kernel.faults.active) return undefined;
  const hit = kernel.faults.matchOperation({
    service: SLICE,
    operation: BACKUP_BUILD_OPERATION,
    project: { id: backup.projectId },
    resourceName: backup.name ?? undefined,
  });
  if (!hit || (hit.effect.type !== "error" && hit.effect.type !== "false-negative")) return undefined;
  return ("message" in hit.effect && hit.effect.message) || `Backup ${backup.id} failed (injected fault).`;
}

// Backups on the wire (cinder/api/views/backups.py, v3/views/backups.py, contrib/backup_project_attribute.py):
// the short item lists and create show ({id, name, links}), the detail record with its microversion-gated
// fields (project 3.18, metadata 3.43, user 3.56), and the restore answer.

import type { Ctx } from "../../../kernel/http/context.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import type { Microversion } from "../microversion.js";
import type { Backup } from "../state.js";
import { resourceLinks } from "./links.js";

export function backupSummary(c: Ctx, backup: Backup): Record<string, unknown> {
  return { id: backup.id, name: backup.name, links: resourceLinks(c, "backups", backup.id) };
}

const time = (ms: number | null) => (ms === null ? null : isoMicroNoZone(ms));

/** `hasDependents`: whether an incremental backup builds on this one (has_dependent_backups). */
export function backupDetail(c: Ctx, backup: Backup, mv: Microversion, hasDependents: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: backup.id,
    status: backup.status,
    size: backup.size,
    object_count: backup.objectCount,
    availability_zone: backup.availabilityZone,
    container: backup.container,
    created_at: time(backup.createdAt),
    updated_at: time(backup.updatedAt),
    name: backup.name,
    description: backup.description,
    fail_reason: backup.failReason,
    volume_id: backup.volumeId,
    links: resourceLinks(c, "backups", backup.id),
    is_incremental: backup.isIncremental,
    has_dependent_backups: hasDependents,
    snapshot_id: backup.snapshotId,
    data_timestamp: time(backup.dataTimestamp),
  };
  if (mv >= 18) out["os-backup-project-attr:project_id"] = backup.projectId;
  if (mv >= 43) out.metadata = { ...backup.metadata };
  if (mv >= 56) out.user_id = backup.userId;
  return out;
}

export function restoreView(backupId: string, volumeId: string, volumeName: string | null): Record<string, unknown> {
  return { restore: { backup_id: backupId, volume_id: volumeId, volume_name: volumeName } };
}

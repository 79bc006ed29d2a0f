// Snapshots on the wire (cinder/api/views/snapshots.py, v3/views/snapshots.py, contrib/
// extended_snapshot_attributes.py): the summary every list item and create shows, the microversion-gated
// fields of detail, and the `os-extended-snapshot-attributes:*` pair that show and list detail add.

import { isoMicroNoZone } from "../../../kernel/time.js";
import type { Microversion } from "../microversion.js";
import type { Snapshot } from "../state.js";

/**
 * Cinder's progress: what os-update_snapshot_status last reported, else "0%" until the backend reports the
 * snapshot done, then "100%".
 */
export function snapshotProgress(snapshot: Snapshot): string {
  if (snapshot.progress !== undefined) return snapshot.progress;
  return snapshot.status === "creating" || snapshot.status === "error" ? "0%" : "100%";
}

/** GET /snapshots items (summary): no microversion fields, no extended attributes. */
export function snapshotSummary(snapshot: Snapshot): Record<string, unknown> {
  return {
    id: snapshot.id,
    created_at: isoMicroNoZone(snapshot.createdAt),
    updated_at: snapshot.updatedAt === null ? null : isoMicroNoZone(snapshot.updatedAt),
    name: snapshot.name,
    description: snapshot.description,
    volume_id: snapshot.volumeId,
    status: snapshot.status,
    size: snapshot.size,
    metadata: { ...snapshot.metadata },
  };
}

/**
 * The detail view (create, update, show, list detail). `extended`: show and list detail add the project and
 * progress; create and update answers do not.
 */
export function snapshotDetail(snapshot: Snapshot, mv: Microversion, extended: boolean): Record<string, unknown> {
  const out = snapshotSummary(snapshot);
  if (extended) {
    out["os-extended-snapshot-attributes:progress"] = snapshotProgress(snapshot);
    out["os-extended-snapshot-attributes:project_id"] = snapshot.projectId;
  }
  if (mv >= 14) out.group_snapshot_id = snapshot.groupSnapshotId ?? null;
  if (mv >= 41) out.user_id = snapshot.userId;
  if (mv >= 65) out.consumes_quota = true;
  return out;
}

// createBackup (nova/compute/api.py backup; manager backup_instance, _rotate_backups): an image-backed
// server's image (image_type backup, backup_type) registered at once and uploaded (task image_backup, then
// image_uploading); once it is active, the oldest backups of that type of the server beyond `rotation` go.

import { get, put } from "../../../kernel/store/table.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { imageById, removeImage, setImageStatus, visibleImages, type Image } from "../../image/for-compute.js";
import type { ComputeState, Server } from "../state.js";
import { badRequest } from "../errors.js";
import type { ServerStepApplier, ServerStepDef, StepContext } from "../lifecycle.js";
import { begin, checkState, onItsHost, settle } from "./server-action-rules.js";
import { addServerImage, checkImageMetadataQuota, SNAPSHOT_STATES } from "./server-snapshot.js";

export interface BackupInput {
  name: string;
  backupType: string;
  rotation: number;
  metadata: Record<string, string>;
  checkMetadataQuota: boolean;
}


export function createBackup(s: ComputeState, ctx: OperationContext, server: Server, input: BackupInput): Image {
  checkImageMetadataQuota(s, server, input);
  checkState(server, "createBackup", { vm: SNAPSHOT_STATES });
  if (server.imageId === null) throw badRequest("Backup is not supported for volume-backed instances.");
  const image = addServerImage(ctx, server, input.name, "queued", {
    ...input.metadata,
    instance_uuid: server.id,
    user_id: ctx.caller.userId || server.userId,
    image_type: "backup",
    backup_type: input.backupType,
    base_image_ref: server.imageId,
  });
  const extra = get(s.serverExtras, server.id);
  const backup = { imageId: image.id, type: input.backupType, rotation: input.rotation };
  if (extra) extra.backup = backup;
  else put(s.serverExtras, { id: server.id, backup });
  begin(ctx, server, "image_backup", "image_backup");
  return image;
}

/** Deletes the server's oldest backups of the type beyond `rotation` (newest kept). */
function rotate(ctx: StepContext, server: Server, type: string, rotation: number): void {
  const backups = visibleImages(ctx.root, { projectId: server.projectId, isAdmin: true }).filter(
    (i) => i.metadata.image_type === "backup" && i.metadata.backup_type === type && i.metadata.instance_uuid === server.id,
  );
  backups.sort((a, b) => b.createdAt - a.createdAt);
  for (const old of backups.slice(rotation)) {
    removeImage(ctx, old.id);
    ctx.tx.emit("compute.image.deleted", { imageId: old.id, projectId: old.ownerProjectId });
  }
}

function uploadStep(last: boolean): ServerStepApplier {
  return (s, ctx, server) => {
    const extra = get(s.serverExtras, server.id);
    const backup = extra?.backup;
    if (backup && imageById(ctx.root, backup.imageId)) setImageStatus(ctx, backup.imageId, last ? "active" : "saving", last ? (imageById(ctx.root, server.imageId ?? "")?.size ?? 0) : undefined);
    if (!last) return begin(ctx, server, "backup_uploading", "image_uploading");
    if (extra && backup) {
      rotate(ctx, server, backup.type, backup.rotation);
      extra.backup = null;
    }
    settle(ctx, server, server.vmState, server.powerState);
  };
}

export const BACKUP_STEPS: ServerStepDef[] = [
  { from: "image_backup", to: "backup_uploading", after: (o) => o.actionMs },
  { from: "backup_uploading", to: "backup_uploaded", after: (o) => o.actionMs },
];

export const BACKUP_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "image_backup>backup_uploading": onItsHost(uploadStep(false)),
  "backup_uploading>backup_uploaded": onItsHost(uploadStep(true)),
};

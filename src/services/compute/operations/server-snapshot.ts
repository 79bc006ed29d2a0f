// createImage (nova/compute/api.py snapshot, _create_image; compute manager snapshot_instance): the image
// is registered at once (queued) and uploaded while the server's task_state goes image_snapshot ->
// image_pending_upload -> image_uploading -> none; the image turns saving, then active. Nova checks no lock.

import type { OperationContext } from "../../../kernel/operation.js";
import { imageById, setImageStatus, snapshotUploading, type Image } from "../../image/for-compute.js";
import type { ComputeState, Server } from "../state.js";
import type { ServerStepApplier, ServerStepDef, StepContext } from "../lifecycle.js";
import { quotaExceeded } from "../errors.js";
import { addSnapshotImage } from "./images.js";
import { effectiveQuotas } from "./quotas.js";
import { begin, checkState, onItsHost, settle } from "./server-action-rules.js";

export const SNAPSHOT_STATES = ["active", "stopped", "paused", "suspended"];

export interface SnapshotInput {
  name: string;
  metadata: Record<string, string>;
  /** Nova counts the metadata against metadata_items only before 2.39 */
  checkMetadataQuota: boolean;
}

/** Before 2.39 an image's metadata counts against the project's metadata_items (createImage, createBackup). */
export function checkImageMetadataQuota(s: ComputeState, server: Server, input: SnapshotInput): void {
  if (!input.checkMetadataQuota) return;
  const limit = effectiveQuotas(s, server.projectId).metadata_items;
  const count = Object.keys(input.metadata).length;
  if (limit >= 0 && count > limit) throw quotaExceeded("metadata_items", count, 0, limit);
}

/** An image of the server (snapshot, backup, shelve): owned by its project, sized and formatted as its base image. */
export function addServerImage(ctx: OperationContext, server: Server, name: string, status: Image["status"], metadata: Record<string, string>): Image {
  const base = server.imageId === null ? undefined : imageById(ctx.root, server.imageId);
  return addSnapshotImage(ctx, {
    name,
    ownerProjectId: server.projectId,
    serverId: server.id,
    status,
    minDisk: Math.max(server.flavor.disk, base?.minDisk ?? 0),
    minRam: base?.minRam ?? 0,
    diskFormat: base?.diskFormat,
    containerFormat: base?.containerFormat,
    metadata,
  });
}

export function createImage(s: ComputeState, ctx: OperationContext, server: Server, input: SnapshotInput): Image {
  checkImageMetadataQuota(s, server, input);
  checkState(server, "createImage", { vm: SNAPSHOT_STATES });
  // Nova's system properties come first; the caller's metadata may override them
  const system: Record<string, string> = { instance_uuid: server.id, user_id: ctx.caller.userId || server.userId, image_type: "snapshot" };
  if (server.imageId !== null) system.base_image_ref = server.imageId;
  // spread, not Object.assign: a `__proto__` key the caller sent stays a key
  const metadata: Record<string, string> = { ...system, ...input.metadata };
  const volumeBacked = server.imageId === null;
  // a volume-backed server's snapshot is a record of volume snapshots: complete at once, no bytes
  const image = addServerImage(ctx, server, input.name, volumeBacked ? "active" : "queued", metadata);
  if (!volumeBacked) begin(ctx, server, "image_snapshot", "image_snapshot");
  return image;
}

// The snapshot the server is uploading is one at a time: the task_state check sees to that.
function imageStep(status: Image["status"], next: string | null): ServerStepApplier {
  return (_s, ctx, server) => {
    const uploading = snapshotUploading(ctx.root, server.id);
    if (uploading) {
      const base = status !== "active" || server.imageId === null ? undefined : imageById(ctx.root, server.imageId);
      const image = setImageStatus(ctx, uploading.id, status, status === "active" ? (base?.size ?? 0) : undefined)!;
      if (status === "active") ctx.tx.emit("compute.image.uploaded", { imageId: image.id, projectId: image.ownerProjectId, serverId: server.id });
    }
    if (next === null) settle(ctx, server, server.vmState, server.powerState);
    else begin(ctx, server, next, next);
  };
}

/**
 * A snapshot the server cannot finish (it is deleted, or reset, mid-upload) is killed, as Glance marks an
 * upload that never completed.
 */
export function abandonSnapshot(ctx: Pick<StepContext, "now" | "root">, server: Server): void {
  const image = snapshotUploading(ctx.root, server.id);
  if (image) setImageStatus(ctx, image.id, "killed");
}

export const SNAPSHOT_STEPS: ServerStepDef[] = [
  { from: "image_snapshot", to: "image_pending_upload", after: (o) => o.actionMs },
  { from: "image_pending_upload", to: "image_uploading", after: (o) => o.actionMs },
  { from: "image_uploading", to: "image_uploaded", after: (o) => o.actionMs },
];

export const SNAPSHOT_STEP_APPLIERS: Record<string, ServerStepApplier> = {
  "image_snapshot>image_pending_upload": onItsHost(imageStep("saving", "image_pending_upload")),
  "image_pending_upload>image_uploading": onItsHost(imageStep("saving", "image_uploading")),
  "image_uploading>image_uploaded": onItsHost(imageStep("active", null)),
};

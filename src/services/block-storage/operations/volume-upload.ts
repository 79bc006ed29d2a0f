// os-volume_upload_image (cinder/api/contrib/volume_actions.py): a volume's contents become an image in the
// image service. The volume is `uploading` for one lifecycle step (type block-storage.volume), then back to
// where it was; the image is queued meanwhile and active (its size the volume's) once the step ends.

import type { OperationContext } from "../../../kernel/operation.js";
import { startUpload, finishUpload } from "../../image/for-block-storage.js";
import { invalidVolumeState } from "../errors.js";
import { setStatus, type StepContext } from "../lifecycle.js";
import type { BlockStorageState, Volume } from "../state.js";
import { typeNameOf, visibleVolume } from "./volumes.js";

const GIB = 1024 ** 3;

export interface UploadRequest {
  imageName: string;
  force: boolean;
  diskFormat: string;
  containerFormat: string;
  visibility: "public" | "private" | "shared" | "community";
}

export function uploadToImage(s: BlockStorageState, ctx: OperationContext, id: string, request: UploadRequest) {
  const volume = visibleVolume(s, ctx.caller, id);
  const allowed = request.force ? ["available", "in-use"] : ["available"];
  if (!allowed.includes(volume.status)) throw invalidVolumeState(`Volume ${id} status must be ${allowed.join(" or ")}`);
  const image = startUpload(ctx, {
    name: request.imageName,
    projectId: volume.projectId,
    diskFormat: request.diskFormat,
    containerFormat: request.containerFormat,
    visibility: request.visibility,
    minDisk: volume.size,
  });
  volume.pending = { resumeStatus: volume.status, imageId: image.id };
  setStatus(ctx, volume, "uploading");
  return {
    id: volume.id,
    updated_at: null as string | null,
    status: "uploading",
    display_description: volume.description,
    size: volume.size,
    volume_type: { name: typeNameOf(s, volume) },
    image_id: image.id,
    container_format: request.containerFormat,
    disk_format: request.diskFormat,
    image_name: request.imageName,
    visibility: request.visibility,
    protected: false,
  };
}

export function finishUploadStep(_s: BlockStorageState, ctx: StepContext, volume: Volume): void {
  const pending = volume.pending;
  volume.pending = null;
  if (pending?.imageId) finishUpload(ctx, pending.imageId, volume.size * GIB);
  setStatus(ctx, volume, pending?.resumeStatus ?? "available");
}

export function failUpload(ctx: StepContext, volume: Volume): void {
  if (volume.pending?.imageId) finishUpload(ctx, volume.pending.imageId, null);
}

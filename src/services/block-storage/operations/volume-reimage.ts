// os-reimage (Cinder 3.68, cinder/volume/api.py reimage and manager.py reimage): the volume's data is
// replaced by an image's. `downloading` for one step, then back to the status it had, bootable, with the
// image's properties as its volume_glance_metadata. Nova's volume-backed rebuild (2.93) reimages the root
// volume of the server it rebuilds (`reimageForServer`).

import type { OperationContext } from "../../../kernel/operation.js";
import { findImage } from "../../image/for-block-storage.js";
import { conflictingRequest, imageNotFound, invalidInput, invalidVolumeState } from "../errors.js";
import { setStatus, type StepContext } from "../lifecycle.js";
import type { BlockStorageState, Volume } from "../state.js";
import { imageMetadataOfImage, visibleVolume } from "./volumes.js";

const GIB = 1024 ** 3;

/** Starts a reimage; `reserved` lets a reserved volume (Nova's, during a rebuild) be reimaged too. */
export function reimage(s: BlockStorageState, ctx: OperationContext, id: string, imageId: string, reserved: boolean): void {
  const volume = visibleVolume(s, ctx.caller, id);
  const image = findImage(ctx.root, imageId, ctx.caller);
  if (!image) throw imageNotFound(imageId);
  if (volume.attachments.length > 1) throw conflictingRequest("Cannot re-image a volume which is attached to more than one server.");
  const expected = reserved ? ["available", "error", "reserved"] : ["available", "error"];
  if (!expected.includes(volume.status)) {
    throw invalidVolumeState(`Volume ${volume.id} status must be ${expected.join(" or ")}, but current status is ${volume.status}.`);
  }
  // volume_utils.check_image_metadata
  if (image.status !== "active") throw invalidInput(`Image ${image.id} is not active.`);
  const imageGb = Math.ceil((image.size ?? 0) / GIB);
  if (imageGb > volume.size) throw invalidInput(`Size of specified image ${imageGb}GB is larger than volume size ${volume.size}GB.`);
  if (volume.size < image.minDisk) throw invalidInput(`Volume size ${volume.size}GB cannot be smaller than the image minDisk size ${image.minDisk}GB.`);
  volume.pending = { resumeStatus: volume.status, imageId: image.id };
  setStatus(ctx, volume, "downloading");
}

/** The step's end: the image's properties kept, the volume bootable and back to where it was. */
export function finishReimage(ctx: StepContext, volume: Volume): void {
  const pending = volume.pending;
  volume.pending = null;
  const image = pending?.imageId ? findImage(ctx.root, pending.imageId, { projectId: volume.projectId, isAdmin: true }) : undefined;
  if (image) {
    volume.imageMetadata = imageMetadataOfImage(image);
    volume.bootable = true;
  }
  setStatus(ctx, volume, pending?.resumeStatus ?? "available");
}

/** Nova's volume-backed rebuild: the server's root volume holds the image now (it stays in-use). */
export function reimageForServer(ctx: OperationContext, volume: Volume, imageId: string): void {
  const image = findImage(ctx.root, imageId, { projectId: volume.projectId, isAdmin: true });
  if (!image) return;
  volume.imageMetadata = imageMetadataOfImage(image);
  volume.bootable = true;
  volume.updatedAt = ctx.now;
}

// Image data (Glance v2 images-data and the interoperable import): upload (queued -> saving -> active),
// stage (queued -> uploading) and the glance-direct import of staged bytes (-> active, a task recorded),
// and what a download may serve. The bytes stream through the route; these are the state changes around them.

import { get, put } from "../../../kernel/store/table.js";
import type { BlobRef } from "../../../kernel/blobs/types.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { setImageData } from "../catalog.js";
import { badRequest, conflict, forbidden, invalidStatusTransition } from "../errors.js";
import type { Image, ImageState, Task } from "../state.js";
import { ownedImage, visibleImage } from "./images.js";
import { bytesLeft } from "./quotas.js";

/** the import methods this cloud offers (`OpenStack-image-import-methods`, /v2/info/import) */
export const IMPORT_METHODS = ["glance-direct", "web-download", "copy-image"] as const;
/** methods Glance knows that this cloud has not enabled: a 400 naming them, not an unknown method's */
const KNOWN_METHODS = ["glance-direct", "web-download", "copy-image", "glance-download"];

export type DataTarget = "file" | "stage";

export interface UploadTicket {
  owner: string | null;
  /** how many bytes the project's image_size_total leaves; undefined when unlimited */
  left: number | undefined;
}

/** An upload starts: the image moves to `saving` (data) or `uploading` (stage), so a second one gets a 409. */
export function beginUpload(s: ImageState, ctx: OperationContext, id: string, target: DataTarget): UploadTicket {
  const image = ownedImage(s, ctx.caller, id, "upload data to");
  const next = target === "file" ? "saving" : "uploading";
  if (image.status !== "queued") throw invalidStatusTransition(image.status, next);
  if (image.diskFormat === null || image.containerFormat === null) {
    throw badRequest("Properties disk_format, container_format must be set prior to saving data.");
  }
  const left = bytesLeft(s, image.ownerProjectId);
  image.status = next;
  image.updatedAt = ctx.now;
  return { owner: image.ownerProjectId, left };
}

/**
 * The bytes are stored: the image becomes active with them (or holds them staged). Returns the blobs to free:
 * the new one when the image went away meanwhile, an older staged one otherwise.
 */
export function finishUpload(s: ImageState, ctx: OperationContext, id: string, target: DataTarget, blob: BlobRef, sha512: string): string[] {
  const image = get(s.images, id);
  const expected = target === "file" ? "saving" : "uploading";
  if (!image || image.status !== expected) return [blob.id];
  if (target === "stage") {
    const old = image.staged?.id;
    image.staged = blob;
    image.stagedSha512 = sha512;
    image.updatedAt = ctx.now;
    return old ? [old] : [];
  }
  setImageData(s, image, blob, sha512, ctx.now);
  ctx.tx.emit("image.image.uploaded", { imageId: id, projectId: image.ownerProjectId, size: blob.size, checksum: blob.md5 });
  return [];
}

/** The upload failed: back to `queued` (a client's or a limit's failure, as Glance restores), or `killed`. */
export function abortUpload(s: ImageState, ctx: OperationContext<Caller | null>, id: string, target: DataTarget, to: "queued" | "killed"): void {
  const image = get(s.images, id);
  if (!image || image.status !== (target === "file" ? "saving" : "uploading")) return;
  image.status = to;
  image.updatedAt = ctx.now;
}

/** `POST /import` of glance-direct: the staged bytes move into the image; the task that did it is recorded. */
export function importImage(s: ImageState, ctx: OperationContext, id: string, method: string): Task {
  const image = ownedImage(s, ctx.caller, id, "import");
  if (!(IMPORT_METHODS as readonly string[]).includes(method)) {
    if (KNOWN_METHODS.includes(method)) throw badRequest(`Import method ${method} is not enabled on this cloud.`);
    throw badRequest(`Unknown import method name '${method}'.`);
  }
  if (image.status !== "uploading" || image.staged === null) {
    if (image.status === "queued") throw conflict("Image needs to be staged before 'glance-direct' method can be used");
    throw conflict(`Image status transition from ${image.status} to importing is not allowed`);
  }
  const staged = image.staged;
  const sha512 = image.stagedSha512 ?? "";
  image.staged = null;
  image.stagedSha512 = null;
  setImageData(s, image, staged, sha512, ctx.now);
  ctx.tx.emit("image.image.uploaded", { imageId: id, projectId: image.ownerProjectId, size: staged.size, checksum: staged.md5 });
  const task: Task = {
    id: ctx.ids.uuid(),
    imageId: id,
    ownerProjectId: image.ownerProjectId,
    userId: ctx.caller.userId,
    method,
    status: "success",
    message: "",
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  put(s.tasks, task);
  return task;
}

/** The image whose data the caller wants: 403 while deactivated (unless admin). */
export function downloadableImage(s: ImageState, caller: Caller, id: string): Image {
  const image = visibleImage(s, caller, id);
  if (image.status === "deactivated" && !caller.isAdmin) {
    throw forbidden("The requested image has been deactivated. Image data download is forbidden.");
  }
  return image;
}

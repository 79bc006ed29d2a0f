// The web-download and copy-image import methods (Glance v2 interoperable import). web-download fetches
// the image's bytes from a URI; here only from a loopback address (Glance's import filtering, configured
// as allowed_hosts = loopback, any port), any other URI refused with Glance's filtering error. copy-image
// (admin only) copies an active image into stores: this cloud's one store already holds it.

import { get, put } from "../../../kernel/store/table.js";
import type { BlobRef } from "../../../kernel/blobs/types.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { setImageData } from "../catalog.js";
import { badRequest, conflict, forbidden } from "../errors.js";
import type { ImageState, Task } from "../state.js";
import { ownedImage, visibleImage } from "./images.js";
import { bytesLeft } from "./quotas.js";
import { filteredUri } from "./loopback-uri.js";

export const STORES = ["file"];

function newTask(s: ImageState, ctx: OperationContext, imageId: string, owner: string | null, method: string, status: Task["status"]): Task {
  const task: Task = { id: ctx.ids.uuid(), imageId, ownerProjectId: owner, userId: ctx.caller.userId, method, status, message: "", createdAt: ctx.now, updatedAt: ctx.now };
  put(s.tasks, task);
  return task;
}

export interface DownloadTicket {
  url: URL;
  taskId: string;
  owner: string | null;
  /** bytes the project's image_size_total leaves; undefined when unlimited */
  left: number | undefined;
}

/** web-download starts: checks as Glance orders them, then the image is `importing` and its task processing. */
export function beginWebDownload(s: ImageState, ctx: OperationContext, id: string, uri: string | undefined, legacyInput?: Record<string, unknown>): DownloadTicket {
  const image = ownedImage(s, ctx.caller, id, "import");
  if (image.status === "active") throw conflict("Image with status active cannot be target for import");
  if (image.status !== "queued") throw conflict("Image needs to be in 'queued' state to use 'web-download' method");
  if (image.containerFormat === null) throw conflict("'container_format' needs to be set before import");
  if (image.diskFormat === null) throw conflict("'disk_format' needs to be set before import");
  const url = filteredUri(uri);
  if (!url) throw badRequest(`URI for web-download does not pass filtering: ${uri ?? ""}`);
  image.status = "importing";
  image.updatedAt = ctx.now;
  const task = newTask(s, ctx, id, image.ownerProjectId, "web-download", "processing");
  if (legacyInput) task.legacyInput = legacyInput;
  return { url, taskId: task.id, owner: image.ownerProjectId, left: bytesLeft(s, image.ownerProjectId) };
}

/** The bytes arrived: the image is active with them. Returns blobs to free (the new one if the image went). */
export function finishWebDownload(s: ImageState, ctx: OperationContext<Caller | null>, id: string, taskId: string, blob: BlobRef, sha512: string): string[] {
  const image = get(s.images, id);
  const task = get(s.tasks, taskId);
  if (task) {
    task.status = image?.status === "importing" ? "success" : "failure";
    task.updatedAt = ctx.now;
  }
  if (!image || image.status !== "importing") return [blob.id];
  setImageData(s, image, blob, sha512, ctx.now);
  ctx.tx.emit("image.image.uploaded", { imageId: id, projectId: image.ownerProjectId, size: blob.size, checksum: blob.md5 });
  return [];
}

/** The fetch failed: the image is queued again (as Glance reverts it) and the task says why. */
export function failWebDownload(s: ImageState, ctx: OperationContext<Caller | null>, id: string, taskId: string, message: string): void {
  const image = get(s.images, id);
  if (image?.status === "importing") {
    image.status = "queued";
    image.updatedAt = ctx.now;
  }
  const task = get(s.tasks, taskId);
  if (task) {
    task.status = "failure";
    task.message = message;
    task.updatedAt = ctx.now;
  }
}

/** copy-image: admin only (Glance's copy_image policy), of an active image, into stores it is not in. */
export function copyImage(s: ImageState, ctx: OperationContext, id: string, stores: string[] | undefined, allStores: boolean): void {
  const image = visibleImage(s, ctx.caller, id);
  if (!ctx.caller.isAdmin) throw forbidden("You are not authorized to complete copy_image action.");
  if (image.status !== "active") throw conflict("Only images with status active can be targeted for copying");
  const unknown = (stores ?? []).filter((store) => !STORES.includes(store));
  if (unknown.length) throw badRequest(`Unknown store(s): ${unknown.join(", ")}`);
  // the image is in every store this cloud has: all_stores has nothing to do, a named store is a 400
  if (!allStores) {
    const present = (stores ?? []).find((store) => STORES.includes(store)) ?? STORES[0]!;
    throw badRequest(`Image is already present at store '${present}'`);
  }
}

// Nova's image proxy over the image service's catalog (read and written through image/for-compute.ts):
// lookup by id or URL, listing filters, delete and metadata writes (owner or admin), in Nova's errors and
// events.

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import * as catalog from "../../image/for-compute.js";
import type { Image, ImageInput } from "../../image/for-compute.js";
import { forbidden, itemNotFound } from "../errors.js";
import type { ComputeState } from "../state.js";
import { computeQuotas } from "./quotas.js";

export const imageNotFound = (id: string) => itemNotFound(`Image ${id} could not be found.`);

export function visibleImage(root: Readonly<Record<string, unknown>>, caller: Caller, id: string): Image {
  const image = catalog.findImage(root, id, caller);
  if (!image) throw imageNotFound(id);
  return image;
}

export interface ImageQuery {
  name?: string;
  /** API status (ACTIVE, SAVING, ...) */
  status?: string;
  /** a server id: only its snapshots */
  server?: string;
  /** `snapshot`: only images of servers; anything else: only the others */
  type?: string;
  minRam?: number;
  minDisk?: number;
}

const API_STATUS: Record<Image["status"], string> = {
  active: "ACTIVE", queued: "SAVING", saving: "SAVING", uploading: "SAVING", importing: "SAVING",
  deleted: "DELETED", pending_delete: "DELETED", killed: "ERROR", deactivated: "ERROR",
};

/** Nova's mapping of Glance's status to the API's (queued images show SAVING). */
export function apiImageStatus(image: Image): string {
  return API_STATUS[image.status];
}

export function listImages(root: Readonly<Record<string, unknown>>, caller: Caller, q: ImageQuery): Image[] {
  return catalog.visibleImages(root, caller).filter(
    (i) =>
      (q.name === undefined || i.name === q.name) &&
      (q.status === undefined || apiImageStatus(i) === q.status.toUpperCase()) &&
      (q.server === undefined || (i.serverId !== null && (i.serverId === q.server || q.server.endsWith(`/${i.serverId}`)))) &&
      (q.type === undefined || (q.type === "snapshot") === (i.serverId !== null)) &&
      (q.minRam === undefined || i.minRam >= q.minRam) &&
      (q.minDisk === undefined || i.minDisk >= q.minDisk),
  );
}

/** Registers a server's snapshot in the image service's catalog, in this update. */
export function addSnapshotImage(ctx: OperationContext, input: ImageInput): Image {
  const image = catalog.addImage(ctx, input);
  ctx.tx.emit("compute.image.created", { imageId: image.id, name: image.name ?? "", projectId: image.ownerProjectId, serverId: image.serverId });
  return image;
}

/** Only the owning project (or an admin) may delete an image; others get 403, as Glance answers. */
export function deleteImage(ctx: OperationContext, id: string): void {
  const image = visibleImage(ctx.root, ctx.caller, id);
  if (!ctx.caller.isAdmin && image.ownerProjectId !== ctx.caller.projectId) throw forbidden(`You are not permitted to delete image ${id}.`);
  catalog.removeImage(ctx, id);
  ctx.tx.emit("compute.image.deleted", { imageId: id, projectId: image.ownerProjectId });
}

/**
 * Writes an image's metadata (Nova's image metadata proxy: PUT replaces, POST and the one-key PUT merge,
 * DELETE of a key): the owner or an admin only (Glance's 403), within the metadata_items quota.
 */
export function writeImageMetadata(s: ComputeState, ctx: OperationContext, id: string, change: { set?: Record<string, string>; replace?: boolean; remove?: string }): Record<string, string> {
  const image = visibleImage(ctx.root, ctx.caller, id);
  if (!ctx.caller.isAdmin && image.ownerProjectId !== ctx.caller.projectId) throw forbidden(`You are not permitted to modify image ${id}.`);
  const next: Record<string, string> = change.replace ? {} : { ...image.metadata };
  if (change.remove !== undefined) {
    if (!Object.hasOwn(next, change.remove)) throw itemNotFound("Invalid metadata key");
    delete next[change.remove];
  }
  Object.assign(next, change.set ?? {});
  computeQuotas.check(s, ctx.caller.projectId, "metadata_items", Object.keys(next).length, 0);
  catalog.setImageProperties(ctx, id, next);
  return next;
}

// Image records (Glance v2 images-images-v2): create, show, update by JSON patch, delete, tags, and the
// owner's or admin's deactivate/reactivate (images-images-v2 "Deactivate image"). Business rules only; no HTTP here.

import { get, fieldChanged } from "../../../kernel/store/table.js";
import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { addImage, countUsage, removeImage } from "../catalog.js";
import { conflict, forbidden, imageNotFound, notFound, overLimit } from "../errors.js";
import type { CreateImageBody, PatchOperation } from "../schemas/images.js";
import { canSee, owns, type Image, type ImageState, type Viewer } from "../state.js";
import { applyPatch, checkOwner, checkPublicize, checkQuantities, MAX_TAGS } from "./attributes.js";
import { imageQuotas } from "./quotas.js";

const BASE_KEYS = new Set(["id", "name", "visibility", "protected", "os_hidden", "min_disk", "min_ram", "disk_format", "container_format", "tags", "owner"]);

/** The image if the caller may see it; 404 otherwise (an image one may not see is as unknown as a missing one). */
export function visibleImage(s: ImageState, caller: Viewer, id: string): Image {
  const image = get(s.images, id);
  if (!image || !canSee(caller, image)) throw imageNotFound(id);
  return image;
}

/** The image if the caller owns it (or is an admin); 404 when it cannot see it, 403 when it only sees it. */
export function ownedImage(s: ImageState, caller: Caller, id: string, action: string): Image {
  const image = visibleImage(s, caller, id);
  if (!owns(caller, image)) throw forbidden(`You are not permitted to ${action} image ${id}.`);
  return image;
}

export function createImage(s: ImageState, ctx: OperationContext, body: CreateImageBody): Image {
  checkOwner(ctx.caller, body.owner);
  checkPublicize(ctx.caller, body.visibility);
  const owner = body.owner === undefined ? ctx.caller.projectId || null : body.owner;
  if (body.id !== undefined && get(s.images, body.id)) throw conflict(`Image with identifier ${body.id} already exists!`);
  if (owner !== null) imageQuotas.check(s, owner, "image_count_total");
  const metadata = Object.fromEntries(Object.entries(body).filter(([k]) => !BASE_KEYS.has(k))) as Record<string, string>;
  const tags = body.tags ?? [];
  checkQuantities({ metadata, tags: [...new Set(tags)] });
  const image = addImage(s, ctx, {
    id: body.id,
    name: body.name ?? null,
    ownerProjectId: owner,
    // Glance's default since API 2.5: shared (members only), not private
    visibility: body.visibility ?? "shared",
    protected: body.protected,
    osHidden: body.os_hidden,
    minDisk: body.min_disk,
    minRam: body.min_ram,
    diskFormat: body.disk_format ?? null,
    containerFormat: body.container_format ?? null,
    metadata,
    tags,
  });
  ctx.tx.emit("image.image.created", { imageId: image.id, projectId: image.ownerProjectId, name: image.name });
  return image;
}

export function updateImage(s: ImageState, ctx: OperationContext, id: string, ops: PatchOperation[]): Image {
  const image = ownedImage(s, ctx.caller, id, "modify");
  const owner = image.ownerProjectId;
  const visibility = image.visibility;
  const name = image.name;
  applyPatch(image, ops, ctx.caller);
  fieldChanged(s.images, image, "name", name);
  fieldChanged(s.images, image, "ownerProjectId", owner);
  fieldChanged(s.images, image, "visibility", visibility);
  if (image.ownerProjectId !== owner) {
    if (image.ownerProjectId !== null) imageQuotas.check(s, image.ownerProjectId, "image_count_total");
    countUsage(s, owner, -1, -(image.data?.size ?? 0));
    countUsage(s, image.ownerProjectId, 1, image.data?.size ?? 0);
  }
  image.updatedAt = ctx.now;
  ctx.tx.emit("image.image.updated", { imageId: id, projectId: image.ownerProjectId });
  return image;
}

/** Removes the image; the blobs it held are returned for the route to free once the update committed. */
export function deleteImage(s: ImageState, ctx: OperationContext, id: string): string[] {
  const image = ownedImage(s, ctx.caller, id, "delete");
  if (image.protected) throw forbidden(`Image ${id} is protected and cannot be deleted.`);
  ctx.tx.emit("image.image.deleted", { imageId: id, projectId: image.ownerProjectId });
  return removeImage(s, id);
}

export function addTag(s: ImageState, ctx: OperationContext, id: string, tag: string): void {
  const image = ownedImage(s, ctx.caller, id, "modify");
  if (image.tags.includes(tag)) return;
  if (image.tags.length >= MAX_TAGS) throw overLimit(`Maximum number of tags exceeded: ${image.tags.length + 1} > ${MAX_TAGS}`);
  image.tags.push(tag);
  image.updatedAt = ctx.now;
}

export function deleteTag(s: ImageState, ctx: OperationContext, id: string, tag: string): void {
  const image = ownedImage(s, ctx.caller, id, "modify");
  const at = image.tags.indexOf(tag);
  if (at < 0) throw notFound(`Tag ${tag} not found`);
  image.tags.splice(at, 1);
  image.updatedAt = ctx.now;
}

/**
 * An admin or a member of the owner's project (Glance's ADMIN_OR_PROJECT_MEMBER since Wallaby): an active
 * image's data can no longer be downloaded by non-admins.
 */
export function deactivateImage(s: ImageState, ctx: OperationContext, id: string): void {
  const image = ownedImage(s, ctx.caller, id, "deactivate");
  if (image.status === "deactivated") return;
  if (image.status !== "active") throw forbidden(`Not allowed to deactivate image in status '${image.status}'`);
  image.status = "deactivated";
  image.updatedAt = ctx.now;
  ctx.tx.emit("image.image.deactivated", { imageId: id, projectId: image.ownerProjectId });
}

export function reactivateImage(s: ImageState, ctx: OperationContext, id: string): void {
  const image = ownedImage(s, ctx.caller, id, "reactivate");
  if (image.status === "active") return;
  if (image.status !== "deactivated") throw forbidden(`Not allowed to reactivate image in status '${image.status}'`);
  image.status = "active";
  image.updatedAt = ctx.now;
  ctx.tx.emit("image.image.reactivated", { imageId: id, projectId: image.ownerProjectId });
}

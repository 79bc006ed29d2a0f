// The contract the image service offers compute: the catalog lookups a boot and Nova's image proxy need,
// and the writes of a server snapshot (created queued, then saving, then active, or killed). Reads take the
// ROOT state; writes run on the root draft of the operation compute is in, so they commit with it. Errors
// are compute's to raise, in Nova's words; so are the events (`compute.image.*`).

import type { Kernel } from "../../kernel/kernel.js";
import { get, peek, values } from "../../kernel/store/table.js";
import { addImage as add, removeImage as remove, virtualChecksums, type ImageInput } from "./catalog.js";
import { loadImageSeed } from "./seed.js";
import { canSee, imageSliceOf, type Image } from "./state.js";

export type { Image } from "./state.js";
export type { ImageInput } from "./catalog.js";

type Root = Readonly<Record<string, unknown>>;
type Caller = { projectId: string; isAdmin: boolean };
/** what a write needs of compute's operation context */
type WriteContext = { root: Record<string, unknown>; ids: { uuid(): string }; now: number };

/** An image the caller may use, by id or by a URL ending in its id (an imageRef). */
export function findImage(root: Root, ref: string, caller: Caller): Readonly<Image> | undefined {
  const trimmed = ref.trim().replace(/\/+$/, "");
  const image = peek(imageSliceOf(root).images, trimmed.slice(trimmed.lastIndexOf("/") + 1));
  return image && canSee(caller, image) ? image : undefined;
}

/** Any image by id, visible or not (a server's base image, read for a snapshot's sizes). */
export function imageById(root: Root, id: string): Readonly<Image> | undefined {
  return peek(imageSliceOf(root).images, id);
}

/** The catalog in its order, as far as the caller may see it. */
export function visibleImages(root: Root, caller: Caller): Image[] {
  return values(imageSliceOf(root).images).filter((i) => canSee(caller, i));
}

/** The snapshot a server is uploading (queued or saving), if any. */
export function snapshotUploading(root: Root, serverId: string): Image | undefined {
  return values(imageSliceOf(root).images).find((i) => i.serverId === serverId && (i.status === "queued" || i.status === "saving"));
}

/** Registers an image (a snapshot: private, queued unless told otherwise). */
export function addImage(ctx: WriteContext, input: ImageInput): Image {
  return add(imageSliceOf(ctx.root), ctx, input);
}

/** A snapshot's upload moves on: its status, and once active its size. */
export function setImageStatus(ctx: Pick<WriteContext, "root" | "now">, id: string, status: Image["status"], size?: number): Image | undefined {
  const image = get(imageSliceOf(ctx.root).images, id);
  if (!image) return undefined;
  image.status = status;
  image.updatedAt = ctx.now;
  if (size !== undefined) image.size = size;
  // a snapshot's bytes exist only in name: it shows checksums once active, as a real upload would
  if (status === "active" && image.checksum === null) Object.assign(image, virtualChecksums(image.id));
  return image;
}

/** Replaces an image's custom properties (Nova's image metadata proxy). */
export function setImageProperties(ctx: Pick<WriteContext, "root" | "now">, id: string, properties: Record<string, string>): Image | undefined {
  const image = get(imageSliceOf(ctx.root).images, id);
  if (!image) return undefined;
  image.metadata = properties;
  image.updatedAt = ctx.now;
  return image;
}

/** Removes the record; bytes it held are freed after the commit (compute's `compute.image.deleted`, see index.ts). */
export function removeImage(ctx: Pick<WriteContext, "root">, id: string): void {
  const s = imageSliceOf(ctx.root);
  s.released.push(...remove(s, id));
}

/** Images a seed world lists under `compute:` (older worlds), loaded as the `image:` section would be. */
export function seedImages(root: Record<string, unknown>, images: unknown[], kernel: Kernel): void {
  loadImageSeed(imageSliceOf(root), { images }, kernel, root, "compute");
}

// The contract the image service offers block storage: the lookup a volume created from an image
// (`imageRef`) needs, and the writes of an upload of a volume to an image (os-volume_upload_image: the image
// created queued, active once the upload's step ends). Reads take the ROOT state; writes run on the root
// draft of block storage's operation, so they commit with it. Errors are block storage's to raise.

import { findImage as find, addImage as add, setImageStatus } from "./for-compute.js";
import type { Image } from "./state.js";

export type { Image } from "./state.js";

type Root = Readonly<Record<string, unknown>>;
type WriteContext = { root: Record<string, unknown>; ids: { uuid(): string }; now: number };

/** An image the caller may use, by id or by a URL ending in its id. */
export function findImage(root: Root, ref: string, caller: { projectId: string; isAdmin: boolean }): Image | undefined {
  return find(root, ref, caller);
}

export interface UploadInput {
  name: string;
  projectId: string;
  diskFormat: string;
  containerFormat: string;
  visibility: Image["visibility"];
  minDisk: number;
}

/** A private (unless told otherwise) image of the project, queued while the volume's bytes arrive. */
export function startUpload(ctx: WriteContext, input: UploadInput): Image {
  return add(ctx, {
    name: input.name,
    ownerProjectId: input.projectId,
    status: "queued",
    visibility: input.visibility,
    diskFormat: input.diskFormat,
    containerFormat: input.containerFormat,
    minDisk: input.minDisk,
  });
}

/** The upload is over: the image active with its size in bytes (or killed when it failed). */
export function finishUpload(ctx: Pick<WriteContext, "root" | "now">, imageId: string, size: number | null): void {
  if (size === null) setImageStatus(ctx, imageId, "killed");
  else setImageStatus(ctx, imageId, "active", size);
}

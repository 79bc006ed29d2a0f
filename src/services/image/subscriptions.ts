// What the image service does when other services change its catalog: an image deleted through Nova's
// image proxy (compute's contract) leaves its blob ids in `released`; they are freed once that commits.

import type { Kernel } from "../../kernel/kernel.js";
import { runOperation } from "../../kernel/operation.js";
import { imageSliceOf, SLICE, type ImageState } from "./state.js";

export function releaseBlobsOnComputeDelete(kernel: Kernel): void {
  kernel.events.subscribe("compute.image.deleted", () => {
    if (kernel.slice<ImageState>(SLICE).released.length === 0) return;
    const ids = runOperation(kernel, null, (ctx) => imageSliceOf(ctx.root).released.splice(0));
    for (const id of ids) kernel.blobs.delete(id);
  });
}

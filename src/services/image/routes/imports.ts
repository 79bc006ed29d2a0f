// `POST /v2/images/{id}/import` (Glance v2 interoperable import): glance-direct (staged bytes), web-download
// (fetched from a loopback URI, answered once the bytes are in: a client then finds the image active or,
// when the fetch failed, queued again with a failed task) and copy-image.

import { createHash } from "node:crypto";
import { route, DEFAULT_MAX_STREAM_BYTES, type RouteDef } from "../../../kernel/http/service-app.js";
import { runOperation, type OperationContext } from "../../../kernel/operation.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { importImage } from "../operations/image-data.js";
import { beginWebDownload, copyImage, failWebDownload, finishWebDownload, type DownloadTicket } from "../operations/web-download.js";
import { importImageBody } from "../schemas/imports.js";
import { imageSliceOf } from "../state.js";
import type { ImageDeps } from "./deps.js";

export function importRoutes(deps: ImageDeps): RouteDef[] {
  return [
    route({
      method: "POST",
      path: "/v2/images/:id/import",
      operation: "image.image.import",
      schema: importImageBody,
      handler: async (c, body) => {
        const id = c.req.param("id") ?? "";
        const method = body.method.name;
        if (method === "copy-image") deps.write(c, (s, ctx) => copyImage(s, ctx, id, body.stores, body.all_stores ?? false));
        else if (method === "web-download") {
          const ticket = deps.write(c, (s, ctx) => beginWebDownload(s, ctx, id, body.method.uri));
          await download(deps.kernel, id, ticket);
        } else deps.write(c, (s, ctx) => importImage(s, ctx, id, method));
        return c.body(null, 202);
      },
    }),
  ];
}

/** Fetches the bytes into the blob store (bounded by the project's quota and the upload limit), then commits. */
export async function download(kernel: Kernel, id: string, ticket: DownloadTicket): Promise<void> {
  const update = <R>(op: (ctx: OperationContext<null>) => R) => runOperation(kernel, null, op);
  const fail = (message: string) => update((ctx) => failWebDownload(imageSliceOf(ctx.root), ctx, id, ticket.taskId, message));
  let blob;
  const sha512 = createHash("sha512");
  try {
    // no redirects: one could lead off loopback
    const res = await fetch(ticket.url, { redirect: "error", signal: AbortSignal.timeout(60_000) });
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      fail(`Failed to download ${ticket.url.href}: HTTP ${res.status}`);
      return;
    }
    const hashed = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          sha512.update(chunk);
          controller.enqueue(chunk);
        },
      }),
    );
    blob = await kernel.blobs.put(hashed, { maxBytes: Math.min(ticket.left ?? Infinity, DEFAULT_MAX_STREAM_BYTES), owner: ticket.owner ?? undefined });
  } catch (error) {
    fail(`Failed to download ${ticket.url.href}: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const done = blob;
  const free = update((ctx) => finishWebDownload(imageSliceOf(ctx.root), ctx, id, ticket.taskId, done, sha512.digest("hex")));
  free.forEach((b) => kernel.blobs.delete(b));
}

// Image data (Glance v2 images-data and interoperable import): upload `PUT /file`, download `GET /file`
// (Content-MD5, ranges) and stage `PUT /stage` (imports.ts has `POST /import`). Bytes stream into the blob
// store, the SHA-512 Glance reports computed on the way; a fault rule naming `image.image.store` fails the upload (killed).

import { createHash } from "node:crypto";
import type { RouteDef } from "../../../kernel/http/service-app.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { bytesResponse, streamedBody } from "../../../kernel/http/stream.js";
import { injectedError } from "../../../kernel/http/fault-gate.js";
import { BlobTooLarge } from "../../../kernel/blobs/types.js";
import { runOperation } from "../../../kernel/operation.js";
import { invalidContentType, overLimit } from "../errors.js";
import { abortUpload, beginUpload, downloadableImage, finishUpload, type DataTarget } from "../operations/image-data.js";
import { ownedImage } from "../operations/images.js";
import { imageSliceOf, SLICE, STORE_OPERATION } from "../state.js";
import type { ImageDeps } from "./deps.js";


export function imageDataRoutes(deps: ImageDeps): RouteDef[] {
  const { kernel } = deps;
  const param = (c: Ctx, name: string) => c.req.param(name) ?? "";

  /** The upload of `PUT /file` and `PUT /stage`: the image moves on first, so a second upload meets a 409. */
  const upload = async (c: Ctx, target: DataTarget): Promise<Response> => {
    const id = param(c, "id");
    // a stranger's upload is a 404 whatever it sends
    ownedImage(deps.state(), deps.caller(c), id, "upload data to");
    const type = (requestHeader(c, "content-type") ?? "application/octet-stream").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/octet-stream") throw invalidContentType(type);
    const body = streamedBody(c);
    const ticket = deps.write(c, (s, ctx) => beginUpload(s, ctx, id, target));
    const abort = (to: "queued" | "killed") => runOperation(kernel, null, (ctx) => abortUpload(imageSliceOf(ctx.root), ctx, id, target, to));
    const quotaFirst = ticket.left !== undefined && ticket.left < body.maxBytes;
    let blob;
    const sha512 = createHash("sha512");
    try {
      if (ticket.left !== undefined && body.length !== undefined && body.length > ticket.left) throw new BlobTooLarge(ticket.left);
      const hashed = body.stream.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            sha512.update(chunk);
            controller.enqueue(chunk);
          },
        }),
      );
      blob = await kernel.blobs.put(hashed, { maxBytes: quotaFirst ? ticket.left : body.maxBytes, owner: ticket.owner ?? undefined });
    } catch (error) {
      abort("queued");
      if (error instanceof BlobTooLarge && quotaFirst) throw overLimit(`Image exceeds the storage quota: image_size_total would be exceeded.`);
      throw error;
    }
    const fault = kernel.faults.active
      ? kernel.faults.matchOperation({ service: SLICE, operation: STORE_OPERATION, project: ticket.owner ? { id: ticket.owner } : undefined })
      : undefined;
    if (fault?.effect.type === "error") {
      kernel.blobs.delete(blob.id);
      abort("killed");
      throw injectedError(fault.effect.status, fault.effect.code, fault.effect.message);
    }
    const done = blob;
    const free = deps.write(c, (s, ctx) => finishUpload(s, ctx, id, target, done, sha512.digest("hex")));
    free.forEach((b) => kernel.blobs.delete(b));
    return c.body(null, 204);
  };

  return [
    { method: "PUT", path: "/v2/images/:id/file", operation: "image.image.upload", body: "stream", handler: (c) => upload(c, "file") },
    { method: "PUT", path: "/v2/images/:id/stage", operation: "image.image.stage", body: "stream", handler: (c) => upload(c, "stage") },
    {
      method: "GET",
      path: "/v2/images/:id/file",
      operation: "image.image.download",
      handler: (c) => {
        const image = downloadableImage(deps.state(), deps.caller(c), param(c, "id"));
        const data = image.data;
        // no bytes: never uploaded, or made without any (a snapshot) or lost with the blob store's content
        if (!data || !kernel.blobs.has(data.id)) return c.body(null, 204);
        const whole = requestHeader(c, "range") === undefined;
        return bytesResponse(c, data.size, (range) => kernel.blobs.get(data.id, range)!, {
          headers: whole ? { "Content-MD5": data.md5 } : {},
        });
      },
    },
  ];
}

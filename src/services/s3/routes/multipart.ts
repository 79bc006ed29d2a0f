// The multipart handlers the object routes dispatch to: CreateMultipartUpload (POST ?uploads), UploadPart
// and UploadPartCopy (PUT ?partNumber&uploadId), ListParts (GET ?uploadId), CompleteMultipartUpload
// (POST ?uploadId), AbortMultipartUpload (DELETE ?uploadId).

import { baseUrl, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { invalidArgument, malformedXml, noSuchKey } from "../errors.js";
import { requireBucket } from "../operations/buckets.js";
import {
  checkCopyConditions, checkKey, checkWriteCondition, copySource, quoted, recheckWriteCondition, userMetadata, writeCondition,
} from "../operations/objects.js";
import {
  abortUpload, completeUpload, createUpload, MAX_PARTS, partNumberOf, putPart, requireUpload, sortedParts, type RequestedPart,
} from "../operations/multipart.js";
import { keepingBlob, readPayload } from "../payload.js";
import { copyResultView } from "../views/objects.js";
import { completeView, initiateView, listPartsView } from "../views/multipart.js";
import { child, childrenNamed } from "../xml-reader.js";
import type { S3Deps } from "./deps.js";
import { bucketOf, keyOf, MOUNT, query, readXml, xml } from "./request.js";

export function multipartHandlers(deps: S3Deps, secretOf: (access: string) => string | undefined) {
  const { storage, kernel } = deps;
  const free = (ctx: OperationContext, ids: string[]) => {
    if (ids.length) ctx.tx.afterCommit(() => ids.forEach((id) => kernel.blobs.delete(id)));
  };
  const where = (c: Ctx) => ({ projectId: deps.project(c), bucket: bucketOf(c), key: keyOf(c), uploadId: query(c, "uploadId") ?? "" });

  return {
    create(c: Ctx) {
      const projectId = deps.project(c);
      const key = keyOf(c);
      checkKey(key);
      const metadata = userMetadata(c);
      const contentType = requestHeader(c, "content-type") ?? "binary/octet-stream";
      const upload = deps.write(c, (s, ctx) => createUpload(storage, s, ctx, { projectId, bucket: bucketOf(c), key, contentType, metadata }));
      return xml(c, initiateView(upload));
    },

    async uploadPart(c: Ctx) {
      const at = where(c);
      const number = partNumberOf(query(c, "partNumber"));
      requireUpload(deps.state(), at.projectId, at.bucket, at.key, at.uploadId);
      const header = requestHeader(c, "x-amz-copy-source");
      let copied: string | undefined;
      let ref;
      if (header !== undefined) {
        const from = copySource(header);
        requireBucket(storage, deps.root(), at.projectId, from.bucket);
        const source = storage.findObject(deps.root(), at.projectId, from.bucket, from.key);
        if (!source) throw noSuchKey(from.key);
        checkCopyConditions(c, source);
        const range = requestHeader(c, "x-amz-copy-source-range");
        const m = range === undefined ? null : /^bytes=(\d+)-(\d+)$/.exec(range);
        if (range !== undefined && (!m || Number(m[2]) < Number(m[1]) || Number(m[2]) >= source.size)) {
          throw invalidArgument("The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy", "x-amz-copy-source-range", range);
        }
        ref = await kernel.blobs.put(storage.read(source, m ? { start: Number(m[1]), end: Number(m[2]) } : undefined), { owner: at.projectId });
        copied = ref.md5;
      } else {
        ref = await readPayload(c, kernel, at.projectId, secretOf);
      }
      const data = ref;
      keepingBlob(kernel, data, () => deps.write(c, (s, ctx) => putPart(s, ctx, free, at, number, data)));
      if (copied !== undefined) return xml(c, copyResultView("CopyPartResult", copied, kernel.clock.now()));
      return c.body(null, 200, { etag: quoted(data.md5) });
    },

    listParts(c: Ctx) {
      const at = where(c);
      const upload = requireUpload(deps.state(), at.projectId, at.bucket, at.key, at.uploadId);
      const marker = Number(query(c, "part-number-marker") ?? 0);
      const maxText = query(c, "max-parts");
      const max = maxText === undefined ? 1000 : Number(maxText);
      if (!Number.isInteger(marker) || marker < 0) throw invalidArgument("Invalid part-number-marker", "part-number-marker", String(query(c, "part-number-marker")));
      if (!Number.isInteger(max) || max < 0) throw invalidArgument("Invalid max-parts", "max-parts", String(maxText));
      const after = sortedParts(upload).filter((p) => p.number > marker);
      const limit = Math.min(max, 1000);
      return xml(c, listPartsView(upload, after.slice(0, limit), marker, limit, after.length > limit));
    },

    async complete(c: Ctx) {
      const at = where(c);
      requireUpload(deps.state(), at.projectId, at.bucket, at.key, at.uploadId);
      const condition = writeCondition(c);
      checkWriteCondition(condition, at.key, storage.findObject(deps.root(), at.projectId, at.bucket, at.key));
      // a Part holds PartNumber, ETag and the checksum of the upload's algorithm (clients send one)
      const doc = await readXml(c, 1 + MAX_PARTS * 4);
      if (!doc || doc.name !== "CompleteMultipartUpload") throw malformedXml();
      const requested: RequestedPart[] = childrenNamed(doc, "Part").map((part) => {
        const number = child(part, "PartNumber")?.text.trim();
        const etag = child(part, "ETag")?.text.trim();
        if (!number || !/^\d+$/.test(number) || etag === undefined) throw malformedXml();
        return { number: Number(number), etag };
      });
      const object = deps.write(c, (s, ctx) => {
        recheckWriteCondition(condition, at.key, storage.findObject(ctx.root, at.projectId, at.bucket, at.key));
        return completeUpload(storage, s, ctx, free, at, requested);
      });
      const location = `${baseUrl(c)}${MOUNT}/${at.bucket}/${encodeURIComponent(at.key).replaceAll("%2F", "/")}`;
      return xml(c, completeView(location, at.bucket, at.key, object.etag));
    },

    abort(c: Ctx) {
      const at = where(c);
      deps.write(c, (s, ctx) => abortUpload(s, ctx, free, at));
      return c.body(null, 204);
    },
  };
}


// The multipart handlers the object routes dispatch to: CreateMultipartUpload (POST ?uploads), UploadPart
// and UploadPartCopy (PUT ?partNumber&uploadId), ListParts (GET ?uploadId), CompleteMultipartUpload
// (POST ?uploadId), AbortMultipartUpload (DELETE ?uploadId).

import { baseUrl, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import type { OperationContext } from "../../../kernel/operation.js";
import { invalidArgument, invalidRange, malformedXml, noSuchKey } from "../errors.js";
import { requireBucket } from "../operations/buckets.js";
import {
  checkCopyConditions, checkKey, checkWriteCondition, copySource, quoted, recheckWriteCondition, userMetadata, writeCondition,
} from "../operations/objects.js";
import {
  abortUpload, completeUpload, createUpload, MAX_PARTS, partNumberOf, putPart, requireUpload, sortedParts, type RequestedPart,
} from "../operations/multipart.js";
import { keepingBlob, readPayload } from "../payload.js";
import { checksumHeaders, tapped, type StoredChecksum } from "../payload-checksum.js";
import { checksumOf } from "../checksums.js";
import { checksumOfObject, completedUpload, pick, requestedHeaders, SSE_HEADER } from "../operations/object-headers.js";
import { completeExpectations, uploadChecksum } from "./multipart-input.js";
import { get } from "../../../kernel/store/table.js";
import type { StoredObject } from "../storage.js";
import type { BlobRef } from "../../../kernel/blobs/types.js";
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
  const answerComplete = (c: Ctx, object: StoredObject) => {
    const at = where(c);
    const location = `${baseUrl(c)}${MOUNT}/${at.bucket}/${encodeURIComponent(at.key).replaceAll("%2F", "/")}`;
    return xml(c, completeView(location, at.bucket, at.key, object.etag, checksumOfObject(object)), 200, pick(object.headers, [SSE_HEADER]));
  };
  /** A second Complete of an upload that completed this object answers as the first did (S3: 200). */
  const completedBefore = (at: ReturnType<typeof where>) => {
    if (get(deps.state().uploads, at.uploadId)) return undefined;
    requireBucket(storage, deps.root(), at.projectId, at.bucket);
    const object = storage.findObject(deps.root(), at.projectId, at.bucket, at.key);
    return object && completedUpload(object) === at.uploadId ? (c: Ctx) => answerComplete(c, object) : undefined;
  };
  const where = (c: Ctx) => ({ projectId: deps.project(c), bucket: bucketOf(c), key: keyOf(c), uploadId: query(c, "uploadId") ?? "" });

  return {
    create(c: Ctx) {
      const projectId = deps.project(c);
      const key = keyOf(c);
      checkKey(key);
      const metadata = userMetadata(c);
      const headers = requestedHeaders(c);
      const checksum = uploadChecksum(c);
      const contentType = requestHeader(c, "content-type") ?? "binary/octet-stream";
      const upload = deps.write(c, (s, ctx) => createUpload(storage, s, ctx, { projectId, bucket: bucketOf(c), key, contentType, metadata, headers, checksum }));
      const answer: Record<string, string> = pick(headers, [SSE_HEADER]);
      if (checksum) Object.assign(answer, { "x-amz-checksum-algorithm": checksum.algorithm, "x-amz-checksum-type": checksum.type });
      return xml(c, initiateView(upload), 200, answer);
    },

    async uploadPart(c: Ctx) {
      const at = where(c);
      const number = partNumberOf(query(c, "partNumber"));
      const upload = requireUpload(deps.state(), at.projectId, at.bucket, at.key, at.uploadId);
      const header = requestHeader(c, "x-amz-copy-source");
      let copied: string | undefined;
      let ref: BlobRef;
      let checksum: StoredChecksum | undefined;
      let crc64: string | undefined;
      if (header !== undefined) {
        const from = copySource(header);
        requireBucket(storage, deps.root(), at.projectId, from.bucket);
        const source = storage.findObject(deps.root(), at.projectId, from.bucket, from.key);
        if (!source) throw noSuchKey(from.key);
        checkCopyConditions(c, source);
        const range = requestHeader(c, "x-amz-copy-source-range");
        const m = range === undefined ? null : /^bytes=(\d+)-(\d+)$/.exec(range);
        if (range !== undefined && (!m || Number(m[2]) < Number(m[1]))) {
          throw invalidArgument("The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy", "x-amz-copy-source-range", range);
        }
        // a range past the source's end is unsatisfiable, as for a GET
        if (m && Number(m[2]) >= source.size) throw invalidRange(source.size);
        const bytes = storage.read(source, m ? { start: Number(m[1]), end: Number(m[2]) } : undefined);
        // an upload without an algorithm still keeps each part's CRC64NVME, for the object's default one
        const sum = checksumOf(upload.checksum?.algorithm ?? "CRC64NVME");
        ref = await kernel.blobs.put(tapped(bytes, sum), { owner: at.projectId });
        if (upload.checksum) checksum = { algorithm: upload.checksum.algorithm, value: sum.digest() };
        else crc64 = sum.digest();
        copied = ref.md5;
      } else {
        ({ ref, checksum } = await readPayload(c, kernel, at.projectId, secretOf, upload.checksum?.algorithm, upload.checksum ? undefined : "CRC64NVME"));
        if (!upload.checksum && checksum?.algorithm === "CRC64NVME") crc64 = checksum.value;
      }
      const data = ref;
      keepingBlob(kernel, data, () => deps.write(c, (s, ctx) => putPart(s, ctx, free, at, number, data, checksum?.value, crc64)));
      if (copied !== undefined) return xml(c, copyResultView("CopyPartResult", copied, kernel.clock.now(), checksum), 200, checksumHeaders(checksum));
      return c.body(null, 200, { etag: quoted(data.md5), ...checksumHeaders(checksum), ...pick(upload.headers, [SSE_HEADER]) });
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
      const done = completedBefore(at);
      if (done) return done(c);
      const upload = requireUpload(deps.state(), at.projectId, at.bucket, at.key, at.uploadId);
      const condition = writeCondition(c);
      checkWriteCondition(condition, at.key, storage.findObject(deps.root(), at.projectId, at.bucket, at.key));
      // a Part holds PartNumber, ETag and the checksum of the upload's algorithm (clients send one)
      const doc = await readXml(c, 1 + MAX_PARTS * 4);
      if (!doc || doc.name !== "CompleteMultipartUpload") throw malformedXml();
      const requested: RequestedPart[] = childrenNamed(doc, "Part").map((part) => {
        const number = child(part, "PartNumber")?.text.trim();
        const etag = child(part, "ETag")?.text.trim();
        if (!number || !/^\d+$/.test(number) || etag === undefined) throw malformedXml();
        const sum = upload.checksum && child(part, `Checksum${upload.checksum.algorithm}`)?.text.trim();
        return { number: Number(number), etag, ...(sum ? { checksum: sum } : {}) };
      });
      const expect = completeExpectations(c, upload.checksum?.algorithm);
      const object = deps.write(c, (s, ctx) => {
        recheckWriteCondition(condition, at.key, storage.findObject(ctx.root, at.projectId, at.bucket, at.key));
        return completeUpload(storage, s, ctx, free, at, requested, expect);
      });
      return answerComplete(c, object);
    },

    abort(c: Ctx) {
      const at = where(c);
      deps.write(c, (s, ctx) => abortUpload(s, ctx, free, at));
      return c.body(null, 204);
    },
  };
}


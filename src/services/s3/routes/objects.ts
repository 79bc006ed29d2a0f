// The object routes on /{bucket}/{key}: GetObject/HeadObject (ranges, conditions, response-* overrides),
// PutObject (streamed), CopyObject, DeleteObject, and the multipart calls that share these paths.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { bytesResponse } from "../../../kernel/http/stream.js";
import { ApiError } from "../../../kernel/errors.js";
import { httpDateOf } from "../../../kernel/time.js";
import { tagsOf, withTags } from "../operations/tagging.js";
import { taggingHandlers } from "./tagging.js";
import { conditionalRequestConflict, invalidArgument, invalidRange, invalidRequest, noSuchKey, notImplemented } from "../errors.js";
import { algorithmHeader, checksumOfBytes } from "../payload-checksum.js";
import { requireBucket } from "../operations/buckets.js";
import {
  checkConditions, checkCopyConditions, checkKey, checkWriteCondition, copySource, metadataHeaders, quoted, recheckWriteCondition, userMetadata,
  writeCondition,
} from "../operations/objects.js";
import type { StoredObject } from "../storage.js";
import { keepingBlob, readPayload } from "../payload.js";
import { copyResultView } from "../views/objects.js";
import { aclView } from "../views/buckets.js";
import { checksumOfObject, CONTENT_HEADERS, pick, SSE_HEADER, keptHeaders, refuseUnsupportedHeaders, requestedHeaders, withChecksum, writeAnswerHeaders } from "../operations/object-headers.js";
import { partOf, partResponse } from "./object-parts.js";
import { putAcl } from "./acl.js";
import type { S3Deps } from "./deps.js";
import { multipartHandlers } from "./multipart.js";
import { bucketOf, has, keyOf, query, refuseUnsupported, xml } from "./request.js";
import { CALLS } from "./calls.js";

const KEY_PATH = "/:bucket/:key{.+}";
/** response-* query parameters of a (presigned) GET and the headers they set */
const OVERRIDES = ["content-type", "content-language", "expires", "cache-control", "content-disposition", "content-encoding"];

export function objectHeaders(o: StoredObject, checksumMode = false): Record<string, string> {
  return {
    etag: quoted(o.etag),
    "last-modified": httpDateOf(o.lastModified),
    ...metadataHeaders(o.metadata),
    ...keptHeaders(o, checksumMode),
  };
}

export function objectRoutes(deps: S3Deps, secretOf: (access: string) => string | undefined): RouteDef[] {
  const { storage, kernel } = deps;
  const multipart = multipartHandlers(deps, secretOf);
  const tagging = taggingHandlers(deps);

  const objectAcl = (c: Ctx) => {
    findObject(c);
    return xml(c, aclView(deps.project(c)));
  };

  const findObject = (c: Ctx) => {
    const projectId = deps.project(c);
    const bucket = bucketOf(c);
    const key = keyOf(c);
    requireBucket(storage, deps.root(), projectId, bucket);
    const object = storage.findObject(deps.root(), projectId, bucket, key);
    if (!object) throw noSuchKey(key);
    return object;
  };

  const getObject = (c: Ctx) => {
    const object = findObject(c);
    const part = partOf(c, object);
    const whole = part === undefined && requestHeader(c, "range") === undefined;
    const headers = objectHeaders(object, whole && requestHeader(c, "x-amz-checksum-mode")?.toUpperCase() === "ENABLED");
    if (checkConditions(c, object) === 304) return c.body(null, 304, headers);
    for (const name of OVERRIDES) {
      const value = query(c, `response-${name}`);
      if (value !== undefined) headers[name] = value;
    }
    const contentType = query(c, "response-content-type") ?? object.contentType;
    if (part !== undefined) return partResponse(c, object, part, (range) => storage.read(object, range), contentType, headers);
    if (c.req.method === "HEAD") {
      return c.body(null, 200, { ...headers, "content-type": contentType, "content-length": String(object.size), "accept-ranges": "bytes" });
    }
    try {
      return bytesResponse(c, object.size, (range) => storage.read(object, range), { contentType, headers });
    } catch (error) {
      if (error instanceof ApiError && error.status === 416) throw invalidRange(object.size);
      throw error;
    }
  };

  const putObject = async (c: Ctx) => {
    const projectId = deps.project(c);
    const bucket = bucketOf(c);
    const key = keyOf(c);
    checkKey(key);
    const metadata = userMetadata(c);
    const kept = requestedHeaders(c);
    const condition = writeCondition(c);
    requireBucket(storage, deps.root(), projectId, bucket);
    checkWriteCondition(condition, key, storage.findObject(deps.root(), projectId, bucket, key));
    // S3 keeps a CRC64NVME of an object sent without a checksum (its default since 2025)
    const { ref, checksum } = await readPayload(c, kernel, projectId, secretOf, undefined, "CRC64NVME");
    const contentType = requestHeader(c, "content-type") ?? "binary/octet-stream";
    const headers = withChecksum(kept, checksum);
    const object = keepingBlob(kernel, ref, () =>
      deps.write(c, (_s, ctx) => {
        requireBucket(storage, ctx.root, projectId, bucket);
        recheckWriteCondition(condition, key, storage.findObject(ctx.root, projectId, bucket, key));
        return storage.putObject(ctx, projectId, bucket, { key, etag: ref.md5, contentType, metadata, headers, parts: [ref] });
      }),
    );
    return c.body(null, 200, { etag: quoted(object.etag), ...writeAnswerHeaders(object) });
  };

  const copyObject = async (c: Ctx, header: string) => {
    const projectId = deps.project(c);
    const bucket = bucketOf(c);
    const key = keyOf(c);
    checkKey(key);
    const from = copySource(header);
    requireBucket(storage, deps.root(), projectId, from.bucket);
    const source = storage.findObject(deps.root(), projectId, from.bucket, from.key);
    if (!source) throw noSuchKey(from.key);
    checkCopyConditions(c, source);
    requireBucket(storage, deps.root(), projectId, bucket);
    const directive = (requestHeader(c, "x-amz-metadata-directive") ?? "COPY").toUpperCase();
    if (directive !== "COPY" && directive !== "REPLACE") throw invalidRequest("Unknown metadata directive.");
    // a copy onto itself must change something: its metadata, encryption or checksum
    const changes = requestHeader(c, SSE_HEADER) !== undefined || requestHeader(c, "x-amz-checksum-algorithm") !== undefined;
    if (directive === "COPY" && from.bucket === bucket && from.key === key && !changes) {
      throw invalidRequest("This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.");
    }
    // the copy keeps the source's checksum (the same bytes) unless another algorithm is asked for, which is
    // computed over the source's bytes; its encryption is the request's, as S3 decides it
    const kept = checksumOfObject(source);
    const wanted = algorithmHeader(c, "x-amz-checksum-algorithm");
    const checksum = wanted && wanted !== kept?.algorithm ? { algorithm: wanted, value: await checksumOfBytes(wanted, storage.read(source)), type: "FULL_OBJECT" as const } : kept;
    const headers = (own: Record<string, string>) => withChecksum(own, checksum, checksum?.type);
    const asked = requestedHeaders(c);
    // x-amz-tagging-directive: the source's tags (COPY) or the request's (REPLACE), whatever the metadata directive
    const tagging = (requestHeader(c, "x-amz-tagging-directive") ?? "COPY").toUpperCase();
    if (tagging !== "COPY" && tagging !== "REPLACE") throw invalidArgument("Unknown tagging directive.", "x-amz-tagging-directive", tagging);
    const tags = tagging === "REPLACE" ? tagsOf({ headers: asked }) : tagsOf(source);
    const replace = directive === "REPLACE"
      ? { metadata: userMetadata(c), contentType: requestHeader(c, "content-type") ?? "binary/octet-stream", headers: headers(withTags(asked, tags)) }
      : { metadata: source.metadata, contentType: source.contentType, headers: headers(withTags({ ...pick(source.headers, CONTENT_HEADERS), ...pick(asked, [SSE_HEADER]) }, tags)) };
    // no bytes are copied: object storage shares the parts between the two objects
    const object = deps.write(c, (_s, ctx) => {
      requireBucket(storage, ctx.root, projectId, bucket);
      // the checksum computed is the source's as it was read: a source replaced meanwhile is a conflict
      if (checksum !== kept && storage.findObject(ctx.root, projectId, from.bucket, from.key)?.etag !== source.etag) throw conditionalRequestConflict();
      return storage.copyObject(ctx, projectId, from, { bucket, key }, replace);
    });
    return xml(c, copyResultView("CopyObjectResult", object.etag, object.lastModified, checksumOfObject(object)), 200, writeAnswerHeaders(object));
  };

  return [
    {
      method: "GET",
      path: KEY_PATH,
      operation: "s3.object.read",
      variants: CALLS.readObject,
      handler: (c) => {
        refuseUnsupportedHeaders(c, deps.project(c));
        if (has(c, "uploadId")) return multipart.listParts(c);
        if (has(c, "acl")) return objectAcl(c);
        if (has(c, "tagging")) return tagging.get(c);
        refuseUnsupported(c);
        return getObject(c);
      },
    },
    {
      method: "PUT",
      path: KEY_PATH,
      operation: "s3.object.write",
      variants: CALLS.writeObject,
      body: "stream",
      handler: (c) => {
        refuseUnsupportedHeaders(c, deps.project(c));
        if (has(c, "uploadId") || has(c, "partNumber")) return multipart.uploadPart(c);
        if (has(c, "acl")) return putAcl(c, () => findObject(c));
        if (has(c, "tagging")) return tagging.put(c);
        refuseUnsupported(c);
        const source = requestHeader(c, "x-amz-copy-source");
        return source === undefined ? putObject(c) : copyObject(c, source);
      },
    },
    {
      method: "DELETE",
      path: KEY_PATH,
      operation: "s3.object.delete",
      variants: CALLS.deleteObject,
      handler: (c) => {
        refuseUnsupportedHeaders(c, deps.project(c));
        if (has(c, "uploadId")) return multipart.abort(c);
        if (has(c, "tagging")) return tagging.remove(c);
        refuseUnsupported(c);
        const projectId = deps.project(c);
        const bucket = bucketOf(c);
        const key = keyOf(c);
        deps.write(c, (_s, ctx) => {
          requireBucket(storage, ctx.root, projectId, bucket);
          storage.deleteObject(ctx, projectId, bucket, key);
        });
        return c.body(null, 204);
      },
    },
    {
      method: "POST",
      path: KEY_PATH,
      operation: "s3.multipart.write",
      variants: CALLS.multipart,
      maxBytes: 2 * 1024 * 1024,
      handler: (c) => {
        refuseUnsupportedHeaders(c, deps.project(c));
        if (has(c, "uploads")) return multipart.create(c);
        if (has(c, "uploadId")) return multipart.complete(c);
        throw notImplemented(`POST ${c.req.url.includes("?") ? c.req.url.slice(c.req.url.indexOf("?")) : "on an object"}`);
      },
    },
  ];
}

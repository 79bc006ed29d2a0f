// Objects (Swift: storage-object-services): PUT streamed into the blob store (ETag verified, 411 without
// a length or chunking), GET with ranges and conditions (HEAD: headers), POST metadata 202, DELETE, COPY
// and X-Copy-From sharing the source's bytes; static large objects branch off to large-objects.ts.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { bytesResponse, streamedBody } from "../../../kernel/http/stream.js";
import { guessContentType } from "../content-type.js";
import { containerNotFound, etagMismatch, lengthRequired, notFound, preconditionFailed } from "../errors.js";
import { checkQuotas, writeObject } from "../operations/objects.js";
import { containerOf, liveObject } from "../operations/records.js";
import { deleteVersioned } from "../operations/versions.js";
import { findContainer, partsBody } from "../read.js";
import { readableObject } from "./readable.js";
import { objectHeaders } from "../views.js";
import { checkMetadata, projectOf, dateHeader, httpDate, metaHeaders, write, type Deps } from "./common.js";
import { containerAccess } from "./access.js";
import { isTempUrlRequest, tempUrlHeaders } from "./temp-url.js";
import { containerName } from "./containers.js";
import { checkPutConditions, conditions, deleteAt, dloManifest, objectName, storedHeaders } from "./object-input.js";
import { copyObject } from "./copy.js";
import { deleteManifest, manifestListing, putManifest } from "./large-objects.js";
import { empty } from "./respond.js";
import { staticObject } from "./static-web.js";
import { formPost, isFormPost } from "./form-post.js";
import { extractArchive, isExtractArchive } from "./extract-archive.js";

export const OBJECT_PATH = "/v1/:account/:container/:object{.+}";

export function objectRoutes(d: Deps): RouteDef[] {
  const { kernel } = d;
  return [
    {
      method: "GET",
      path: OBJECT_PATH,
      operation: "object-storage.object.show",
      policy: "public",
      handler: (c) => {
        const web = staticObject(c, d);
        if (web) return web;
        const projectId = containerAccess(c, d, "read");
        const manifestOnly = c.req.method === "HEAD" || queryParam(c, "multipart-manifest") === "get";
        const object = readableObject(c, d, projectId, containerName(c), objectName(c), !manifestOnly);
        if (object.slo && queryParam(c, "multipart-manifest") === "get") return manifestListing(c, kernel, object);
        const own = objectHeaders(object);
        const headers = { ...dateHeader(kernel), ...own, ...(isTempUrlRequest(c) ? tempUrlHeaders(c, objectName(c), own["content-disposition"]) : {}) };
        const failed = conditions(c, object.etagHeader.replace(/"/g, ""), object.modifiedAt);
        if (failed === 304) return empty(c, kernel, 304, headers);
        if (failed === 412) throw preconditionFailed();
        if (c.req.method === "HEAD") return c.body(null, 200, { ...headers, "content-length": String(object.size) });
        return bytesResponse(c, object.size, (range) => partsBody(kernel, object.parts, range), { contentType: object.contentType, headers });
      },
    },
    {
      method: "PUT",
      path: OBJECT_PATH,
      operation: "object-storage.object.create",
      // a temporary URL or a write grant may stand in for the token: access.ts decides
      policy: "public",
      body: "stream",
      handler: async (c) => {
        if (isExtractArchive(c)) return extractArchive(c, d, projectOf(c), `${containerName(c)}/${objectName(c)}`);
        const projectId = containerAccess(c, d, "write");
        const container = containerName(c);
        const name = objectName(c);
        if (requestHeader(c, "x-copy-from") !== undefined) return copyObject(c, d, projectId, { container, name }, "put");
        if (queryParam(c, "multipart-manifest") === "put") return putManifest(c, d, projectId, container, name);
        return putObject(c, d, projectId, container, name);
      },
    },
    {
      method: "POST",
      path: OBJECT_PATH,
      operation: "object-storage.object.update",
      policy: "public",
      // a form upload (formpost) to container/prefix reads its body; a metadata POST reads none
      body: "stream",
      handler: (c) => {
        if (isFormPost(c)) return formPost(c, d, projectOf(c), containerName(c));
        const projectId = containerAccess(c, d, "write");
        const [container, name] = [containerName(c), objectName(c)];
        const metadata = metaHeaders(c, "x-object-meta-");
        checkMetadata(metadata);
        const manifest = dloManifest(c);
        write(c, d, (s, w) => {
          const record = liveObject(containerOf(s, projectId, container), name, w.now);
          if (!record) throw notFound();
          // POST replaces the user metadata whole (Swift's object_post_as_copy=false)
          record.metadata = metadata;
          const type = requestHeader(c, "content-type");
          if (type) record.contentType = type;
          record.headers = { ...record.headers, ...storedHeaders(c) };
          const expiry = deleteAt(c, w.now);
          // the object server keeps X-Object-Manifest only as a POST states it: set, replaced or dropped
          if (manifest !== undefined) record.dlo = manifest;
          else delete record.dlo;
          if (requestHeader(c, "x-remove-delete-at") !== undefined) delete record.deleteAt;
          else if (expiry !== undefined) record.deleteAt = expiry;
        });
        return empty(c, kernel, 202);
      },
    },
    {
      method: "DELETE",
      path: OBJECT_PATH,
      operation: "object-storage.object.delete",
      // a temporary URL signed for DELETE (or POST, above) stands in for the token as for PUT
      policy: "public",
      handler: (c) => {
        const projectId = containerAccess(c, d, "write");
        const [container, name] = [containerName(c), objectName(c)];
        if (queryParam(c, "multipart-manifest") === "delete") return deleteManifest(c, d, projectId, container, name);
        write(c, d, (s, w) => deleteVersioned(s, w, projectId, container, name));
        return empty(c, kernel, 204);
      },
    },
    {
      // Swift's own method: Destination names the copy
      method: "COPY",
      path: OBJECT_PATH,
      operation: "object-storage.object.copy",
      handler: (c) => {
        const projectId = containerAccess(c, d, "read");
        return copyObject(c, d, projectId, { container: containerName(c), name: objectName(c) }, "copy");
      },
    },
  ];
}

/** A plain upload: the bytes streamed into one blob, then the object written in one update. */
async function putObject(c: Ctx, d: Deps, projectId: string, container: string, name: string): Promise<Response> {
  const { kernel } = d;
  const chunked = /chunked/i.test(requestHeader(c, "transfer-encoding") ?? "");
  const body = streamedBody(c);
  if (body.length === undefined && !chunked) throw lengthRequired();
  const now = kernel.clock.now();
  const expiry = deleteAt(c, now);
  const metadata = metaHeaders(c, "x-object-meta-");
  checkMetadata(metadata);
  // refuse before reading a byte what the container, its quotas and the conditions refuse already
  const target = findContainer(d.state(), projectId, container);
  if (!target) throw containerNotFound();
  const manifest = dloManifest(c);
  const mustBeNew = checkPutConditions(c, liveObject(target, name, now) !== undefined);
  checkQuotas(d.state(), projectId, container, body.length ?? 0);
  const ref = await kernel.blobs.put(body.stream, { maxBytes: body.maxBytes, owner: projectId });
  try {
    const expected = requestHeader(c, "etag");
    if (expected !== undefined && expected.trim().replace(/"/g, "").toLowerCase() !== ref.md5) throw etagMismatch();
    const detect = /^(true|1|yes|on)$/i.test(requestHeader(c, "x-detect-content-type") ?? "");
    const contentType = (!detect && requestHeader(c, "content-type")) || guessContentType(name);
    const record = write(c, d, (s, w) => {
      return writeObject(s, w, projectId, container, {
        name,
        parts: [ref],
        etag: ref.md5,
        contentType,
        metadata,
        headers: storedHeaders(c),
        deleteAt: expiry,
        dlo: manifest,
        mustBeNew,
      });
    });
    return empty(c, kernel, 201, { etag: record.etag, "last-modified": httpDate(record.modifiedAt) });
  } catch (error) {
    kernel.blobs.delete(ref.id);
    throw error;
  }
}

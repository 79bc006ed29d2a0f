// Static large objects (Swift's slo middleware): `PUT ?multipart-manifest=put` with a JSON list of
// segments, each checked (exists, etag, size_bytes: 400 listing the errors); the manifest object shares
// its segments' parts, so a GET concatenates them; `?multipart-manifest=get` shows the manifest and
// `?multipart-manifest=delete` removes it with its segments.

import { createHash } from "node:crypto";
import * as z from "zod";
import type { BlobRef } from "../../../kernel/blobs/types.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { streamedBody } from "../../../kernel/http/stream.js";
import type { Kernel } from "../../../kernel/kernel.js";
import { badRequest, quotaExceeded } from "../errors.js";
import { writeObject } from "../operations/objects.js";
import { containerOf, deleteObject, liveObject } from "../operations/records.js";
import { findContainer, resolveObject, type ResolvedObject } from "../read.js";
import type { ManifestSegment } from "../state.js";
import { guessContentType } from "../content-type.js";
import { checkMetadata, dateHeader, httpDate, listingDate, metaHeaders, write, type Deps } from "./common.js";
import { checkPutConditions, deleteAt, storedHeaders } from "./object-input.js";
import { empty } from "./respond.js";
import { mayUse, refusalStatus } from "./access.js";
import { bulkAnswer } from "./bulk-report.js";

/** Swift's slo defaults: max_manifest_segments, max_manifest_size */
const MAX_SEGMENTS = 1000;
const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

export const manifestSchema = z
  .array(
    z.object({
      path: z.string().min(1),
      etag: z.string().nullable().optional(),
      size_bytes: z.number().int().nonnegative().nullable().optional(),
      range: z.string().optional(),
    }),
  )
  .min(1)
  .max(MAX_SEGMENTS);

/** The body of a manifest PUT, read as it arrives up to the manifest limit. */
async function readManifest(c: Ctx): Promise<unknown> {
  const reader = streamedBody(c).stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_MANIFEST_BYTES) {
      await reader.cancel();
      throw quotaExceeded();
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw badRequest("Manifest must be valid JSON.\n");
  }
}

export async function putManifest(c: Ctx, d: Deps, projectId: string, container: string, name: string): Promise<Response> {
  const { kernel } = d;
  const parsed = manifestSchema.safeParse(await readManifest(c));
  if (!parsed.success) throw badRequest("Manifest must be a list of 1 to 1000 segments, each with a path, and optional etag and size_bytes.");
  const now = kernel.clock.now();
  const errors: string[] = [];
  const parts: BlobRef[] = [];
  const segments: ManifestSegment[] = [];
  const md5 = createHash("md5");
  let size = 0;
  parsed.data.forEach((entry, i) => {
    if (entry.range !== undefined) {
      errors.push(`${entry.path}, Ranges are not supported by this emulator`);
      return;
    }
    const path = entry.path.replace(/^\//, "");
    const slash = path.indexOf("/");
    // each segment is HEADed as the caller (Swift's slo): what the caller may not read is its 401/403
    if (path.includes("\0")) return void errors.push(`/${path}, 412 Precondition Failed`);
    if (slash > 0 && !mayUse(c, d, projectId, path.slice(0, slash), "read")) return void errors.push(`/${path}, ${refusalStatus(c)}`);
    const segContainer = slash > 0 ? findContainer(d.state(), projectId, path.slice(0, slash)) : undefined;
    const segment = segContainer && resolveObject(d.state(), projectId, segContainer, path.slice(slash + 1), now);
    if (!segment) return void errors.push(`/${path}, 404 Not Found`);
    if (entry.etag && entry.etag.replace(/"/g, "") !== segment.etag) errors.push(`/${path}, Etag Mismatch`);
    if (entry.size_bytes !== undefined && entry.size_bytes !== null && entry.size_bytes !== segment.size) errors.push(`/${path}, Size Mismatch`);
    if (segment.size < 1 && i < parsed.data.length - 1) errors.push(`/${path}, Too Small; each segment must be at least 1 byte.`);
    parts.push(...segment.parts);
    segments.push({ name: `/${path}`, hash: segment.etag, bytes: segment.size, contentType: segment.contentType, lastModified: segment.modifiedAt });
    md5.update(segment.etag);
    size += segment.size;
  });
  if (errors.length) throw badRequest(`Errors:\n${errors.join("\n")}`);
  const metadata = metaHeaders(c, "x-object-meta-");
  checkMetadata(metadata);
  const expiry = deleteAt(c, now);
  const etag = md5.digest("hex");
  const mustBeNew = checkPutConditions(c, false);
  const record = write(c, d, (s, w) =>
    writeObject(s, w, projectId, container, {
      name,
      parts,
      size,
      etag,
      contentType: requestHeader(c, "content-type") || guessContentType(name),
      metadata,
      headers: storedHeaders(c),
      deleteAt: expiry,
      slo: segments,
      mustBeNew,
    }),
  );
  return empty(c, kernel, 201, { etag: `"${record.etag}"`, "last-modified": httpDate(record.modifiedAt) });
}

/** `?multipart-manifest=get`: the segments as JSON */
export function manifestListing(c: Ctx, kernel: Kernel, object: ResolvedObject): Response {
  const body = JSON.stringify(
    object.slo!.map((s) => ({ name: s.name, hash: s.hash, bytes: s.bytes, content_type: s.contentType, last_modified: listingDate(s.lastModified) })),
  );
  const headers = {
    ...dateHeader(kernel),
    "content-type": "application/json; charset=utf-8",
    etag: object.etag,
    "x-static-large-object": "True",
    "last-modified": httpDate(object.modifiedAt),
  };
  if (c.req.method === "HEAD") return c.body(null, 200, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  return c.body(body, 200, headers);
}

/** `?multipart-manifest=delete`: the manifest and its segments; any other object is deleted alone (204). */
export function deleteManifest(c: Ctx, d: Deps, projectId: string, container: string, name: string): Response {
  const { kernel } = d;
  const errors: string[][] = [];
  const outcome = write(c, d, (s, w) => {
    const manifest = deleteObject(s, w, projectId, container, name);
    if (!manifest.slo) return undefined;
    let deleted = 1;
    let missing = 0;
    for (const segment of manifest.slo) {
      const path = segment.name.slice(1);
      const slash = path.indexOf("/");
      let target;
      try {
        target = liveObject(containerOf(s, projectId, path.slice(0, slash)), path.slice(slash + 1), w.now);
      } catch {
        target = undefined;
      }
      if (!target) {
        missing++;
        continue;
      }
      // each segment is deleted as the caller (Swift's slo uses bulk delete's subrequests)
      if (!mayUse(c, d, projectId, path.slice(0, slash), "write")) {
        errors.push([segment.name, refusalStatus(c)]);
        continue;
      }
      deleteObject(s, w, projectId, path.slice(0, slash), path.slice(slash + 1));
      deleted++;
    }
    return { deleted, missing };
  });
  if (!outcome) return empty(c, kernel, 204);
  const status = errors.length ? "400 Bad Request" : "200 OK";
  const result = { "Number Deleted": outcome.deleted, "Number Not Found": outcome.missing, "Response Status": status, "Response Body": "", Errors: errors };
  return bulkAnswer(c, kernel, result);
}

// Multipart uploads: create, upload part (a blob per part, replacing a part of the same number), list
// parts, complete (the parts in ascending order, each but the last at least 5 MiB, matching ETags; the
// object is the parts' blobs in order, ETag `<md5 of md5s>-N`), abort, list uploads.

import type { OperationContext } from "../../../kernel/operation.js";
import type { BlobRef } from "../../../kernel/blobs/types.js";
import { dictDelete, dictSet } from "../../../kernel/store/dict.js";
import { emptyTable, filter, get, put, remove, values } from "../../../kernel/store/table.js";
import { compositeChecksum, crcCombine, type Algorithm } from "../checksums.js";
import type { StoredChecksum } from "../payload-checksum.js";
import { withChecksum, type ChecksumType } from "./object-headers.js";
import { badChecksum, invalidRequest, entityTooSmall, invalidPart, invalidPartNumber, invalidPartOrder, malformedXml, noSuchUpload } from "../errors.js";
import { bucketKey, uploadIdsOf, type S3State, type Upload, type UploadPart } from "../state.js";
import type { S3Storage, StoredObject } from "../storage.js";
import { requireBucket } from "./buckets.js";
import { multipartEtag } from "./objects.js";

export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PARTS = 10000;

/** Frees blobs once the update commits (never before: a refused update keeps them referenced). */
export type FreeBlobs = (ctx: OperationContext, ids: string[]) => void;

export function partNumberOf(value: string | undefined): number {
  const n = Number(value);
  if (!value || !/^\d+$/.test(value) || n < 1 || n > MAX_PARTS) throw invalidPartNumber();
  return n;
}

export function createUpload(
  storage: S3Storage,
  s: S3State,
  ctx: OperationContext,
  input: Pick<Upload, "projectId" | "bucket" | "key" | "contentType" | "metadata" | "headers" | "checksum">,
): Upload {
  requireBucket(storage, ctx.root, input.projectId, input.bucket);
  const upload: Upload = { id: ctx.ids.secret(), ...input, initiated: ctx.now, initiatorId: ctx.caller.userId, parts: emptyTable() };
  put(s.uploads, upload);
  dictSet(s.uploadsByBucket, bucketKey(upload.projectId, upload.bucket), [...uploadIdsOf(s, upload.projectId, upload.bucket), upload.id]);
  return upload;
}

/** Takes an upload out of the table and out of its bucket's index. */
function dropUpload(s: S3State, upload: Upload): void {
  remove(s.uploads, upload.id);
  const rest = uploadIdsOf(s, upload.projectId, upload.bucket).filter((id) => id !== upload.id);
  const key = bucketKey(upload.projectId, upload.bucket);
  if (rest.length) dictSet(s.uploadsByBucket, key, rest);
  else dictDelete(s.uploadsByBucket, key);
}

/** The upload, if it is this project's for this bucket and key. */
export function requireUpload(s: S3State, projectId: string, bucket: string, key: string, uploadId: string): Upload {
  const upload = get(s.uploads, uploadId);
  if (!upload || upload.projectId !== projectId || upload.bucket !== bucket || upload.key !== key) throw noSuchUpload(uploadId);
  return upload;
}

export function putPart(
  s: S3State,
  ctx: OperationContext,
  free: FreeBlobs,
  at: { projectId: string; bucket: string; key: string; uploadId: string },
  number: number,
  data: BlobRef,
  checksum?: string,
  crc64?: string,
): void {
  const upload = requireUpload(s, at.projectId, at.bucket, at.key, at.uploadId);
  const previous = get(upload.parts, String(number));
  put(upload.parts, { id: String(number), number, data, lastModified: ctx.now, ...(checksum === undefined ? {} : { checksum }), ...(crc64 === undefined ? {} : { crc64 }) });
  if (previous) free(ctx, [previous.data.id]);
}

export function sortedParts(upload: Upload): UploadPart[] {
  return values(upload.parts).sort((a, b) => a.number - b.number);
}

/** The parts a CompleteMultipartUpload body names, in its order. */
export interface RequestedPart {
  number: number;
  etag: string;
  /** the part's checksum as the body names it (ChecksumCRC32...), compared with the part's own */
  checksum?: string;
}

/** What the completing request says of the whole object: its checksum, its size (x-amz-mp-object-size). */
export interface CompleteExpectations {
  checksum?: string;
  size?: number;
}

export function completeUpload(
  storage: S3Storage,
  s: S3State,
  ctx: OperationContext,
  free: FreeBlobs,
  at: { projectId: string; bucket: string; key: string; uploadId: string },
  requested: RequestedPart[],
  expect: CompleteExpectations = {},
): StoredObject {
  const upload = requireUpload(s, at.projectId, at.bucket, at.key, at.uploadId);
  requireBucket(storage, ctx.root, at.projectId, at.bucket);
  if (requested.length === 0) throw malformedXml();
  const chosen: UploadPart[] = [];
  requested.forEach((want, i) => {
    if (i > 0 && want.number <= requested[i - 1]!.number) throw invalidPartOrder();
    const part = get(upload.parts, String(want.number));
    if (!part || part.data.md5 !== want.etag.replace(/^"|"$/g, "").toLowerCase()) throw invalidPart(want.number);
    if (want.checksum !== undefined && want.checksum !== part.checksum) throw invalidPart(want.number);
    chosen.push(part);
  });
  chosen.forEach((part, i) => {
    if (i < chosen.length - 1 && part.data.size < MIN_PART_SIZE) throw entityTooSmall();
  });
  const size = chosen.reduce((sum, p) => sum + p.data.size, 0);
  if (expect.size !== undefined && expect.size !== size) throw invalidRequest(`The provided 'x-amz-mp-object-size' header value ${expect.size} does not match what was computed: ${size}`);
  // without an algorithm, S3's default: the CRC64NVME of the whole object, joined from the parts' (when every
  // part has one: parts from an older snapshot may not)
  const checksum = upload.checksum
    ? objectChecksum(upload.checksum.algorithm, upload.checksum.type, chosen)
    : chosen.every((p) => p.crc64 !== undefined)
      ? objectChecksum("CRC64NVME", "FULL_OBJECT", chosen.map((p) => ({ ...p, checksum: p.crc64 })))
      : undefined;
  if (checksum && expect.checksum !== undefined && expect.checksum !== checksum.value) throw badChecksum(checksum.algorithm);
  const object = storage.putObject(ctx, at.projectId, at.bucket, {
    key: at.key,
    etag: multipartEtag(chosen.map((p) => p.data.md5)),
    contentType: upload.contentType,
    metadata: upload.metadata,
    headers: withChecksum(upload.headers, checksum, upload.checksum?.type ?? "FULL_OBJECT", upload.id),
    parts: chosen.map((p) => p.data),
  });
  const used = new Set(chosen.map((p) => p.id));
  free(ctx, values(upload.parts).filter((p) => !used.has(p.id)).map((p) => p.data.id));
  dropUpload(s, upload);
  return object;
}

/** COMPOSITE: the algorithm over the parts' digests, `-N`; FULL_OBJECT: the CRC of all the bytes, joined from the parts'. */
function objectChecksum(algorithm: Algorithm, type: ChecksumType, parts: UploadPart[]): StoredChecksum {
  const sums = parts.map((p) => p.checksum!);
  if (type === "COMPOSITE") return { algorithm, value: compositeChecksum(algorithm, sums) };
  let value = sums[0]!;
  for (let i = 1; i < parts.length; i++) value = crcCombine(algorithm, value, sums[i]!, parts[i]!.data.size);
  return { algorithm, value };
}

export function abortUpload(s: S3State, ctx: OperationContext, free: FreeBlobs, at: { projectId: string; bucket: string; key: string; uploadId: string }): void {
  const upload = requireUpload(s, at.projectId, at.bucket, at.key, at.uploadId);
  free(ctx, values(upload.parts).map((p) => p.data.id));
  dropUpload(s, upload);
}

/** A bucket's uploads in progress, by key then initiation (S3's order). */
export function uploadsOf(s: S3State, projectId: string, bucket: string, prefix: string): Upload[] {
  return uploadIdsOf(s, projectId, bucket).map((id) => get(s.uploads, id)!).filter((u) => u.key.startsWith(prefix)).sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.initiated - b.initiated || (a.id < b.id ? -1 : 1),
  );
}

/** Drops a project's uploads (a per-project reset; the reset frees the project's blobs itself). */
export function dropUploadsOf(s: S3State, projectId: string): void {
  for (const upload of filter(s.uploads, (u) => u.projectId === projectId)) dropUpload(s, upload);
}

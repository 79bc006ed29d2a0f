// What an object keeps besides its bytes and user metadata, and the request headers S3 would act on that
// this endpoint does not implement. Kept: the content headers a GET gives back (Cache-Control,
// Content-Disposition, Content-Encoding, Content-Language, Expires), server-side encryption SSE-S3 (AES256,
// echoed: the bytes are the emulator's memory either way), the additional checksum and its type, and the
// upload a multipart object was completed from. Refused with 501 NotImplemented, never silently ignored:
// SSE-C and SSE-KMS, ACL grants other than the owner's own, object lock, website redirects and
// storage classes other than STANDARD.

import { requestHeader, requestHeaderRecord, type Ctx } from "../../../kernel/http/context.js";
import { algorithmOf, headerOf, type Algorithm } from "../checksums.js";
import { accessDenied, invalidArgument, notImplemented } from "../errors.js";
import type { StoredChecksum } from "../payload-checksum.js";
import type { StoredObject } from "../storage.js";
import { requestedTags, tagCountHeader, withTags } from "./tagging.js";

export const CONTENT_HEADERS = ["cache-control", "content-disposition", "content-encoding", "content-language", "expires"];
export const SSE_HEADER = "x-amz-server-side-encryption";
const SSE = SSE_HEADER;
const CHECKSUM_TYPE = "x-amz-checksum-type";
const UPLOAD_ID = "x-amz-upload-id";
/** canned ACLs that grant no one but the owner anything, which is all this endpoint has */
export const OWNER_ONLY_ACLS = ["private", "bucket-owner-full-control"];

/** Headers that ask for something not implemented here (a prefix ends in `-`). */
const REFUSED = [
  "x-amz-server-side-encryption-customer-", "x-amz-copy-source-server-side-encryption-customer-", "x-amz-server-side-encryption-aws-kms-key-id",
  "x-amz-server-side-encryption-context", "x-amz-grant-", "x-amz-object-lock-", "x-amz-website-redirect-location",
];

/** 501 for a header this endpoint would have to act on and cannot; 403 for another owner's bucket expected. */
export function refuseUnsupportedHeaders(c: Ctx, projectId: string): void {
  for (const name of Object.keys(requestHeaderRecord(c))) {
    const lower = name.toLowerCase();
    if (REFUSED.some((r) => (r.endsWith("-") ? lower.startsWith(r) : lower === r))) throw notImplemented(`the ${lower} header`);
  }
  const acl = requestHeader(c, "x-amz-acl");
  if (acl !== undefined && !OWNER_ONLY_ACLS.includes(acl.trim())) throw notImplemented(`the canned ACL ${acl} (only private is served)`);
  const storageClass = requestHeader(c, "x-amz-storage-class");
  if (storageClass !== undefined && storageClass.trim() !== "STANDARD") throw notImplemented(`the storage class ${storageClass}`);
  const lock = requestHeader(c, "x-amz-bucket-object-lock-enabled");
  if (lock !== undefined && lock.trim().toLowerCase() !== "false") throw notImplemented("object lock (x-amz-bucket-object-lock-enabled)");
  const owner = requestHeader(c, "x-amz-expected-bucket-owner");
  if (owner !== undefined && owner !== projectId) throw accessDenied();
  encryption(c);
}

/** x-amz-server-side-encryption: AES256 (SSE-S3) is kept and echoed; SSE-KMS is not implemented. */
function encryption(c: Ctx): string | undefined {
  const value = requestHeader(c, SSE)?.trim();
  if (value === undefined) return undefined;
  if (value === "AES256") return value;
  if (value.startsWith("aws:kms")) throw notImplemented(`server-side encryption ${value}`);
  throw invalidArgument("The encryption method specified is not supported", SSE, value);
}

/** The content headers, encryption and tags a write asks to keep (aws-chunked is the framing, not the object's encoding). */
export function requestedHeaders(c: Ctx): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of CONTENT_HEADERS) {
    let value = requestHeader(c, name);
    if (name === "content-encoding" && value !== undefined) {
      value = value.split(",").map((v) => v.trim()).filter((v) => v !== "" && v.toLowerCase() !== "aws-chunked").join(",");
    }
    if (value) out[name] = value;
  }
  const sse = encryption(c);
  if (sse) out[SSE] = sse;
  return withTags(out, requestedTags(c) ?? []);
}

export type ChecksumType = "FULL_OBJECT" | "COMPOSITE";

/** The stored headers of an object written with these headers and this checksum. */
export function withChecksum(headers: Record<string, string>, checksum: StoredChecksum | undefined, type: ChecksumType = "FULL_OBJECT", uploadId?: string): Record<string, string> {
  const out = { ...headers };
  if (checksum) {
    out[headerOf(checksum.algorithm)] = checksum.value;
    out[CHECKSUM_TYPE] = type;
  }
  if (uploadId !== undefined) out[UPLOAD_ID] = uploadId;
  return out;
}

/** The object's additional checksum, if it was written with one. */
export function checksumOfObject(o: StoredObject): (StoredChecksum & { type: ChecksumType }) | undefined {
  for (const [name, value] of Object.entries(o.headers)) {
    if (!name.startsWith("x-amz-checksum-") || name === CHECKSUM_TYPE) continue;
    const algorithm = algorithmOf(name) as Algorithm;
    return { algorithm, value, type: (o.headers[CHECKSUM_TYPE] as ChecksumType | undefined) ?? "FULL_OBJECT" };
  }
  return undefined;
}

/** The upload a multipart object was completed from (a second Complete of it answers as the first). */
export const completedUpload = (o: StoredObject) => o.headers[UPLOAD_ID];

/** The headers GET and HEAD answer from what the object keeps; its checksum only when asked (checksum mode). */
export function keptHeaders(o: StoredObject, withChecksumMode: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...CONTENT_HEADERS, SSE]) if (o.headers[name] !== undefined) out[name] = o.headers[name];
  Object.assign(out, tagCountHeader(o));
  const checksum = withChecksumMode ? checksumOfObject(o) : undefined;
  if (checksum) {
    out[headerOf(checksum.algorithm)] = checksum.value;
    out[CHECKSUM_TYPE] = checksum.type;
  }
  return out;
}

/** The headers a write answers with: its encryption, and its checksum (S3 echoes both). */
export function writeAnswerHeaders(o: StoredObject): Record<string, string> {
  const out: Record<string, string> = {};
  if (o.headers[SSE] !== undefined) out[SSE] = o.headers[SSE];
  const checksum = checksumOfObject(o);
  if (checksum) {
    out[headerOf(checksum.algorithm)] = checksum.value;
    out[CHECKSUM_TYPE] = checksum.type;
  }
  return out;
}

/** The named entries of a header record that it has. */
export const pick = (from: Record<string, string>, names: string[]): Record<string, string> =>
  Object.fromEntries(names.filter((n) => from[n] !== undefined).map((n) => [n, from[n]!]));

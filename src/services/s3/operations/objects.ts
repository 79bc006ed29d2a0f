// Objects: what PutObject, GetObject/HeadObject, CopyObject and DeleteObjects decide besides storing
// bytes: user metadata from x-amz-meta-*, the conditional headers (412, 304), the copy source and its
// metadata directive, and the ETag of a multipart object.

import { createHash } from "node:crypto";
import { requestHeader, requestHeaderRecord, type Ctx } from "../../../kernel/http/context.js";
import { ApiError } from "../../../kernel/errors.js";
import {
  conditionalRequestConflict, invalidArgument, invalidRequest, keyTooLong, metadataTooLarge, noSuchKey, notImplemented, preconditionFailed,
} from "../errors.js";
import type { StoredObject } from "../storage.js";

/** S3 keys are at most 1024 bytes of UTF-8. */
export function checkKey(key: string): void {
  if (key === "" || Buffer.byteLength(key) > 1024) throw keyTooLong();
}

/** x-amz-meta-* headers, lower-case names without the prefix (S3 keeps 2 KB of them). */
export function userMetadata(c: Ctx): Record<string, string> {
  const out: Record<string, string> = {};
  let bytes = 0;
  for (const [name, value] of Object.entries(requestHeaderRecord(c))) {
    const lower = name.toLowerCase();
    if (!lower.startsWith("x-amz-meta-")) continue;
    const key = lower.slice("x-amz-meta-".length);
    const kept = fromEncodedWord(value);
    bytes += key.length + kept.length;
    out[key] = kept;
  }
  if (bytes > 2048) throw metadataTooLarge();
  return out;
}

/**
 * Metadata as response headers. A value that is not ASCII is sent as an RFC 2047 encoded word of its UTF-8,
 * as S3 documents ("mail-safe"): bytes past ASCII in a header reach clients differently (Python reads
 * latin1), an encoded word the same everywhere.
 */
export function metadataHeaders(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(metadata).map(([k, v]) => [`x-amz-meta-${k}`, toEncodedWord(v)]));
}

/**
 * A metadata value as kept: the header's bytes (one char per byte, as node reads them, so object storage
 * serves the same), an RFC 2047 `=?UTF-8?B?...?=` word decoded to its UTF-8 first, as S3 decodes it.
 */
function fromEncodedWord(value: string): string {
  const word = /^=\?UTF-8\?B\?([A-Za-z0-9+/]*={0,2})\?=$/i.exec(value.trim());
  return word ? Buffer.from(word[1]!, "base64").toString("latin1") : value;
}

function toEncodedWord(value: string): string {
  if (!/[^\x20-\x7e]/.test(value)) return value;
  const bytes = Buffer.from(value, "latin1");
  // UTF-8 bytes are the text's; others were latin1 text (Python's http.client sends U+0080-U+00FF so)
  const utf8 = Buffer.from(bytes.toString("utf8"), "utf8").equals(bytes) ? bytes : Buffer.from(value, "utf8");
  return `=?UTF-8?B?${utf8.toString("base64")}?=`;
}

export const quoted = (etag: string) => `"${etag}"`;

/** An HTTP date's instant, or undefined when it is none (S3 then ignores the condition). */
function httpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

function etagMatches(header: string, etag: string): boolean {
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === quoted(etag) || tag === etag;
  });
}

/**
 * GetObject's and HeadObject's conditions, in S3's precedence: If-Match (412) wins over
 * If-Unmodified-Since; If-None-Match (304) wins over If-Modified-Since. Returns 304 or undefined.
 */
export function checkConditions(c: Ctx, object: StoredObject, prefix = ""): 304 | undefined {
  const h = (name: string) => requestHeader(c, `${prefix}${name}`);
  const modified = Math.floor(object.lastModified / 1000) * 1000;
  const ifMatch = h("if-match");
  if (ifMatch !== undefined) {
    if (!etagMatches(ifMatch, object.etag)) throw preconditionFailed("If-Match");
  } else {
    const since = httpDate(h("if-unmodified-since"));
    if (since !== undefined && modified > since) throw preconditionFailed("If-Unmodified-Since");
  }
  const ifNoneMatch = h("if-none-match");
  if (ifNoneMatch !== undefined) {
    if (etagMatches(ifNoneMatch, object.etag)) return 304;
  } else {
    const since = httpDate(h("if-modified-since"));
    if (since !== undefined && modified <= since) return 304;
  }
  return undefined;
}

/** A conditional write's headers (PutObject, CompleteMultipartUpload): `If-None-Match: *` or `If-Match: <etag>`. */
export interface WriteCondition {
  ifNoneMatch: boolean;
  ifMatch?: string;
}

/** The write's condition; S3 takes only `*` for If-None-Match (anything else is NotImplemented). */
export function writeCondition(c: Ctx): WriteCondition {
  const ifNoneMatch = requestHeader(c, "if-none-match")?.trim();
  if (ifNoneMatch !== undefined && ifNoneMatch !== "*") throw notImplemented("If-None-Match with a value other than *");
  return { ifNoneMatch: ifNoneMatch === "*", ifMatch: requestHeader(c, "if-match") };
}

/**
 * Whether the object the write would replace meets its condition: If-None-Match `*` only when there is none
 * (412), If-Match only when there is one (404 NoSuchKey) with that ETag (412).
 */
export function checkWriteCondition(condition: WriteCondition, key: string, existing: StoredObject | undefined): void {
  if (condition.ifNoneMatch && existing) throw preconditionFailed("If-None-Match");
  if (condition.ifMatch === undefined) return;
  if (!existing) throw noSuchKey(key);
  if (!etagMatches(condition.ifMatch, existing.etag)) throw preconditionFailed("If-Match");
}

/**
 * The condition checked again at commit, in the store update that writes: it held when the request began
 * (checked before its body was read), so a failure now means another write got in meanwhile, which S3
 * answers 409 ConditionalRequestConflict. Of concurrent conditional writes exactly one commits.
 */
export function recheckWriteCondition(condition: WriteCondition, key: string, existing: StoredObject | undefined): void {
  try {
    checkWriteCondition(condition, key, existing);
  } catch (error) {
    if (error instanceof ApiError) throw conditionalRequestConflict();
    throw error;
  }
}

/** CopyObject's conditions (x-amz-copy-source-if-*): each failing one is a 412. */
export function checkCopyConditions(c: Ctx, source: StoredObject): void {
  if (checkConditions(c, source, "x-amz-copy-source-") === 304) throw preconditionFailed("x-amz-copy-source-If-None-Match");
}

/** `x-amz-copy-source: /bucket/key` or `bucket/key` (URL-encoded, `?versionId=` refused). */
export function copySource(header: string): { bucket: string; key: string } {
  const [path, query] = header.split("?", 2);
  if (query !== undefined && /(^|&)versionId=/.test(query) && !/versionId=null(&|$)/.test(query)) {
    throw invalidRequest("Versioning is not enabled here: a copy source's versionId must be null.");
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(path!.replace(/^\//, ""));
  } catch {
    throw invalidArgument("Invalid copy source encoding", "x-amz-copy-source", header);
  }
  if (decoded.includes("\0")) throw invalidArgument("Object key names may not contain the NUL character (U+0000).");
  const slash = decoded.indexOf("/");
  if (slash <= 0 || slash === decoded.length - 1) throw invalidArgument("Invalid copy source object key", "x-amz-copy-source", header);
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1) };
}

/** `<md5 of the parts' binary md5s>-<N>`, the ETag S3 gives a completed multipart upload. */
export function multipartEtag(partMd5s: string[]): string {
  const hash = createHash("md5");
  for (const md5 of partMd5s) hash.update(Buffer.from(md5, "hex"));
  return `${hash.digest("hex")}-${partMd5s.length}`;
}

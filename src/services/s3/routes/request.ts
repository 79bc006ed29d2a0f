// What every S3 handler reads of a request: the bucket and key of a path-style URL (the key decoded once,
// from the target as sent), query flags (`?uploads` has no value), small XML bodies (their
// x-amz-content-sha256 and Content-MD5 checked), and XML answers with S3's content type.

import { createHash } from "node:crypto";
import { queryParam, requestHeader, requestTarget, type Ctx } from "../../../kernel/http/context.js";
import { readText } from "../../../kernel/http/body.js";
import { badDigest, invalidArgument, invalidDigest, notImplemented, sha256Mismatch } from "../errors.js";
import { parseXml, type Element } from "../xml-reader.js";

export const MOUNT = "/s3";

/**
 * `/s3/<bucket>/<key>`: the key as the client encoded it, decoded once (a `+` stays a plus; `.` and `..`
 * segments are the key's own). A key with NUL is refused: no XML document (a listing, an error naming the
 * key) can carry U+0000, and object storage, which holds the same objects, refuses it too.
 */
export function keyOf(c: Ctx): string {
  const target = requestTarget(c);
  const path = target.split("?", 1)[0]!.slice(MOUNT.length + 1);
  const key = decodeURIComponent(path.slice(path.indexOf("/") + 1));
  if (key.includes("\0")) throw invalidArgument("Object key names may not contain the NUL character (U+0000).");
  return key;
}

export function bucketOf(c: Ctx): string {
  return c.req.param("bucket")!;
}

export const has = (c: Ctx, name: string) => queryParam(c, name) !== undefined;
/** A query parameter; NUL is refused here as in keys (a listing echoes its prefix and markers). */
export function query(c: Ctx, name: string): string | undefined {
  const value = queryParam(c, name);
  if (value?.includes("\0")) throw invalidArgument(`The ${name} parameter may not contain the NUL character (U+0000).`);
  return value;
}

/** Subresources this endpoint does not implement: a 501 NotImplemented, never a 500 or a silent success. */
const UNSUPPORTED = [
  "policy", "policyStatus", "versioning", "versions", "tagging", "lifecycle", "cors", "website", "logging", "notification",
  "replication", "encryption", "object-lock", "ownershipControls", "publicAccessBlock", "accelerate", "requestPayment",
  "analytics", "metrics", "inventory", "intelligent-tiering", "torrent", "retention", "legal-hold", "attributes", "restore",
  "select", "select-type", "versionId",
];

export function refuseUnsupported(c: Ctx): void {
  const url = c.req.url;
  if (!url.includes("?")) return;
  for (const name of UNSUPPORTED) {
    if (name === "versionId" ? (queryParam(c, name) ?? "null") !== "null" : has(c, name)) throw notImplemented(`?${name}`);
  }
}

export function xml(c: Ctx, body: string, status = 200, headers: Record<string, string> = {}): Response {
  return c.body(body, status as 200, { "content-type": "application/xml", ...headers });
}

/**
 * A small XML body (DeleteObjects, CompleteMultipartUpload, CreateBucketConfiguration), checked against its
 * declared hashes; `maxElements` bounds the document (xml-reader.ts).
 */
export async function readXml(c: Ctx, maxElements: number, maxBytes?: number): Promise<Element | undefined> {
  const text = await readText(c, maxBytes);
  const declared = requestHeader(c, "x-amz-content-sha256");
  if (declared && /^[0-9a-f]{64}$/i.test(declared)) {
    const actual = createHash("sha256").update(text, "utf8").digest("hex");
    if (actual !== declared.toLowerCase()) throw sha256Mismatch(declared, actual);
  }
  const md5 = requestHeader(c, "content-md5");
  if (md5 !== undefined) {
    const bytes = Buffer.from(md5, "base64");
    if (bytes.length !== 16) throw invalidDigest();
    if (createHash("md5").update(text, "utf8").digest("hex") !== bytes.toString("hex")) throw badDigest();
  }
  return text.trim() === "" ? undefined : parseXml(text, maxElements);
}

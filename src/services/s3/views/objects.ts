// Object documents: ListBucketResult (V1 and V2, with encoding-type=url), CopyObjectResult, DeleteResult.

import { uriEncode } from "../../../kernel/auth/sigv4.js";
import type { ListPage } from "../operations/listing.js";
import type { ListedObject } from "../storage.js";
import { xmlDocument, type Node } from "../xml.js";
import { ownerNode, s3Time } from "./buckets.js";

export interface ListView {
  bucket: string;
  projectId: string;
  prefix: string;
  delimiter: string;
  maxKeys: number;
  /** encoding-type=url: keys and prefixes percent-encoded (slashes kept) */
  url: boolean;
}

const encoder = (url: boolean) => (text: string) => (url ? uriEncode(text).replaceAll("%2F", "/") : text);

function contents(o: ListedObject, enc: (s: string) => string, owner?: string): Node {
  return [
    "Contents",
    [
      ["Key", enc(o.key)],
      ["LastModified", s3Time(o.lastModified)],
      ["ETag", `"${o.etag}"`],
      ["Size", o.size],
      owner !== undefined && ownerNode(owner),
      ["StorageClass", "STANDARD"],
    ],
  ];
}

function common(view: ListView, page: ListPage, enc: (s: string) => string): Array<Node | false> {
  return [
    ...page.contents.map((o) => contents(o, enc, view.projectId)),
    ...page.commonPrefixes.map((p): Node => ["CommonPrefixes", [["Prefix", enc(p)]]]),
  ];
}

export function listV1View(view: ListView, page: ListPage, marker: string): string {
  const enc = encoder(view.url);
  return xmlDocument("ListBucketResult", [
    ["Name", view.bucket],
    // V1 leaves Prefix as given even with encoding-type=url (botocore decodes only Delimiter, Marker,
    // NextMarker, Key and CommonPrefixes there; an encoded one would come back altered)
    ["Prefix", view.prefix],
    ["Marker", enc(marker)],
    // S3 names the next marker only with a delimiter; without one clients take the last key
    page.truncated && view.delimiter !== "" && page.last !== undefined && ["NextMarker", enc(page.last)],
    ["MaxKeys", view.maxKeys],
    view.delimiter !== "" && ["Delimiter", enc(view.delimiter)],
    view.url && ["EncodingType", "url"],
    ["IsTruncated", page.truncated],
    ...common(view, page, enc),
  ]);
}

export function listV2View(view: ListView, page: ListPage, extra: { token?: string; nextToken?: string; startAfter?: string; fetchOwner: boolean }): string {
  const enc = encoder(view.url);
  return xmlDocument("ListBucketResult", [
    ["Name", view.bucket],
    ["Prefix", enc(view.prefix)],
    view.delimiter !== "" && ["Delimiter", enc(view.delimiter)],
    ["MaxKeys", view.maxKeys],
    view.url && ["EncodingType", "url"],
    ["KeyCount", page.contents.length + page.commonPrefixes.length],
    ["IsTruncated", page.truncated],
    extra.token !== undefined && ["ContinuationToken", extra.token],
    page.truncated && extra.nextToken !== undefined && ["NextContinuationToken", extra.nextToken],
    extra.startAfter !== undefined && ["StartAfter", enc(extra.startAfter)],
    ...page.contents.map((o) => contents(o, enc, extra.fetchOwner ? view.projectId : undefined)),
    ...page.commonPrefixes.map((p): Node => ["CommonPrefixes", [["Prefix", enc(p)]]]),
  ]);
}

/**
 * ListObjectVersions of an unversioned bucket, as S3 answers it: each object its only version, VersionId
 * `null`, IsLatest; paged by key-marker like V1 (version-id-marker can only be `null`).
 */
export function listVersionsView(view: ListView, page: ListPage, keyMarker: string, versionMarker: string): string {
  const enc = encoder(view.url);
  return xmlDocument("ListVersionsResult", [
    ["Name", view.bucket],
    ["Prefix", enc(view.prefix)],
    ["KeyMarker", enc(keyMarker)],
    ["VersionIdMarker", versionMarker],
    page.truncated && page.last !== undefined && ["NextKeyMarker", enc(page.last)],
    page.truncated && page.last !== undefined && ["NextVersionIdMarker", "null"],
    ["MaxKeys", view.maxKeys],
    view.delimiter !== "" && ["Delimiter", enc(view.delimiter)],
    view.url && ["EncodingType", "url"],
    ["IsTruncated", page.truncated],
    ...page.contents.map((o): Node => [
      "Version",
      [["Key", enc(o.key)], ["VersionId", "null"], ["IsLatest", true], ["LastModified", s3Time(o.lastModified)], ["ETag", `"${o.etag}"`], ["Size", o.size], ownerNode(view.projectId), ["StorageClass", "STANDARD"]],
    ]),
    ...page.commonPrefixes.map((p): Node => ["CommonPrefixes", [["Prefix", enc(p)]]]),
  ]);
}

/** `checksum`: the copy's (CopyObject) or the part's (UploadPartCopy), as S3 names it in the result. */
export function copyResultView(root: "CopyObjectResult" | "CopyPartResult", etag: string, lastModified: number, checksum?: { algorithm: string; value: string; type?: string }): string {
  return xmlDocument(root, [
    ["LastModified", s3Time(lastModified)],
    ["ETag", `"${etag}"`],
    checksum && [`Checksum${checksum.algorithm}`, checksum.value],
    checksum?.type !== undefined && ["ChecksumType", checksum.type],
  ]);
}

export interface DeleteOutcome {
  deleted: string[];
  errors: Array<{ key: string; code: string; message: string }>;
}

export function deleteResultView(outcome: DeleteOutcome, quiet: boolean): string {
  return xmlDocument("DeleteResult", [
    ...(quiet ? [] : outcome.deleted.map((key): Node => ["Deleted", [["Key", key]]])),
    ...outcome.errors.map((e): Node => ["Error", [["Key", e.key], ["Code", e.code], ["Message", e.message]]]),
  ]);
}

export function taggingView(tags: Array<[string, string]>): string {
  return xmlDocument("Tagging", [["TagSet", tags.map(([key, value]): Node => ["Tag", [["Key", key], ["Value", value]]])]]);
}

// Multipart documents: InitiateMultipartUploadResult, ListPartsResult, CompleteMultipartUploadResult,
// ListMultipartUploadsResult.

import type { Upload, UploadPart } from "../state.js";
import type { StoredChecksum } from "../payload-checksum.js";
import { xmlDocument, type Node } from "../xml.js";
import { ownerNode, s3Time } from "./buckets.js";

export function initiateView(upload: Upload): string {
  return xmlDocument("InitiateMultipartUploadResult", [["Bucket", upload.bucket], ["Key", upload.key], ["UploadId", upload.id]]);
}

export function listPartsView(upload: Upload, parts: UploadPart[], marker: number, maxParts: number, truncated: boolean): string {
  return xmlDocument("ListPartsResult", [
    ["Bucket", upload.bucket],
    ["Key", upload.key],
    ["UploadId", upload.id],
    ["Initiator", [["ID", upload.initiatorId], ["DisplayName", upload.initiatorId]]],
    ownerNode(upload.projectId),
    ["StorageClass", "STANDARD"],
    upload.checksum && ["ChecksumAlgorithm", upload.checksum.algorithm],
    upload.checksum && ["ChecksumType", upload.checksum.type],
    ["PartNumberMarker", marker],
    truncated && parts.length > 0 && ["NextPartNumberMarker", parts[parts.length - 1]!.number],
    ["MaxParts", maxParts],
    ["IsTruncated", truncated],
    ...parts.map((p): Node => ["Part", [["PartNumber", p.number], ["LastModified", s3Time(p.lastModified)], ["ETag", `"${p.data.md5}"`], ["Size", p.data.size], upload.checksum && p.checksum !== undefined && [`Checksum${upload.checksum.algorithm}`, p.checksum]]]),
  ]);
}

export function completeView(location: string, bucket: string, key: string, etag: string, checksum?: StoredChecksum & { type: string }): string {
  return xmlDocument("CompleteMultipartUploadResult", [
    ["Location", location],
    ["Bucket", bucket],
    ["Key", key],
    ["ETag", `"${etag}"`],
    checksum && [`Checksum${checksum.algorithm}`, checksum.value],
    checksum && ["ChecksumType", checksum.type],
  ]);
}

export function listUploadsView(bucket: string, prefix: string, keyMarker: string, uploadIdMarker: string, maxUploads: number, uploads: Upload[], truncated: boolean): string {
  const last = uploads[uploads.length - 1];
  return xmlDocument("ListMultipartUploadsResult", [
    ["Bucket", bucket],
    ["KeyMarker", keyMarker],
    ["UploadIdMarker", uploadIdMarker],
    truncated && last !== undefined && ["NextKeyMarker", last.key],
    truncated && last !== undefined && ["NextUploadIdMarker", last.id],
    ["Prefix", prefix],
    ["MaxUploads", maxUploads],
    ["IsTruncated", truncated],
    ...uploads.map((u): Node => [
      "Upload",
      [
        ["Key", u.key],
        ["UploadId", u.id],
        ["Initiator", [["ID", u.initiatorId], ["DisplayName", u.initiatorId]]],
        ownerNode(u.projectId),
        ["StorageClass", "STANDARD"],
        ["Initiated", s3Time(u.initiated)],
      ],
    ]),
  ]);
}

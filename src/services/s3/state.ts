// S3's own slice: multipart uploads in progress (their parts are blobs until Complete hands them to the
// object, or Abort frees them). Buckets and objects are object storage's.

import type { BlobRef } from "../../kernel/blobs/types.js";
import type { Algorithm } from "./checksums.js";
import type { ChecksumType } from "./operations/object-headers.js";
import { emptyDict, dictGet, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, type Table } from "../../kernel/store/table.js";

export interface UploadPart {
  /** the part number, as a string */
  id: string;
  number: number;
  data: BlobRef;
  lastModified: number;
  /** base64: the part's checksum in the upload's algorithm, or in the one its request named */
  checksum?: string;
  /** base64: an upload without an algorithm keeps each part's CRC64NVME (the object's default checksum) */
  crc64?: string;
}

export interface Upload {
  /** the UploadId */
  id: string;
  projectId: string;
  bucket: string;
  key: string;
  initiated: number;
  initiatorId: string;
  contentType: string;
  metadata: Record<string, string>;
  /** content headers and encryption the object will keep (operations/object-headers.ts) */
  headers: Record<string, string>;
  /** x-amz-checksum-algorithm and -type of CreateMultipartUpload: each part is computed with it */
  checksum?: { algorithm: Algorithm; type: ChecksumType };
  parts: Table<UploadPart>;
}

export interface S3State {
  uploads: Table<Upload>;
  /** `bucketKey(project, bucket)` -> the ids of its uploads in progress: listing one bucket's never scans all */
  uploadsByBucket: Dict<string[]>;
}

export const bucketKey = (projectId: string, bucket: string) => `${projectId}/${bucket}`;

/** The ids of a bucket's uploads in progress. */
export const uploadIdsOf = (s: S3State, projectId: string, bucket: string): readonly string[] =>
  dictGet(s.uploadsByBucket, bucketKey(projectId, bucket)) ?? [];

export const SLICE = "s3";

export function initialS3State(): S3State {
  return { uploads: emptyTable(), uploadsByBucket: emptyDict() };
}

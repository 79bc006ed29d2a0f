// S3's own slice: multipart uploads in progress (their parts are blobs until Complete hands them to the
// object, or Abort frees them). Buckets and objects are object storage's.

import type { BlobRef } from "../../kernel/blobs/types.js";
import { emptyTable, type Table } from "../../kernel/store/table.js";

export interface UploadPart {
  /** the part number, as a string */
  id: string;
  number: number;
  data: BlobRef;
  lastModified: number;
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
  parts: Table<UploadPart>;
}

export interface S3State {
  uploads: Table<Upload>;
}

export const SLICE = "s3";

export function initialS3State(): S3State {
  return { uploads: emptyTable() };
}

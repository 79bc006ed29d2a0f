// The object storage slice (Swift v1): accounts (one per project, made on first write), their containers
// and objects, each level a SortedMap so listings come in byte order of names at O(log n + page). Bytes
// live in the kernel's blob store: an object keeps the refs of its parts, and `blobUses` counts how many
// objects share each blob (a copy, a static large object, an S3 multipart upload share refs, not bytes).

import type { BlobRef } from "../../kernel/blobs/types.js";
import { emptyDict, type Dict } from "../../kernel/store/dict.js";
import { emptyTable, type Table } from "../../kernel/store/table.js";
import type { SortedMap } from "./sorted-map.js";

export const SLICE = "object-storage";

/** One segment of a static large object, as `?multipart-manifest=get` shows it. */
export interface ManifestSegment {
  /** `/container/object` */
  name: string;
  hash: string;
  bytes: number;
  contentType: string;
  lastModified: number;
}

export interface ObjectRecord {
  name: string;
  /** the bytes, in order (one blob for a plain upload, several for a large object) */
  parts: BlobRef[];
  size: number;
  /** hex MD5 of the bytes, or of the segments' etags for a manifest (then shown in quotes) */
  etag: string;
  contentType: string;
  /** X-Object-Meta-* (and S3's x-amz-meta-*): lower-case names without the prefix */
  metadata: Record<string, string>;
  /** Content-Disposition, Content-Encoding, as given */
  headers: Record<string, string>;
  /** epoch ms of the last PUT/POST (X-Timestamp, Last-Modified) */
  modifiedAt: number;
  /** epoch ms; the object is gone from then on */
  deleteAt?: number;
  /** a static large object's segments */
  slo?: ManifestSegment[];
  /** a dynamic large object's `container/prefix` (X-Object-Manifest): its bytes are read at GET time */
  dlo?: string;
}

export interface Container {
  name: string;
  createdAt: number;
  /** X-Container-Meta-* (Quota-Bytes and Quota-Count among them), lower-case names without the prefix */
  metadata: Record<string, string>;
  /** X-Container-Read / X-Container-Write ACLs */
  read?: string;
  write?: string;
  /** X-Versions-Location (stack) or X-History-Location (history): where overwritten objects are kept */
  versions?: { location: string; mode: "stack" | "history" };
  objectCount: number;
  bytesUsed: number;
  objects: SortedMap<ObjectRecord>;
}

export interface Account {
  /** the project id */
  id: string;
  createdAt: number;
  /** X-Account-Meta-*, lower-case names without the prefix (Temp-URL-Key, Quota-Bytes among them) */
  metadata: Record<string, string>;
  objectCount: number;
  bytesUsed: number;
  containers: SortedMap<Container>;
}

export interface ObjectStorageState {
  accounts: Table<Account>;
  /** blob id -> how many objects refer to it; at zero the blob is freed */
  blobUses: Dict<number>;
}

export function initialObjectStorageState(): ObjectStorageState {
  return { accounts: emptyTable(), blobUses: emptyDict() };
}

export const sliceOf = (root: Readonly<Record<string, unknown>>) => root[SLICE] as ObjectStorageState;

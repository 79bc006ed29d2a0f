// What S3 needs of object storage: buckets are a project's Swift containers and objects the same objects
// (an object may be several blobs in order: a completed multipart upload is its parts, never copied).
// swift-storage.ts implements it over object-storage/for-s3.ts, the only place S3 reaches object storage.

import type { Readable } from "node:stream";
import type { BlobRef } from "../../kernel/blobs/types.js";
import type { OperationContext } from "../../kernel/operation.js";

type Root = Readonly<Record<string, unknown>>;

export interface StoredBucket {
  name: string;
  createdAt: number;
  objectCount: number;
}

export interface StoredObject {
  key: string;
  size: number;
  /** the ETag without quotes: the MD5 hex, or `<md5 of the parts' md5s>-<N>` */
  etag: string;
  lastModified: number;
  contentType: string;
  /** user metadata, lower-case names without their prefix (S3 x-amz-meta-*, Swift X-Object-Meta-*) */
  metadata: Record<string, string>;
  /**
   * Cache-Control, Content-Disposition, Content-Encoding, Content-Language, Expires as given, and S3's own
   * x-amz-* records (checksum, server-side encryption, the upload that completed it), which Swift does not show
   */
  headers: Record<string, string>;
  /** the bytes, in order */
  parts: BlobRef[];
}

export type NewObject = Omit<StoredObject, "lastModified" | "size">;

/** What a listing shows of an object. */
export type ListedObject = Pick<StoredObject, "key" | "size" | "etag" | "lastModified">;

export interface S3Storage {
  listBuckets(root: Root, projectId: string): StoredBucket[];
  findBucket(root: Root, projectId: string, bucket: string): StoredBucket | undefined;
  /** The project holding a bucket of that name, if any does (S3's bucket names are global). */
  bucketOwner(root: Root, bucket: string): string | undefined;
  /** Creates the container (the caller checked it is absent). */
  createBucket(ctx: OperationContext, projectId: string, bucket: string): void;
  /** Deletes the container (the caller checked it exists and is empty). */
  deleteBucket(ctx: OperationContext, projectId: string, bucket: string): void;
  /** Objects in key order (UTF-8 byte order, as S3 and Swift list), after `marker` (exclusive), with `prefix`, at most `limit`. */
  listObjects(root: Root, projectId: string, bucket: string, options: { prefix: string; marker: string; limit: number }): ListedObject[];
  findObject(root: Root, projectId: string, bucket: string, key: string): StoredObject | undefined;
  /**
   * Writes the object (replacing one of that key). The parts are object storage's from then on; if this
   * throws, nothing took them (the caller frees them).
   */
  putObject(ctx: OperationContext, projectId: string, bucket: string, object: NewObject): StoredObject;
  /** Copies an object without copying bytes (the parts are shared); `replace` swaps metadata and content type. */
  copyObject(ctx: OperationContext, projectId: string, from: { bucket: string; key: string }, to: { bucket: string; key: string }, replace?: { metadata: Record<string, string>; contentType: string; headers: Record<string, string> }): StoredObject;
  /** Replaces the object's stored headers, leaving its bytes and Last-Modified (throws NoSuchKey). */
  setHeaders(ctx: OperationContext, projectId: string, bucket: string, key: string, headers: Record<string, string>): void;
  /** Deletes the object if present (its blobs freed once the update commits). */
  deleteObject(ctx: OperationContext, projectId: string, bucket: string, key: string): void;
  /** The object's bytes, or an inclusive range of them, streamed across its parts. */
  read(object: StoredObject, range?: { start: number; end: number }): Readable;
}

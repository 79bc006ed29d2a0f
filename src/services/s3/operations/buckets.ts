// Buckets (ListBuckets, CreateBucket, DeleteBucket, HeadBucket): a project's object storage containers.
// S3's bucket names are global: a name another project holds is BucketAlreadyExists and reaching that
// bucket is AccessDenied (Swift's containers stay per project: one made through Swift may share a name).
// Creating one's own again is BucketAlreadyOwnedByYou, but in us-east-1, where S3 answers 200 (AWS's
// CreateBucket reference: a legacy of that region).

import type { OperationContext } from "../../../kernel/operation.js";
import { accessDenied, bucketAlreadyExists, bucketAlreadyOwnedByYou, bucketNotEmpty, invalidBucketName, noSuchBucket } from "../errors.js";
import { uploadIdsOf, type S3State } from "../state.js";
import type { S3Storage, StoredBucket } from "../storage.js";

type Root = Readonly<Record<string, unknown>>;

/** S3's naming rules for a new bucket: 3-63 of a-z 0-9 . -, starting and ending with a letter or digit, not an IP. */
export function checkBucketName(name: string): void {
  const ok = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name) && !name.includes("..") && !/^\d+\.\d+\.\d+\.\d+$/.test(name);
  if (!ok) throw invalidBucketName(name);
}

export function requireBucket(storage: S3Storage, root: Root, projectId: string, name: string): StoredBucket {
  const bucket = storage.findBucket(root, projectId, name);
  if (bucket) return bucket;
  if (storage.bucketOwner(root, name) !== undefined) throw accessDenied();
  throw noSuchBucket(name);
}

/** false when the project had the bucket already and the region answers that with 200 (us-east-1). */
export function createBucket(storage: S3Storage, ctx: OperationContext, projectId: string, name: string, region: string): boolean {
  checkBucketName(name);
  if (storage.findBucket(ctx.root, projectId, name)) {
    if (region === "us-east-1") return false;
    throw bucketAlreadyOwnedByYou(name);
  }
  if (storage.bucketOwner(ctx.root, name) !== undefined) throw bucketAlreadyExists(name);
  storage.createBucket(ctx, projectId, name);
  return true;
}

/** A bucket with objects, or with uploads in progress, is not empty. */
export function deleteBucket(storage: S3Storage, s: S3State, ctx: OperationContext, projectId: string, name: string): void {
  const bucket = requireBucket(storage, ctx.root, projectId, name);
  if (bucket.objectCount > 0) throw bucketNotEmpty(name);
  if (uploadIdsOf(s, projectId, name).length > 0) throw bucketNotEmpty(name);
  storage.deleteBucket(ctx, projectId, name);
}

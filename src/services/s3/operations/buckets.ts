// Buckets (ListBuckets, CreateBucket, DeleteBucket, HeadBucket): a project's object storage containers.
// Swift containers are per project, so a name another project holds is no conflict here: each project
// has its own namespace (S3's global BucketAlreadyExists cannot happen), and its own again is
// BucketAlreadyOwnedByYou.

import type { OperationContext } from "../../../kernel/operation.js";
import { bucketAlreadyOwnedByYou, bucketNotEmpty, invalidBucketName, noSuchBucket } from "../errors.js";
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
  if (!bucket) throw noSuchBucket(name);
  return bucket;
}

export function createBucket(storage: S3Storage, ctx: OperationContext, projectId: string, name: string): void {
  checkBucketName(name);
  if (storage.findBucket(ctx.root, projectId, name)) throw bucketAlreadyOwnedByYou(name);
  storage.createBucket(ctx, projectId, name);
}

/** A bucket with objects, or with uploads in progress, is not empty. */
export function deleteBucket(storage: S3Storage, s: S3State, ctx: OperationContext, projectId: string, name: string): void {
  const bucket = requireBucket(storage, ctx.root, projectId, name);
  if (bucket.objectCount > 0) throw bucketNotEmpty(name);
  if (uploadIdsOf(s, projectId, name).length > 0) throw bucketNotEmpty(name);
  storage.deleteBucket(ctx, projectId, name);
}

// S3Storage over object storage's contract (object-storage/for-s3.ts): buckets are the project's Swift
// containers and objects the same records, so what one API writes the other reads. Object storage's
// refusals become S3's (ContainerNotFound: NoSuchBucket, ContainerNotEmpty: BucketNotEmpty).

import { ApiError } from "../../kernel/errors.js";
import type { Kernel } from "../../kernel/kernel.js";
import * as swift from "../object-storage/for-s3.js";
import { bucketNotEmpty, noSuchBucket, noSuchKey } from "./errors.js";
import type { S3Storage, StoredObject } from "./storage.js";

const stored = (o: swift.ObjectInfo): StoredObject => ({
  key: o.name,
  size: o.size,
  etag: o.etag,
  lastModified: o.lastModified,
  contentType: o.contentType,
  metadata: o.metadata,
  headers: o.headers,
  parts: o.parts,
});

/** Object storage's refusals in S3's words. */
function translated<R>(bucket: string, run: () => R): R {
  try {
    return run();
  } catch (error) {
    if (error instanceof ApiError && error.code === "ContainerNotFound") throw noSuchBucket(bucket);
    if (error instanceof ApiError && error.code === "ContainerNotEmpty") throw bucketNotEmpty(bucket);
    if (error instanceof ApiError && error.code === "QuotaExceeded") throw new ApiError(413, "QuotaExceeded", error.message);
    throw error;
  }
}

export function swiftStorage(kernel: Kernel): S3Storage {
  const now = () => kernel.clock.now();
  return {
    listBuckets: (root, projectId) => swift.listContainers(root, projectId),
    findBucket: (root, projectId, bucket) => swift.findContainer(root, projectId, bucket),
    bucketOwner: (root, bucket) => swift.containerOwner(root, bucket),
    createBucket: (ctx, projectId, bucket) => void swift.createContainer(kernel, ctx, projectId, bucket),
    deleteBucket: (ctx, projectId, bucket) => {
      const result = swift.deleteContainer(kernel, ctx, projectId, bucket);
      if (result === "not-found") throw noSuchBucket(bucket);
      if (result === "not-empty") throw bucketNotEmpty(bucket);
    },
    listObjects: (root, projectId, bucket, { prefix, marker, limit }) => {
      const listing = swift.listObjects(root, projectId, bucket, { prefix, marker, limit }, now());
      if (!listing) throw noSuchBucket(bucket);
      return listing.objects.map((o) => ({ key: o.name, size: o.size, etag: o.etag, lastModified: o.lastModified }));
    },
    findObject: (root, projectId, bucket, key) => {
      const found = swift.findObject(root, projectId, bucket, key, now());
      return found && stored(found);
    },
    putObject: (ctx, projectId, bucket, object) =>
      translated(bucket, () =>
        stored(swift.putObject(kernel, ctx, projectId, bucket, object.key, { parts: object.parts, etag: object.etag, contentType: object.contentType, metadata: object.metadata, headers: object.headers })),
      ),
    copyObject: (ctx, projectId, from, to, replace) =>
      translated(to.bucket, () => {
        const copied = swift.copyObject(kernel, ctx, { projectId, container: from.bucket, key: from.key }, { projectId, container: to.bucket, key: to.key }, replace);
        if (!copied) throw noSuchKey(from.key);
        return stored(copied);
      }),
    setHeaders: (ctx, projectId, bucket, key, headers) => {
      if (!swift.setObjectHeaders(ctx, projectId, bucket, key, headers)) throw noSuchKey(key);
    },
    deleteObject: (ctx, projectId, bucket, key) => translated(bucket, () => void swift.deleteObject(kernel, ctx, projectId, bucket, key)),
    read: (object, range) => swift.objectStream(kernel, object, range),
  };
}

// The contract object storage offers the S3 API (listed after it in services.ts): buckets are a project's
// containers and keys its objects, the very records Swift serves, so a file written with one API reads
// with the other. Reads take a root (committed state or a draft); writes run inside the caller's store
// update (`ctx`: runOperation's context, or {root, tx, now} of kernel.store.update) with the kernel for
// blobs and the clock. Refusals S3 must name are typed results or ApiErrors with a `code`:
// ContainerNotFound (NoSuchBucket), ContainerNotEmpty (BucketNotEmpty), QuotaExceeded (413).

import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { BlobRef } from "../../kernel/blobs/types.js";
import type { ByteRange } from "../../kernel/http/stream.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { OperationContext, Caller } from "../../kernel/operation.js";
import { ApiError } from "../../kernel/errors.js";
import { listPage } from "./listing.js";
import { writeObject } from "./operations/objects.js";
import { createContainer as create, deleteContainer as remove, deleteObject as removeObject, isExpired, liveObject } from "./operations/records.js";
import { findAccount, findContainer as find, partsStream, resolveObject } from "./read.js";
import { sortedEntries, sortedGet } from "./sorted-map.js";
import { values } from "../../kernel/store/table.js";
import { sliceOf, type Container, type ObjectRecord } from "./state.js";

type Root = Readonly<Record<string, unknown>>;
/** What a write needs of the caller's update. */
export type WriteCtx = Pick<OperationContext<Caller | null>, "root" | "tx" | "now">;

/** A bucket: one of the project's containers. */
export interface ContainerInfo {
  name: string;
  /** epoch ms (S3's CreationDate) */
  createdAt: number;
  objectCount: number;
  bytesUsed: number;
  /** X-Container-Meta-*: lower-case names without the prefix */
  metadata: Record<string, string>;
}

/** An object as GET/HEAD serve it. */
export interface ObjectInfo {
  name: string;
  size: number;
  /** hex, no quotes: an MD5, or the etag the writer gave (S3's `<md5-of-md5s>-N`), or a Swift manifest's */
  etag: string;
  contentType: string;
  /** epoch ms (Last-Modified) */
  lastModified: number;
  /** user metadata: lower-case names without X-Object-Meta- / x-amz-meta- */
  metadata: Record<string, string>;
  /** Content-Disposition, Content-Encoding as stored (lower-case names); S3 keeps its own x-amz-* ones here too */
  headers: Record<string, string>;
  /** the bytes, in order: one blob, or several (a multipart upload, a Swift large object) */
  parts: BlobRef[];
}

const containerInfo = (c: Container): ContainerInfo => ({ name: c.name, createdAt: c.createdAt, objectCount: c.objectCount, bytesUsed: c.bytesUsed, metadata: { ...c.metadata } });

const objectInfo = (o: ObjectRecord): ObjectInfo => ({
  name: o.name,
  size: o.size,
  etag: o.etag,
  contentType: o.contentType,
  lastModified: o.modifiedAt,
  metadata: { ...o.metadata },
  headers: { ...o.headers },
  parts: o.parts.map((p) => ({ ...p })),
});

/** The project's containers in byte order of their names (an account has at most a few thousand). */
export function listContainers(root: Root, projectId: string): ContainerInfo[] {
  const account = findAccount(sliceOf(root), projectId);
  return account ? Array.from(sortedEntries(account.containers), ([, c]) => containerInfo(c)) : [];
}

export function findContainer(root: Root, projectId: string, name: string): ContainerInfo | undefined {
  const container = find(sliceOf(root), projectId, name);
  return container && containerInfo(container);
}

/** A project that has a container of this name (S3's bucket names are global), O(accounts); undefined when none has. */
export function containerOwner(root: Root, name: string): string | undefined {
  for (const account of values(sliceOf(root).accounts)) if (sortedGet(account.containers, name)) return account.id;
  return undefined;
}

/** true when made, false when the project already had it (S3's BucketAlreadyOwnedByYou). */
export function createContainer(kernel: Kernel, ctx: WriteCtx, projectId: string, name: string): boolean {
  return create(sliceOf(ctx.root), { kernel, tx: ctx.tx, now: ctx.now }, projectId, name);
}

export type DeleteContainerResult = "deleted" | "not-found" | "not-empty";

export function deleteContainer(_kernel: Kernel, ctx: WriteCtx, projectId: string, name: string): DeleteContainerResult {
  try {
    remove(sliceOf(ctx.root), projectId, name);
    return "deleted";
  } catch (error) {
    if (error instanceof ApiError && error.code === "ContainerNotFound") return "not-found";
    if (error instanceof ApiError && error.code === "ContainerNotEmpty") return "not-empty";
    throw error;
  }
}

export interface ListObjectsOptions {
  prefix?: string;
  delimiter?: string;
  /** names after it (before it with reverse) */
  marker?: string;
  /** at most 10,000 */
  limit: number;
  reverse?: boolean;
}

export interface ObjectSummary {
  name: string;
  size: number;
  etag: string;
  contentType: string;
  lastModified: number;
}

export interface ObjectListing {
  /** in byte order of names */
  objects: ObjectSummary[];
  /** the delimiter's groups (`photos/`), in order among the objects */
  commonPrefixes: string[];
  /** more follow: ask again with marker = nextMarker */
  truncated: boolean;
  /** the page's last name or common prefix, when truncated */
  nextMarker?: string;
}

/** One page, O(log n + page); undefined when the container does not exist. `now` hides expired objects. */
export function listObjects(root: Root, projectId: string, container: string, options: ListObjectsOptions, now?: number): ObjectListing | undefined {
  const found = find(sliceOf(root), projectId, container);
  if (!found) return undefined;
  const page = listPage(found.objects, { ...options, limit: Math.min(options.limit, 10_000) }, (o) => now === undefined || !isExpired(o, now));
  const objects: ObjectSummary[] = [];
  const commonPrefixes: string[] = [];
  for (const item of page.items) {
    if (item.subdir !== undefined) commonPrefixes.push(item.subdir);
    else objects.push({ name: item.name, size: item.value.size, etag: item.value.etag, contentType: item.value.contentType, lastModified: item.value.modifiedAt });
  }
  const last = page.items[page.items.length - 1];
  return { objects, commonPrefixes, truncated: page.truncated, nextMarker: page.truncated && last ? last.subdir ?? last.name : undefined };
}

/** The object as a GET serves it (a Swift dynamic large object's segments gathered); undefined when absent. */
export function findObject(root: Root, projectId: string, container: string, key: string, now?: number): ObjectInfo | undefined {
  const s = sliceOf(root);
  const found = find(s, projectId, container);
  const object = found && resolveObject(s, projectId, found, key, now ?? -Infinity);
  return object && objectInfo(object);
}

export interface PutObjectInput {
  /**
   * the bytes, in order, as blobs.put made them. From here on the object store owns them: do not delete
   * them yourself (a blob shared by several objects is freed when the last goes). If putObject throws,
   * nothing took them: free fresh ones yourself.
   */
  parts: BlobRef[];
  contentType: string;
  metadata: Record<string, string>;
  /** hex without quotes; default the single part's MD5, or the MD5 of the parts' MD5s and `-N` */
  etag?: string;
  /** Content-Disposition, Content-Encoding (lower-case names) */
  headers?: Record<string, string>;
}

/** Writes (or replaces) an object; throws ApiError ContainerNotFound (404) or QuotaExceeded (413). */
export function putObject(kernel: Kernel, ctx: WriteCtx, projectId: string, container: string, key: string, input: PutObjectInput): ObjectInfo {
  const record = writeObject(sliceOf(ctx.root), { kernel, tx: ctx.tx, now: ctx.now }, projectId, container, {
    name: key,
    parts: input.parts,
    etag: input.etag ?? defaultEtag(input.parts),
    contentType: input.contentType,
    metadata: input.metadata,
    headers: input.headers,
  });
  return objectInfo(record);
}

function defaultEtag(parts: BlobRef[]): string {
  if (parts.length === 1) return parts[0]!.md5;
  return `${createHash("md5").update(Buffer.concat(parts.map((p) => Buffer.from(p.md5, "hex")))).digest("hex")}-${parts.length}`;
}

/**
 * Sets an object's stored headers (S3's tags, kept with its other x-amz-* records) without touching its bytes
 * or Last-Modified; false when there is no such object.
 */
export function setObjectHeaders(ctx: WriteCtx, projectId: string, container: string, key: string, headers: Record<string, string>): boolean {
  const found = find(sliceOf(ctx.root), projectId, container);
  const record = found && liveObject(found, key, ctx.now);
  if (!record) return false;
  record.headers = { ...headers };
  return true;
}

/** false when there was no such object (S3 answers 204 all the same); throws ContainerNotFound. */
export function deleteObject(kernel: Kernel, ctx: WriteCtx, projectId: string, container: string, key: string): boolean {
  try {
    removeObject(sliceOf(ctx.root), { kernel, tx: ctx.tx, now: ctx.now }, projectId, container, key);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === "NotFound") return false;
    throw error;
  }
}

export interface ObjectPlace {
  projectId: string;
  container: string;
  key: string;
}

export interface CopyOptions {
  /** replace the metadata (S3's x-amz-metadata-directive: REPLACE); absent: keep the source's */
  metadata?: Record<string, string>;
  /** with metadata: the new Content-Type; absent: the source's */
  contentType?: string;
  /** with metadata: the new stored headers (S3's REPLACE directive); absent: the source's */
  headers?: Record<string, string>;
}

/** Copies without copying bytes (the parts are shared); undefined when the source does not exist. */
export function copyObject(kernel: Kernel, ctx: WriteCtx, from: ObjectPlace, to: ObjectPlace, options: CopyOptions = {}): ObjectInfo | undefined {
  const s = sliceOf(ctx.root);
  const source = find(s, from.projectId, from.container);
  const object = source && resolveObject(s, from.projectId, source, from.key, ctx.now);
  if (!object) return undefined;
  const record = writeObject(s, { kernel, tx: ctx.tx, now: ctx.now }, to.projectId, to.container, {
    name: to.key,
    parts: object.parts,
    size: object.size,
    etag: object.etag,
    contentType: options.contentType ?? object.contentType,
    metadata: options.metadata ?? object.metadata,
    headers: options.headers ?? object.headers,
  });
  return objectInfo(record);
}

/** The object's bytes (a range, inclusive, may cross parts). */
export function objectStream(kernel: Kernel, info: Pick<ObjectInfo, "parts">, range?: ByteRange): Readable {
  return partsStream(kernel, info.parts, range);
}

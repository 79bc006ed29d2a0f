// The contract object storage offers block storage (listed after it in services.ts): a volume backup's
// objects as Cinder's Swift driver writes them (cinder/backup/drivers/swift.py, chunkeddriver.py) into the
// backup's container in the volume's project: data chunks `<prefix>-00001`... of backup_swift_object_size
// (50 MiB) each, zlib-compressed, then `<prefix>_metadata` and `<prefix>_sha256file`, where the prefix is
// `volume_<volume id>/<YYYYMMDDHHMMSS>/az_<zone>_backup_<backup id>`. Volumes hold no real bytes, so every
// chunk is the same small compressed block of zeros, one blob shared by all of them. The bytes go into the
// blob store first (prepare, asynchronous); the objects appear in the very update that makes the backup
// available (commit), so whoever sees it available can list them.

import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { BlobRef } from "../../kernel/blobs/types.js";
import { ApiError } from "../../kernel/errors.js";
import { get } from "../../kernel/store/table.js";
import { quotaExceeded } from "./errors.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { Caller, OperationContext } from "../../kernel/operation.js";
import { listPage } from "./listing.js";
import { writeObject } from "./operations/objects.js";
import { createContainer, deleteObject } from "./operations/records.js";
import { findContainer } from "./read.js";
import { sliceOf, type ObjectStorageState } from "./state.js";

/** What names and fills a backup's objects. */
export interface BackupObjects {
  projectId: string;
  container: string;
  backupId: string;
  volumeId: string;
  availabilityZone: string | null;
  name: string | null;
  description: string | null;
  /** epoch ms: the prefix's timestamp */
  createdAt: number;
  /** gigabytes */
  size: number;
  parentId: string | null;
}

/** Cinder's backup_swift_object_size */
export const CHUNK_BYTES = 52_428_800;

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[-:T]/g, "");

/** `volume_<id>/<YYYYMMDDHHMMSS>/az_<zone>_backup_<id>` (chunkeddriver._generate_object_name_prefix) */
export function backupPrefix(b: BackupObjects): string {
  return `volume_${b.volumeId}/${stamp(b.createdAt)}/az_${b.availabilityZone ?? "nova"}_backup_${b.backupId}`;
}

/** How many data chunks a backup of `size` GiB writes (the backup's object_count). */
export function backupChunkCount(size: number): number {
  return Math.max(1, Math.ceil((size * 1024 ** 3) / CHUNK_BYTES));
}

/** A backup's bytes already in the blob store, waiting for the update that makes them its objects. */
export interface PreparedBackupObjects {
  prefix: string;
  /** the data chunk objects' names, in order */
  chunks: string[];
  chunk: BlobRef;
  metadata: BlobRef;
  sha256: BlobRef;
}

/**
 * Puts the backup's bytes into the blob store (asynchronous): one compressed block every chunk object
 * shares, the `_metadata` record listing the chunks, and the `_sha256file` with one SHA-256 per chunk
 * (of the chunk object's bytes). Nothing is an object until commitBackupObjects.
 */
export async function prepareBackupObjects(kernel: Kernel, b: BackupObjects): Promise<PreparedBackupObjects> {
  const prefix = backupPrefix(b);
  const count = backupChunkCount(b.size);
  const total = b.size * 1024 ** 3;
  const { bytes, md5, sha256: chunkSha } = zeroChunk();
  const chunks: string[] = [];
  const objects: Array<Record<string, { offset: number; length: number; md5: string; compression: string }>> = [];
  for (let i = 0; i < count; i++) {
    const name = `${prefix}-${String(i + 1).padStart(5, "0")}`;
    chunks.push(name);
    objects.push({ [name]: { offset: i * CHUNK_BYTES, length: Math.min(CHUNK_BYTES, total - i * CHUNK_BYTES), md5, compression: "zlib" } });
  }
  const common = { backup_id: b.backupId, volume_id: b.volumeId, backup_name: b.name, backup_description: b.description, created_at: new Date(b.createdAt).toISOString().replace("T", " ").replace("Z", "") };
  const owner = { owner: b.projectId };
  // the three at once: the sooner they are in, the sooner the step to available finds them
  const puts = [
    kernel.blobs.put(bytes, owner),
    kernel.blobs.put(
      JSON.stringify({ version: "1.0.0", ...common, objects, parent_id: b.parentId, volume_meta: JSON.stringify({ "volume-base-metadata": {}, version: 2 }), extra_metadata: null }, null, 2),
      owner,
    ),
    kernel.blobs.put(JSON.stringify({ version: "1.0.0", ...common, chunk_size: 32_768, sha256s: chunks.map(() => chunkSha) }, null, 2), owner),
  ];
  const settled = await Promise.allSettled(puts);
  const refs = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    for (const ref of refs) kernel.blobs.delete(ref.id);
    throw failed.reason;
  }
  const [chunk, metadata, sha256] = refs as [BlobRef, BlobRef, BlobRef];
  return { prefix, chunks, chunk, metadata, sha256 };
}

let zero: { bytes: Buffer; md5: string; sha256: string } | undefined;

/** The one data chunk every backup writes (1 MiB of zeros, zlib-compressed), with its checksums; made once. */
function zeroChunk(): { bytes: Uint8Array; md5: string; sha256: string } {
  if (!zero) {
    const bytes = deflateSync(Buffer.alloc(1024 * 1024));
    zero = { bytes, md5: createHash("md5").update(bytes).digest("hex"), sha256: createHash("sha256").update(bytes).digest("hex") };
  }
  // a copy: a blob store may keep the very buffer it is handed
  return { ...zero, bytes: Buffer.from(zero.bytes) };
}

/** Frees prepared bytes that will not become objects (the backup failed or went before its step). */
export function discardBackupObjects(kernel: Kernel, prepared: PreparedBackupObjects): void {
  for (const ref of [prepared.chunk, prepared.metadata, prepared.sha256]) kernel.blobs.delete(ref.id);
}

/**
 * Makes the prepared bytes the backup's objects inside the caller's update (the backup's step to available),
 * creating the container as the driver does; returns how many data chunks it wrote (the backup's
 * object_count). The container's and the account's quotas are checked for the whole set first: a refusal
 * (413 QuotaExceeded) throws before anything is written.
 */
export function commitBackupObjects(
  kernel: Kernel,
  ctx: Pick<OperationContext<Caller | null>, "root" | "tx" | "now">,
  b: Pick<BackupObjects, "projectId" | "container">,
  prepared: PreparedBackupObjects,
): number {
  const s = sliceOf(ctx.root);
  const entries: Array<[string, BlobRef, string]> = [
    ...prepared.chunks.map((name): [string, BlobRef, string] => [name, prepared.chunk, "application/octet-stream"]),
    [`${prepared.prefix}_metadata`, prepared.metadata, "application/json"],
    [`${prepared.prefix}_sha256file`, prepared.sha256, "application/json"],
  ];
  checkSetQuotas(s, b.projectId, b.container, entries.length, entries.reduce((sum, [, ref]) => sum + ref.size, 0));
  const w = { kernel, tx: ctx.tx, now: ctx.now };
  createContainer(s, w, b.projectId, b.container);
  for (const [name, part, contentType] of entries) {
    writeObject(s, w, b.projectId, b.container, { name, parts: [part], etag: part.md5, contentType, metadata: {} });
  }
  return prepared.chunks.length;
}

/** Swift's container_quotas and account_quotas for `count` new objects of `bytes` in all (backup names are new). */
function checkSetQuotas(s: ObjectStorageState, projectId: string, containerName: string, count: number, bytes: number): void {
  const account = get(s.accounts, projectId);
  const container = findContainer(s, projectId, containerName);
  const over = (limit: string | undefined, used: number, more: number) => limit !== undefined && used + more > Number(limit);
  if (container && (over(container.metadata["quota-bytes"], container.bytesUsed, bytes) || over(container.metadata["quota-count"], container.objectCount, count))) {
    throw quotaExceeded();
  }
  if (account && over(account.metadata["quota-bytes"], account.bytesUsed, bytes)) throw quotaExceeded();
}

/** Deletes the backup's objects inside the caller's update (the backup's own deletion); returns how many. */
export function deleteBackupObjects(kernel: Kernel, ctx: Pick<OperationContext<Caller | null>, "root" | "tx" | "now">, b: BackupObjects): number {
  const s = sliceOf(ctx.root);
  const container = findContainer(s, b.projectId, b.container);
  if (!container) return 0;
  const names = listPage(container.objects, { prefix: backupPrefix(b), limit: Number.MAX_SAFE_INTEGER }).items.flatMap((i) => (i.name === undefined ? [] : [i.name]));
  let deleted = 0;
  for (const name of names) {
    try {
      deleteObject(s, { kernel, tx: ctx.tx, now: ctx.now }, b.projectId, b.container, name);
      deleted++;
    } catch (error) {
      // one already past its X-Delete-At: its expiry removes it
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return deleted;
}

// The contract object storage offers block storage (listed after it in services.ts): a volume backup's
// objects as Cinder's Swift driver writes them (cinder/backup/drivers/swift.py, chunkeddriver.py) into the
// backup's container in the volume's project: data chunks `<prefix>-00001`... of backup_swift_object_size
// (50 MiB) each, zlib-compressed, then `<prefix>_metadata` and `<prefix>_sha256file`, where the prefix is
// `volume_<volume id>/<YYYYMMDDHHMMSS>/az_<zone>_backup_<backup id>`. Volumes hold no real bytes, so every
// chunk is the same small compressed block of zeros, one blob shared by all of them. The bytes go into the
// blob store first (prepare, asynchronous, its records written a slice at a time); the objects are written
// BACKUP_OBJECTS_PER_UPDATE to an update (writeBackupObjects), the records last, in the update that makes the
// backup available, so whoever sees it available can list them all, and no update of a big backup holds the
// event loop for long. A backup of more than MAX_BACKUP_CHUNKS chunks fails (the emulator's bound, not Cinder's).

import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
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

/**
 * The most data chunks a backup writes: 4 TiB's worth. Each is an object record (about 1.5 KiB of state),
 * so with an unlimited quota nothing else would bound it; a bigger backup fails, and says why.
 */
export const MAX_BACKUP_CHUNKS = backupChunkCount(4096);

/**
 * How many objects one update writes (or deletes) of a backup: a few milliseconds of the event loop (an
 * object write costs 0.1-0.3 ms). The backup's own step writes up to FIRST_UPDATE_OBJECTS, so that a backup
 * of up to 3 GiB is available at its step, as a frozen clock's tests expect.
 */
export const BACKUP_OBJECTS_PER_UPDATE = 16;
export const FIRST_UPDATE_OBJECTS = 64;

/** How many chunks' entries of the _metadata and _sha256file records are made between two event loop turns. */
const RECORD_SLICE = 512;

/** A backup's bytes already in the blob store, waiting for the updates that make them its objects. */
export interface PreparedBackupObjects {
  prefix: string;
  /** how many data chunk objects: `<prefix>-00001`... */
  chunks: number;
  chunk: BlobRef;
  metadata: BlobRef;
  sha256: BlobRef;
}

/** Where recordText puts the list of `count` items. */
const LIST = "\u0000list\u0000";

const chunkName = (prefix: string, i: number) => `${prefix}-${String(i + 1).padStart(5, "0")}`;

/**
 * Puts the backup's bytes into the blob store (asynchronous): one compressed block every chunk object
 * shares, the `_metadata` record listing the chunks, and the `_sha256file` with one SHA-256 per chunk
 * (of the chunk object's bytes), both made a slice of chunks at a time. Nothing is an object until
 * writeBackupObjects. Past MAX_BACKUP_CHUNKS it rejects, and puts nothing.
 */
export async function prepareBackupObjects(kernel: Kernel, b: BackupObjects): Promise<PreparedBackupObjects> {
  const prefix = backupPrefix(b);
  const count = backupChunkCount(b.size);
  if (count > MAX_BACKUP_CHUNKS) {
    throw new Error(`a backup of ${b.size} GiB would be ${count} objects of 50 MiB; skymock keeps at most ${MAX_BACKUP_CHUNKS} per backup (4096 GiB).`);
  }
  const total = b.size * 1024 ** 3;
  const { bytes, md5, sha256: chunkSha } = zeroChunk();
  const common = { backup_id: b.backupId, volume_id: b.volumeId, backup_name: b.name, backup_description: b.description, created_at: new Date(b.createdAt).toISOString().replace("T", " ").replace("Z", "") };
  const entry = (i: number) => ({ [chunkName(prefix, i)]: { offset: i * CHUNK_BYTES, length: Math.min(CHUNK_BYTES, total - i * CHUNK_BYTES), md5, compression: "zlib" } });
  const metadata = { version: "1.0.0", ...common, objects: LIST, parent_id: b.parentId, volume_meta: JSON.stringify({ "volume-base-metadata": {}, version: 2 }), extra_metadata: null };
  const owner = { owner: b.projectId };
  // the three at once: the sooner they are in, the sooner the step to available finds them
  const puts = [
    kernel.blobs.put(bytes, owner),
    kernel.blobs.put(recordText(metadata, count, entry), owner),
    kernel.blobs.put(recordText({ version: "1.0.0", ...common, chunk_size: 32_768, sha256s: LIST }, count, () => chunkSha), owner),
  ];
  const settled = await Promise.allSettled(puts);
  const refs = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    for (const ref of refs) kernel.blobs.delete(ref.id);
    throw failed.reason;
  }
  const [chunk, metadataRef, sha256] = refs as [BlobRef, BlobRef, BlobRef];
  return { prefix, chunks: count, chunk, metadata: metadataRef, sha256 };
}

/**
 * `record` as indented JSON (as the driver writes it), its one LIST value the `count` items `item(i)`: a
 * string when it is one slice of items, else given out a slice at a time with a turn of the event loop
 * between slices (a big backup's list is tens of megabytes).
 */
function recordText(record: object, count: number, item: (i: number) => unknown): string | AsyncGenerator<Uint8Array> {
  const [head, tail] = JSON.stringify(record, null, 2).split(JSON.stringify(LIST)) as [string, string];
  const slice = (from: number) => {
    let text = "";
    for (let i = from; i < Math.min(count, from + RECORD_SLICE); i++) {
      text += `${i === 0 ? "" : ","}\n    ${JSON.stringify(item(i), null, 2).replace(/\n/g, "\n    ")}`;
    }
    return text;
  };
  if (count <= RECORD_SLICE) return `${head}[${slice(0)}\n  ]${tail}`;
  return (async function* () {
    yield Buffer.from(`${head}[`);
    for (let from = 0; from < count; from += RECORD_SLICE) {
      if (from > 0) await nextTurn();
      yield Buffer.from(slice(from));
    }
    yield Buffer.from(`\n  ]${tail}`);
  })();
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

/**
 * Frees prepared bytes that will not become objects (the backup failed or went before its last update);
 * once `written` chunks are objects, the chunk's blob is theirs, freed with the last of them.
 */
export function discardBackupObjects(kernel: Kernel, prepared: PreparedBackupObjects, written = 0): void {
  for (const ref of [...(written > 0 ? [] : [prepared.chunk]), prepared.metadata, prepared.sha256]) kernel.blobs.delete(ref.id);
}

/**
 * Makes the next prepared chunks the backup's objects inside the caller's update, BACKUP_OBJECTS_PER_UPDATE
 * of them after the `written` already in (FIRST_UPDATE_OBJECTS in the first); with the last chunks, the `_metadata` and `_sha256file` objects
 * (complete: the backup's step to available may commit with them). The first update creates the container
 * as the driver does and checks the container's and the account's quotas for the whole set: a refusal (413
 * QuotaExceeded) throws before anything is written.
 */
export function writeBackupObjects(
  kernel: Kernel,
  ctx: Pick<OperationContext<Caller | null>, "root" | "tx" | "now">,
  b: Pick<BackupObjects, "projectId" | "container">,
  prepared: PreparedBackupObjects,
  written: number,
): { written: number; complete: boolean } {
  const s = sliceOf(ctx.root);
  const records: Array<[string, BlobRef, string]> = [
    [`${prepared.prefix}_metadata`, prepared.metadata, "application/json"],
    [`${prepared.prefix}_sha256file`, prepared.sha256, "application/json"],
  ];
  if (written === 0) {
    const bytes = prepared.chunks * prepared.chunk.size + records.reduce((sum, [, ref]) => sum + ref.size, 0);
    checkSetQuotas(s, b.projectId, b.container, prepared.chunks + records.length, bytes);
  }
  const w = { kernel, tx: ctx.tx, now: ctx.now };
  createContainer(s, w, b.projectId, b.container);
  const end = Math.min(prepared.chunks, written + (written === 0 ? FIRST_UPDATE_OBJECTS : BACKUP_OBJECTS_PER_UPDATE));
  const entries: Array<[string, BlobRef, string]> = [];
  for (let i = written; i < end; i++) entries.push([chunkName(prepared.prefix, i), prepared.chunk, "application/octet-stream"]);
  if (end === prepared.chunks) entries.push(...records);
  for (const [name, part, contentType] of entries) {
    writeObject(s, w, b.projectId, b.container, { name, parts: [part], etag: part.md5, contentType, metadata: {} });
  }
  return { written: end, complete: end === prepared.chunks };
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

/**
 * Deletes up to `limit` of the backup's objects inside the caller's update (the backup's own deletion, an
 * update at a time); whether none is left.
 */
export function deleteBackupObjects(
  kernel: Kernel,
  ctx: Pick<OperationContext<Caller | null>, "root" | "tx" | "now">,
  b: BackupObjects,
  limit: number,
): boolean {
  const s = sliceOf(ctx.root);
  const container = findContainer(s, b.projectId, b.container);
  if (!container) return true;
  const page = listPage(container.objects, { prefix: backupPrefix(b), limit });
  let deleted = 0;
  for (const item of page.items) {
    if (item.name === undefined) continue;
    try {
      deleteObject(s, { kernel, tx: ctx.tx, now: ctx.now }, b.projectId, b.container, item.name);
      deleted++;
    } catch (error) {
      // one already past its X-Delete-At: its expiry removes it
      if (!(error instanceof ApiError)) throw error;
    }
  }
  // a page of nothing but expired objects: what is left is theirs to remove
  return !page.truncated || deleted === 0;
}

// The contract object storage offers block storage (listed after it in services.ts): a volume backup's
// objects as Cinder's Swift driver writes them (cinder/backup/drivers/swift.py, chunkeddriver.py) into the
// backup's container in the volume's project: data chunks `<prefix>-00001`... of backup_swift_object_size
// (50 MiB) each, zlib-compressed, then `<prefix>_metadata` and `<prefix>_sha256file`, where the prefix is
// `volume_<volume id>/<YYYYMMDDHHMMSS>/az_<zone>_backup_<backup id>`. Volumes hold no real bytes, so every
// chunk is the same small compressed block of zeros, one blob shared by all of them.

import { deflateSync } from "node:zlib";
import type { BlobRef } from "../../kernel/blobs/types.js";
import { ApiError } from "../../kernel/errors.js";
import type { Kernel } from "../../kernel/kernel.js";
import type { Caller, OperationContext } from "../../kernel/operation.js";
import { listPage } from "./listing.js";
import { writeObject } from "./operations/objects.js";
import { createContainer, deleteObject } from "./operations/records.js";
import { findContainer } from "./read.js";
import { sliceOf } from "./state.js";

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
 * Writes the backup's objects (creating the container, as the driver does). Asynchronous: the bytes go into
 * the blob store first, then the objects in one update. A refusal (an account quota) leaves nothing.
 */
export async function writeBackupObjects(kernel: Kernel, b: BackupObjects): Promise<void> {
  const prefix = backupPrefix(b);
  const count = backupChunkCount(b.size);
  const total = b.size * 1024 ** 3;
  const chunk = await kernel.blobs.put(deflateSync(Buffer.alloc(1024 * 1024)), { owner: b.projectId });
  const objects: Array<Record<string, { offset: number; length: number; md5: string; compression: string }>> = [];
  for (let i = 0; i < count; i++) {
    const length = Math.min(CHUNK_BYTES, total - i * CHUNK_BYTES);
    objects.push({ [`${prefix}-${String(i + 1).padStart(5, "0")}`]: { offset: i * CHUNK_BYTES, length, md5: chunk.md5, compression: "zlib" } });
  }
  const common = { backup_id: b.backupId, volume_id: b.volumeId, backup_name: b.name, backup_description: b.description, created_at: new Date(b.createdAt).toISOString().replace("T", " ").replace("Z", "") };
  const metadata = await kernel.blobs.put(
    JSON.stringify({ version: "1.0.0", ...common, objects, parent_id: b.parentId, volume_meta: JSON.stringify({ "volume-base-metadata": {}, version: 2 }), extra_metadata: null }, null, 2),
    { owner: b.projectId },
  );
  const sha256 = await kernel.blobs.put(JSON.stringify({ version: "1.0.0", ...common, chunk_size: 32_768, sha256s: [] }, null, 2), { owner: b.projectId });
  const fresh = [chunk, metadata, sha256];
  try {
    kernel.store.update((root, tx) => {
      const s = sliceOf(root);
      const w = { kernel, tx, now: kernel.clock.now() };
      createContainer(s, w, b.projectId, b.container);
      const put = (name: string, part: BlobRef, contentType: string) =>
        writeObject(s, w, b.projectId, b.container, { name, parts: [part], etag: part.md5, contentType, metadata: {} });
      for (const entry of objects) put(Object.keys(entry)[0]!, chunk, "application/octet-stream");
      put(`${prefix}_metadata`, metadata, "application/json");
      put(`${prefix}_sha256file`, sha256, "application/json");
    });
  } catch {
    for (const ref of fresh) kernel.blobs.delete(ref.id);
  }
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

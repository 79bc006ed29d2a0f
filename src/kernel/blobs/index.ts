// The blob store the kernel holds: in memory, or in files under a data directory when one is given.

import { DiskBlobStore } from "./disk.js";
import { MemoryBlobStore } from "./memory.js";
import type { BlobStore } from "./types.js";

export type { BlobEntry, BlobRef, BlobStore, PutOptions, StagedBlobs } from "./types.js";
export { BlobTooLarge } from "./types.js";
export { DiskBlobStore, MemoryBlobStore };

export type { SavedBlob, SavedBlobIndex } from "./disk.js";

/** With `persist`, a data directory's files wait for a saved index (DiskBlobStore.adopt) instead of going at start. */
export function createBlobStore(dataDir?: string, persist = false): BlobStore {
  return dataDir ? new DiskBlobStore(dataDir, { persist }) : new MemoryBlobStore();
}

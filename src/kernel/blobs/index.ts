// The blob store the kernel holds: in memory, or in files under a data directory when one is given.

import { DiskBlobStore } from "./disk.js";
import { MemoryBlobStore } from "./memory.js";
import type { BlobStore } from "./types.js";

export type { BlobEntry, BlobRef, BlobStore, PutOptions, StagedBlobs } from "./types.js";
export { BlobTooLarge } from "./types.js";
export { DiskBlobStore, MemoryBlobStore };

export function createBlobStore(dataDir?: string): BlobStore {
  return dataDir ? new DiskBlobStore(dataDir) : new MemoryBlobStore();
}

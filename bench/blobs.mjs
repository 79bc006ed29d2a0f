// Blob store figures: 200 MiB put as 1 MiB blobs (each streamed in 64 KiB chunks, as a socket hands them
// over), then deleted, on the memory store and on a data-directory store; put throughput, and heap, RSS and
// array-buffer memory before, after the puts and after the deletes, twice over (each after a forced GC: bench
// runs with --expose-gc). The target: the memory the blobs took comes back after the deletes.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator } from "../dist/index.js";

const MiB = 2 ** 20;
const CHUNK = 64 * 1024;

/** memory in MiB after a full collection (array buffers are released a turn of the event loop later) */
async function memory() {
  for (let i = 0; i < 2; i++) {
    globalThis.gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  const m = process.memoryUsage();
  return { heapMiB: m.heapUsed / MiB, rssMiB: m.rss / MiB, externalMiB: m.arrayBuffers / MiB };
}

/** one blob's body: fresh 64 KiB chunks, like a request body read off a socket */
async function* body(bytes, seed) {
  for (let at = 0; at < bytes; at += CHUNK) yield Buffer.alloc(CHUNK, (seed + at / CHUNK) & 0xff);
}

/** puts totalMiB as blobMiB blobs, then deletes them all */
async function round(store, totalMiB, blobMiB) {
  const refs = [];
  const t0 = performance.now();
  for (let i = 0; i < totalMiB / blobMiB; i++) refs.push(await store.put(body(blobMiB * MiB, i), { owner: "bench" }));
  const seconds = (performance.now() - t0) / 1000;
  const held = store.stats();
  const afterPuts = await memory();
  for (const ref of refs) store.delete(ref.id);
  const afterDeletes = await memory();
  if (held.bytes !== totalMiB * MiB || store.stats().count !== 0) throw new Error("blob bench: the store lost or kept bytes");
  return { seconds, afterPuts, afterDeletes };
}

/** Two rounds: the second shows whether freed memory is used again or the process grows. */
async function measureStore(store, totalMiB, blobMiB) {
  const before = await memory();
  const first = await round(store, totalMiB, blobMiB);
  const second = await round(store, totalMiB, blobMiB);
  return {
    putMiBps: totalMiB / first.seconds,
    before,
    afterPuts: first.afterPuts,
    afterDeletes: first.afterDeletes,
    secondRound: { afterPuts: second.afterPuts, afterDeletes: second.afterDeletes },
  };
}

export async function measureBlobs({ totalMiB = 200, blobMiB = 1 } = {}) {
  if (!globalThis.gc) throw new Error("bench/blobs.mjs needs node --expose-gc");
  const memoryStore = await measureStore(createEmulator({ frozenClock: true }).kernel.blobs, totalMiB, blobMiB);
  const dir = mkdtempSync(join(tmpdir(), "skymock-bench-blobs-"));
  let diskStore;
  try {
    diskStore = await measureStore(createEmulator({ frozenClock: true, dataDir: dir }).kernel.blobs, totalMiB, blobMiB);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const m = memoryStore;
  // the buffers the store held while full, and what it still holds after the deletes
  const heldMiB = m.afterPuts.externalMiB - m.before.externalMiB;
  const leftMiB = m.afterDeletes.externalMiB - m.before.externalMiB;
  // glibc's malloc keeps freed 64 KiB buffers for reuse rather than giving them to the system, so RSS may
  // stay near its peak after the deletes; what must not happen is a second round growing it again
  const regrowthMiB = m.secondRound.afterPuts.rssMiB - m.afterPuts.rssMiB;
  const returned = leftMiB <= totalMiB * 0.05 && regrowthMiB <= totalMiB * 0.1;
  return { totalMiB, blobMiB, memory: m, disk: diskStore, heldMiB, leftMiB, regrowthMiB, returned };
}

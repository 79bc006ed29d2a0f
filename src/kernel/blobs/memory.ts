// The default blob store: bytes in memory, kept as the chunks that arrived (small ones packed together),
// never as one string or one buffer per blob; reads stream them chunk by chunk. A delete drops the only
// reference the store holds, so the memory comes back (a read already under way keeps its chunks).

import { Readable } from "node:stream";
import { BlobIds, byteSpan, emptyStream } from "./common.js";
import { hashOf, ingest, SLICE, type BlobSource } from "./ingest.js";
import type { BlobEntry, BlobRef, BlobStore, PutOptions, StagedBlobs } from "./types.js";

interface Blob {
  ref: BlobRef;
  owner: string | undefined;
  chunks: Buffer[];
}

export class MemoryBlobStore implements BlobStore {
  #blobs = new Map<string, Blob>();
  #bytes = 0;
  #ids = new BlobIds();

  async put(source: BlobSource, options: PutOptions = {}): Promise<BlobRef> {
    const packer = new Packer();
    const hashed = await ingest(source, options.maxBytes ?? Infinity, (chunk) => packer.add(chunk), options.sha256);
    const ref = { id: this.#ids.next(), ...hashed };
    this.#blobs.set(ref.id, { ref, owner: options.owner, chunks: packer.finish() });
    this.#bytes += ref.size;
    return { ...ref };
  }

  get(id: string, range?: { start: number; end: number }): Readable | undefined {
    const blob = this.#blobs.get(id);
    if (!blob) return undefined;
    const [start, end] = byteSpan(blob.ref.size, range);
    return start > end ? emptyStream() : chunkStream(blob.chunks, start, end);
  }

  small(id: string, range: { start: number; end: number } | undefined, max: number): Uint8Array | undefined {
    const blob = this.#blobs.get(id);
    if (!blob) return undefined;
    const [start, end] = byteSpan(blob.ref.size, range);
    if (start > end) return new Uint8Array(0);
    if (end - start + 1 > max) return undefined;
    const parts: Buffer[] = [];
    let at = 0;
    for (const chunk of blob.chunks) {
      const from = Math.max(start - at, 0);
      const to = Math.min(end - at + 1, chunk.length);
      if (from < to) parts.push(chunk.subarray(from, to));
      at += chunk.length;
      if (at > end) break;
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  has(id: string): boolean {
    return this.#blobs.has(id);
  }

  delete(id: string): boolean {
    const blob = this.#blobs.get(id);
    if (!blob) return false;
    this.#blobs.delete(id);
    this.#bytes -= blob.ref.size;
    return true;
  }

  clear(owner?: string): void {
    if (owner === undefined) {
      this.#blobs = new Map();
      this.#bytes = 0;
      this.#ids.restart();
      return;
    }
    for (const [id, blob] of this.#blobs) if (blob.owner === owner) this.delete(id);
  }

  ids(): string[] {
    return [...this.#blobs.keys()];
  }

  stats(): { count: number; bytes: number } {
    return { count: this.#blobs.size, bytes: this.#bytes };
  }

  owner(id: string): string | undefined {
    return this.#blobs.get(id)?.owner;
  }

  stageReplace(entries: BlobEntry[]): StagedBlobs {
    const staged = new Map<string, Blob>();
    for (const { id, bytes, owner } of entries) {
      const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const chunks: Buffer[] = [];
      for (let at = 0; at < whole.length; at += SLICE) chunks.push(whole.subarray(at, at + SLICE));
      staged.set(id, { ref: { id, ...hashOf(whole) }, owner, chunks });
    }
    return {
      refs: new Map([...staged].map(([id, blob]) => [id, { ...blob.ref }])),
      commit: () => {
        this.#blobs = new Map(staged);
        this.#bytes = [...staged.values()].reduce((sum, blob) => sum + blob.ref.size, 0);
        this.#ids.restartAfter(staged.keys());
      },
      discard: () => staged.clear(),
    };
  }
}

/** big chunks that own their memory are kept as they came; smaller ones are copied into packs of SLICE bytes */
const KEEP_AS_IS = SLICE / 4;

/**
 * Collects a put's chunks. A chunk is kept as it arrived when it is large and owns its whole ArrayBuffer;
 * anything else is copied: a small slice of a larger buffer (as socket reads hand out) would keep the whole
 * buffer alive, and many tiny chunks would cost more in headers than in bytes.
 */
class Packer {
  readonly chunks: Buffer[] = [];
  #pack: Buffer | undefined;
  #used = 0;

  add(chunk: Uint8Array): void {
    if (chunk.byteLength >= KEEP_AS_IS && chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength) {
      this.#flush();
      this.chunks.push(Buffer.from(chunk.buffer, 0, chunk.byteLength));
      return;
    }
    for (let at = 0; at < chunk.byteLength; ) {
      this.#pack ??= Buffer.allocUnsafeSlow(SLICE);
      const n = Math.min(SLICE - this.#used, chunk.byteLength - at);
      this.#pack.set(chunk.subarray(at, at + n), this.#used);
      this.#used += n;
      at += n;
      if (this.#used === SLICE) this.#flush();
    }
  }

  finish(): Buffer[] {
    this.#flush();
    return this.chunks;
  }

  /** a full pack is kept whole; a partial one as an exact copy, so no unused tail stays allocated */
  #flush(): void {
    if (!this.#pack || this.#used === 0) return;
    this.chunks.push(this.#used === SLICE ? this.#pack : Buffer.from(this.#pack.subarray(0, this.#used)));
    this.#pack = undefined;
    this.#used = 0;
  }
}

/** The bytes start..end (inclusive) of `chunks`, one chunk per read, without copying. */
function chunkStream(chunks: Buffer[], start: number, end: number): Readable {
  let i = 0;
  let skip = start;
  while (skip >= chunks[i].length) skip -= chunks[i++].length;
  let left = end - start + 1;
  return new Readable({
    read() {
      if (left === 0) {
        this.push(null);
        return;
      }
      const chunk = chunks[i++];
      const piece = chunk.subarray(skip, Math.min(chunk.length, skip + left));
      skip = 0;
      left -= piece.length;
      this.push(piece);
    },
  });
}

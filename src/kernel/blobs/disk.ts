// A blob store that spills to a data directory (--data-dir): one file per blob, written under a temporary
// name and renamed once complete, so a failed put leaves nothing. The index lives in memory; files left by
// an earlier run are removed at start (the state that referred to them went with that process, and their
// ids would come round again). Only this store's own file names are touched: `<n>.blob`, `<n>.blob.tmp`.

import { mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync, createReadStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { BlobIds, byteSpan, emptyStream } from "./common.js";
import { hashOf, ingest, type BlobSource } from "./ingest.js";
import type { BlobEntry, BlobRef, BlobStore, PutOptions, StagedBlobs } from "./types.js";

const OWN_FILE = /^\d+\.blob(\.tmp)?$/;

interface Blob {
  ref: BlobRef;
  owner: string | undefined;
  file: string;
}

export class DiskBlobStore implements BlobStore {
  #blobs = new Map<string, Blob>();
  #bytes = 0;
  #ids = new BlobIds();
  /** file numbers: never reused within a run, so a put under way never meets another's file */
  #files = 0;

  constructor(readonly dir: string) {
    try {
      mkdirSync(dir, { recursive: true });
      for (const name of readdirSync(dir)) if (OWN_FILE.test(name)) rmSync(join(dir, name), { force: true });
    } catch (error) {
      throw new Error(`the data directory ${dir} cannot be used: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  async put(source: BlobSource, options: PutOptions = {}): Promise<BlobRef> {
    const file = this.#nextFile();
    const temp = `${file}.tmp`;
    // not awaited before the source is read: a stream that fails while nobody listens would crash the process
    const opening = open(temp, "wx");
    opening.catch(() => {});
    try {
      const hashed = await ingest(source, options.maxBytes ?? Infinity, async (chunk) => {
        const handle = await opening;
        for (let at = 0; at < chunk.byteLength; ) at += (await handle.write(chunk, at)).bytesWritten;
      }, options.sha256);
      await (await opening).close();
      await rename(temp, file);
      const ref = { id: this.#ids.next(), ...hashed };
      this.#blobs.set(ref.id, { ref, owner: options.owner, file });
      this.#bytes += ref.size;
      return { ...ref };
    } catch (error) {
      await opening.then((handle) => handle.close()).catch(() => {});
      await rm(temp, { force: true });
      throw error;
    }
  }

  get(id: string, range?: { start: number; end: number }): Readable | undefined {
    const blob = this.#blobs.get(id);
    if (!blob) return undefined;
    const [start, end] = byteSpan(blob.ref.size, range);
    if (start > end) return emptyStream();
    // opened now, so a delete after get() does not cut the read short (the file's bytes stay until closed)
    const fd = openSync(blob.file, "r");
    return createReadStream(blob.file, { fd, start, end, highWaterMark: 64 * 1024 });
  }

  has(id: string): boolean {
    return this.#blobs.has(id);
  }

  delete(id: string): boolean {
    const blob = this.#blobs.get(id);
    if (!blob) return false;
    this.#blobs.delete(id);
    this.#bytes -= blob.ref.size;
    rmSync(blob.file, { force: true });
    return true;
  }

  clear(owner?: string): void {
    for (const [id, blob] of this.#blobs) if (owner === undefined || blob.owner === owner) this.delete(id);
    if (owner === undefined) this.#ids.restart();
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

  /** Writes every entry to a temporary file first: a full disk fails the import before anything changes. */
  stageReplace(entries: BlobEntry[]): StagedBlobs {
    const staged = new Map<string, Blob>();
    const discard = () => {
      for (const blob of staged.values()) rmSync(`${blob.file}.tmp`, { force: true });
      staged.clear();
    };
    try {
      for (const { id, bytes, owner } of entries) {
        const file = this.#nextFile();
        staged.set(id, { ref: { id, ...hashOf(bytes) }, owner, file });
        writeFileSync(`${file}.tmp`, bytes, { flag: "wx" });
      }
    } catch (error) {
      discard();
      throw error;
    }
    return {
      refs: new Map([...staged].map(([id, blob]) => [id, { ...blob.ref }])),
      commit: () => {
        this.clear();
        for (const blob of staged.values()) renameSync(`${blob.file}.tmp`, blob.file);
        this.#blobs = new Map(staged);
        this.#bytes = [...staged.values()].reduce((sum, blob) => sum + blob.ref.size, 0);
        this.#ids.restartAfter(staged.keys());
      },
      discard,
    };
  }

  #nextFile(): string {
    return join(this.dir, `${++this.#files}.blob`);
  }
}

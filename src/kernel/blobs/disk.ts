// A blob store that spills to a data directory (--data-dir): one file per blob, written under a temporary
// name and renamed once complete, so a failed put leaves nothing. The index lives in memory; files left by
// an earlier run are removed at start (the state that referred to them went with that process, and their
// ids would come round again). Only this store's own file names are touched: `<n>.blob`, `<n>.blob.tmp`.
// With `persist` (--persist) an earlier run's files stay until adopt() has taken the saved index back, and a
// deleted blob's file stays until the next save no longer names it (saved(), see src/persist.ts).

import { mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync, createReadStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Readable } from "node:stream";
import { BlobIds, byteSpan, emptyStream } from "./common.js";
import { hashOf, ingest, type BlobSource } from "./ingest.js";
import type { BlobEntry, BlobRef, BlobStore, PutOptions, StagedBlobs } from "./types.js";

const OWN_FILE = /^(\d+)\.blob(\.tmp)?$/;

/** A blob as a saved index names it (src/persist.ts): its ref, its owner and its file's name in the directory. */
export interface SavedBlob {
  ref: BlobRef;
  owner?: string;
  file: string;
}

/** What a save keeps of the store: the index and the id counter's position. */
export interface SavedBlobIndex {
  blobs: SavedBlob[];
  nextId: number;
}

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
  readonly #persist: boolean;
  /** with persist: files of deleted blobs, kept until a save no longer names them */
  #doomed: string[] = [];
  /** with persist: files put since the last save, flushed to disk before the next one names them */
  #unsynced = new Set<string>();
  /** counts every change of the index: a save is skipped when it has not moved */
  #changes = 0;

  constructor(readonly dir: string, options: { persist?: boolean } = {}) {
    this.#persist = options.persist ?? false;
    try {
      mkdirSync(dir, { recursive: true });
      for (const name of readdirSync(dir)) {
        const own = OWN_FILE.exec(name);
        if (!own) continue;
        // numbering goes on past an earlier run's files, kept or not yet removed
        this.#files = Math.max(this.#files, Number(own[1]));
        if (!this.#persist) rmSync(join(dir, name), { force: true });
      }
    } catch (error) {
      throw new Error(`the data directory ${dir} cannot be used: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }

  get changes(): number {
    return this.#changes;
  }

  /** The index as a save keeps it (file names relative to the directory). */
  index(): SavedBlobIndex {
    const blobs = [...this.#blobs.values()].map(({ ref, owner, file }) => ({ ref: { ...ref }, ...(owner === undefined ? {} : { owner }), file: basename(file) }));
    return { blobs, nextId: this.#ids.position };
  }

  /**
   * Takes a saved index back (a start with --persist): each blob's file must be there with its size. Throws
   * naming the first that is not, and changes nothing then.
   */
  adopt(index: SavedBlobIndex): void {
    const adopted = new Map<string, Blob>();
    for (const { ref, owner, file } of index.blobs) {
      if (!OWN_FILE.test(file) || file.endsWith(".tmp")) throw new Error(`blob ${ref.id}: ${JSON.stringify(file)} is not a blob file name`);
      const path = join(this.dir, file);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        throw new Error(`blob ${ref.id}: its file ${path} is missing`);
      }
      if (size !== ref.size) throw new Error(`blob ${ref.id}: its file ${path} holds ${size} bytes, not ${ref.size}`);
      adopted.set(ref.id, { ref: { ...ref }, owner, file: path });
    }
    this.clear();
    this.#blobs = adopted;
    this.#bytes = [...adopted.values()].reduce((sum, blob) => sum + blob.ref.size, 0);
    this.#ids.restartAt(index.nextId, adopted.keys());
    this.#changes++;
  }

  /** Removes this store's files the index does not name: an earlier run's leftovers (a start with --persist). */
  dropOrphans(): void {
    const named = new Set([...this.#blobs.values()].map((blob) => basename(blob.file)));
    for (const name of readdirSync(this.dir)) if (OWN_FILE.test(name) && !named.has(name)) rmSync(join(this.dir, name), { force: true });
    this.#doomed = [];
  }

  /** Flushes the files put since the last save to disk, so a save that names them survives a power cut too. */
  async syncNew(): Promise<void> {
    const files = [...this.#unsynced];
    this.#unsynced.clear();
    for (const file of files) {
      const handle = await open(file, "r").catch(() => undefined); // deleted meanwhile: nothing to flush
      if (!handle) continue;
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }

  /** A save named none of `doomed` (taken from takeDoomed() before it): their files can go now. */
  saved(doomed: string[]): void {
    for (const file of doomed) rmSync(file, { force: true });
  }

  /** The files of blobs deleted so far, which the save about to start no longer names. */
  takeDoomed(): string[] {
    const doomed = this.#doomed;
    this.#doomed = [];
    return doomed;
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
      this.#changes++;
      if (this.#persist) this.#unsynced.add(file);
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
    this.#changes++;
    // the last save may still name it: a crash now must find its bytes at the next start
    if (this.#persist) {
      this.#doomed.push(blob.file);
      this.#unsynced.delete(blob.file);
    } else rmSync(blob.file, { force: true });
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
        this.#changes++;
        if (this.#persist) for (const blob of staged.values()) this.#unsynced.add(blob.file);
      },
      discard,
    };
  }

  #nextFile(): string {
    return join(this.dir, `${++this.#files}.blob`);
  }
}

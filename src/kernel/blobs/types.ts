// The blob store's contract: object and image bytes live here, outside the immer state tree, and the
// state refers to them by id (with size and checksums). Bytes stream in and out; none is ever held as
// one string. Implementations: memory (default) and a data directory (--data-dir).

import type { Readable } from "node:stream";

// The state keeps each BlobRef as an object of its own (`image.data: BlobRef`), not its fields spread into a
// resource: a state import finds the blobs a snapshot refers to by that shape.
/** What the state keeps of a blob: enough to answer HEAD, ETag, Content-MD5 and checksums without reading it. */
export interface BlobRef {
  id: string;
  size: number;
  /** hex MD5 of the bytes (Swift/S3 ETag, Glance checksum, Content-MD5) */
  md5: string;
  /** hex SHA-256 of the bytes: only when the put asked for it (PutOptions.sha256), or in a ref a state import staged */
  sha256?: string;
}

/** Why a put stopped: the caller renders it in its own service's error shape (413, 422, 400). */
export class BlobTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/**
 * By convention the owner is the id of the project that put the blob: POST /_emulator/reset?project=<id>
 * frees that project's blobs (clear(<id>)), a whole reset frees all of them (clear()).
 */
export interface PutOptions {
  /** stop with BlobTooLarge past this many bytes (nothing is kept) */
  maxBytes?: number;
  /** an owner tag, so a per-project reset can free what a project wrote (e.g. the project id) */
  owner?: string;
  /** compute the SHA-256 too (the ref's sha256): only a caller that checks it pays for it (S3's signed payload) */
  sha256?: boolean;
}

export interface BlobStore {
  /**
   * Streams `source` in, computing MD5 (and SHA-256 when options.sha256) on the way. Resolves once every byte is stored; on any
   * error (the source's, BlobTooLarge) nothing is kept.
   */
  put(source: Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Uint8Array | string, options?: PutOptions): Promise<BlobRef>;
  /** The bytes, streamed; `range` is inclusive of start and end (HTTP Range semantics). Undefined when unknown. */
  get(id: string, range?: { start: number; end: number }): Readable | undefined;
  /**
   * The bytes at once, when the store holds them in memory and they are at most `max` (a small download is
   * answered with one buffer, not a stream); undefined otherwise (then `get` streams them).
   */
  small?(id: string, range: { start: number; end: number } | undefined, max: number): Uint8Array | undefined;
  has(id: string): boolean;
  /** Frees the bytes; false when unknown. */
  delete(id: string): boolean;
  /** Frees every blob whose owner is `owner` (a per-project reset), or all (a reset). */
  clear(owner?: string): void;
  /** Every stored blob's id (state export with bytes). */
  ids(): string[];
  /** count and total bytes held (the bench, health) */
  stats(): { count: number; bytes: number };
  /** The owner a blob was put with (state export with bytes). */
  owner(id: string): string | undefined;
  /** Stages a replacement of every blob (a state import): nothing changes until commit(). */
  stageReplace(entries: BlobEntry[]): StagedBlobs;
}

/** A blob as a state import carries it: its id, its bytes, and its owner. */
export interface BlobEntry {
  id: string;
  /** handed over: the store may keep this very buffer, so the caller must not reuse it */
  bytes: Uint8Array;
  owner?: string;
}

export interface StagedBlobs {
  /** what each staged blob's ref is (the import checks the state's refs against these) */
  readonly refs: ReadonlyMap<string, BlobRef>;
  /** The staged blobs become the store's whole content; the ones it held are freed. */
  commit(): void;
  /** Drops what was staged; the store stays as it was. */
  discard(): void;
}

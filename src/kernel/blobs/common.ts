// What both blob stores share: their ids (`blob-<n>`, from a counter: the same sequence in every run, so
// ids are reproducible whatever the random seed), byte ranges, and an empty stream.

import { Readable } from "node:stream";

const ID = /^blob-(\d+)$/;

export class BlobIds {
  #next = 1;

  next(): string {
    return `blob-${this.#next++}`;
  }

  /** After a whole clear the store hands out the ids a fresh one would. */
  restart(): void {
    this.#next = 1;
  }

  /** The number the next id carries (a save keeps it: see restartAt). */
  get position(): number {
    return this.#next;
  }

  /** After a saved index is taken back: on from the saved position, and never an id a kept blob holds. */
  restartAt(position: number, ids: Iterable<string>): void {
    this.restartAfter(ids);
    if (Number.isSafeInteger(position)) this.#next = Math.max(this.#next, position);
  }

  /** After an import: never hand out an id an imported blob holds. */
  restartAfter(ids: Iterable<string>): void {
    this.#next = 1;
    for (const id of ids) {
      const n = ID.exec(id);
      if (n) this.#next = Math.max(this.#next, Number(n[1]) + 1);
    }
  }
}

/**
 * The first and last byte a read covers: the whole blob, or `range` (inclusive, as HTTP Range) with its end
 * cut to the blob's last byte. A start past the end reads nothing; start > end is empty too.
 */
export function byteSpan(size: number, range?: { start: number; end: number }): [number, number] {
  if (!range) return [0, size - 1];
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < 0) {
    throw new RangeError(`A byte range is two non-negative integers, not ${start}-${end}.`);
  }
  return [start, Math.min(end, size - 1)];
}

export function emptyStream(): Readable {
  return new Readable({
    read() {
      this.push(null);
    },
  });
}

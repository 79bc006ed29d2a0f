// How a put reads its source: every source kind (node Readable, web ReadableStream, any async iterable of
// bytes, bytes, a string) as one stream of byte chunks, hashed (MD5, SHA-256 when asked) and counted on the way, and
// stopped past maxBytes with the source cancelled.

import { createHash } from "node:crypto";
import { BlobTooLarge, type BlobStore } from "./types.js";

export type BlobSource = Parameters<BlobStore["put"]>[0];

/** What a put learns of the bytes it streamed. */
export interface Hashed {
  size: number;
  md5: string;
  /** only when asked for */
  sha256?: string;
}

/** bytes handed over whole (a Uint8Array, a string) are read in slices of this size */
export const SLICE = 64 * 1024;

/**
 * Streams `source` to `sink` chunk by chunk (waiting for it when it returns a promise). Past `maxBytes` it
 * throws BlobTooLarge before the chunk that crosses the limit reaches the sink; on any error the source is
 * cancelled (a Readable destroyed, a web stream cancelled, an iterator returned).
 */
export async function ingest(
  source: BlobSource,
  maxBytes: number,
  sink: (chunk: Uint8Array) => void | Promise<void>,
  withSha256 = false,
): Promise<Hashed> {
  const md5 = createHash("md5");
  const sha256 = withSha256 ? createHash("sha256") : undefined;
  let size = 0;
  for await (const chunk of chunksOf(source)) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new BlobTooLarge(maxBytes);
    md5.update(chunk);
    sha256?.update(chunk);
    const wait = sink(chunk);
    if (wait) await wait;
  }
  const hashed: Hashed = { size, md5: md5.digest("hex") };
  if (sha256) hashed.sha256 = sha256.digest("hex");
  return hashed;
}

/** The size and both checksums of bytes at hand (a state import checks whatever its refs carry). */
export function hashOf(bytes: Uint8Array): Hashed {
  return {
    size: bytes.byteLength,
    md5: createHash("md5").update(bytes).digest("hex"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

// A generator's return() (the consumer stopped: an error, BlobTooLarge) runs the finally blocks below and
// returns the iterator it loops over, so the source is cancelled however the put ends.
async function* chunksOf(source: BlobSource): AsyncGenerator<Uint8Array> {
  if (typeof source === "string") yield* slices(Buffer.from(source, "utf8"));
  else if (source instanceof Uint8Array) yield* slices(source);
  else if (isWebStream(source)) yield* webChunks(source);
  else {
    for await (const chunk of source as AsyncIterable<unknown>) {
      const bytes = bytesOf(chunk);
      if (bytes.byteLength) yield bytes;
    }
  }
}

function* slices(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += SLICE) yield bytes.subarray(at, at + SLICE);
}

async function* webChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let ended = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        ended = true;
        return;
      }
      const bytes = bytesOf(next.value);
      if (bytes.byteLength) yield bytes;
    }
  } finally {
    // a stream that failed rejects the cancel too: nothing more to do with it
    if (!ended) reader.cancel().catch(() => {});
  }
}

function isWebStream(source: object): source is ReadableStream<Uint8Array> {
  return typeof (source as ReadableStream).getReader === "function";
}

/** A chunk as bytes: streams in text mode (setEncoding) yield strings; anything else is a mistake. */
function bytesOf(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, "utf8");
  throw new TypeError(`a blob source yields bytes or strings, not ${chunk === null ? "null" : typeof chunk}`);
}

// A PUT's body as S3 reads it: x-amz-content-sha256 says how it comes. A hex hash (checked once the bytes
// are in), UNSIGNED-PAYLOAD, or aws-chunked framing (`<hex size>[;chunk-signature=<sig>]\r\n<bytes>\r\n`
// ... `0...\r\n` [trailers] `\r\n`) whose chunk signatures chain from the request's own (SigV4 streaming), the
// trailers (`x-amz-trailer` names them) signed after the last chunk. Content-MD5, x-amz-decoded-content-length
// and an additional checksum (payload-checksum.ts: a header or a trailer) are checked too; on any refusal the blob is freed.

import { createHash, createHmac } from "node:crypto";
import { ApiError } from "../../kernel/errors.js";
import type { BlobRef } from "../../kernel/blobs/types.js";
import { requestHeader, type Ctx } from "../../kernel/http/context.js";
import { streamedBody } from "../../kernel/http/stream.js";
import { EMPTY_SHA256, signingKey } from "../../kernel/auth/sigv4.js";
import type { Kernel } from "../../kernel/kernel.js";
import { algorithmOf, checksumAlgorithm, checksumFor, type Algorithm } from "./checksums.js";
import { tapped, wantedChecksum, type StoredChecksum } from "./payload-checksum.js";
import { badChecksum, badDigest, incompleteBody, invalidArgument, invalidChunkSize, invalidDigest, invalidRequest, sha256Mismatch, signatureDoesNotMatch } from "./errors.js";

/**
 * A chunk's declared size past this is refused on its header (clients send 64 KiB to 8 MiB; S3 documents
 * no maximum; MinIO's is 16 MiB). Nothing is buffered per chunk, so this bounds no memory: it refuses a
 * framing no client writes before any of it is read.
 */
export const MAX_CHUNK = 64 * 1024 * 1024;
/** a chunk header (hex size and its signature) or a trailer line is far shorter than this */
const MAX_HEADER = 4096;
const SIGNED_STREAMING = "STREAMING-AWS4-HMAC-SHA256-PAYLOAD";
const UNSIGNED_STREAMING = "STREAMING-UNSIGNED-PAYLOAD-TRAILER";

export interface ChunkSigning {
  key: Buffer;
  amzDate: string;
  scope: string;
  seed: string;
}

export interface Payload {
  ref: BlobRef;
  /** the additional checksum the body came with, or the one S3 was asked to compute (checked) */
  checksum?: StoredChecksum;
}

/**
 * Reads a PUT body into one blob (owned by `owner`), checked as S3 checks it; `algorithm`: the checksum a
 * multipart upload's parts are computed with; `fallback`: the one computed when the request names none.
 */
export async function readPayload(
  c: Ctx,
  kernel: Kernel,
  owner: string,
  secretOf: (access: string) => string | undefined,
  algorithm?: Algorithm,
  fallback?: Algorithm,
): Promise<Payload> {
  const md5 = expectedMd5(c);
  const mode = requestHeader(c, "x-amz-content-sha256");
  const body = streamedBody(c);
  let source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> = body.stream;
  if (mode !== undefined && mode !== "UNSIGNED-PAYLOAD" && !mode.startsWith("STREAMING-") && !/^[0-9a-f]{64}$/i.test(mode)) {
    throw invalidArgument("x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, or a valid sha256 value.", "x-amz-content-sha256", mode);
  }
  const chunked = mode?.startsWith("STREAMING-");
  let trailers: Trailers | undefined;
  if (chunked) {
    if (mode !== SIGNED_STREAMING && mode !== `${SIGNED_STREAMING}-TRAILER` && mode !== UNSIGNED_STREAMING) {
      throw invalidRequest(`x-amz-content-sha256 ${mode} is not a payload signing method this endpoint supports.`);
    }
    const signing = mode.startsWith(SIGNED_STREAMING) ? chunkSigning(c, secretOf) : undefined;
    const trailer = requestHeader(c, "x-amz-trailer")?.trim().toLowerCase() || undefined;
    if (trailer !== undefined && !algorithmOf(trailer)) throw invalidArgument("The value specified in the x-amz-trailer header is not supported", "x-amz-trailer", trailer);
    trailers = mode.endsWith("-TRAILER") ? { checksum: trailer } : undefined;
    source = decodeChunks(body.stream, signing, trailers, decodedLength(c));
  }
  const wanted = wantedChecksum(c, trailers?.checksum, algorithm, fallback);
  if (wanted?.running) source = tapped(source, wanted.running);
  // SHA-256 costs as much as the upload itself: computed only when the header declares one to check
  const signed = mode !== undefined && /^[0-9a-f]{64}$/i.test(mode);
  const ref = await kernel.blobs.put(source, { maxBytes: body.maxBytes, owner, sha256: signed });
  const refuse = (error: ApiError): never => {
    kernel.blobs.delete(ref.id);
    throw error;
  };
  if (chunked) {
    const decoded = requestHeader(c, "x-amz-decoded-content-length");
    if (decoded !== undefined && Number(decoded) !== ref.size) refuse(incompleteBody());
  } else if (body.length !== undefined && ref.size !== body.length) refuse(incompleteBody());
  if (signed && mode.toLowerCase() !== ref.sha256) refuse(sha256Mismatch(mode, ref.sha256 ?? ""));
  if (md5 !== undefined && md5 !== ref.md5) refuse(badDigest());
  if (!wanted) return { ref };
  const value = wanted.running ? wanted.running.digest() : trailers!.given!;
  if (wanted.expected !== undefined && wanted.expected !== value) refuse(badChecksum(wanted.algorithm));
  return { ref, checksum: { algorithm: wanted.algorithm, value } };
}

/** Runs the write that keeps a fresh blob; if it refuses, nothing took the blob, so it is freed. */
export function keepingBlob<R>(kernel: Kernel, ref: BlobRef, write: () => R): R {
  try {
    return write();
  } catch (error) {
    kernel.blobs.delete(ref.id);
    throw error;
  }
}

/** x-amz-decoded-content-length, the object's size an aws-chunked body carries; not a size: InvalidArgument. */
function decodedLength(c: Ctx): number | undefined {
  const header = requestHeader(c, "x-amz-decoded-content-length");
  if (header === undefined) return undefined;
  if (!/^\d{1,15}$/.test(header.trim())) throw invalidArgument("x-amz-decoded-content-length must be a number of bytes.", "x-amz-decoded-content-length", header);
  return Number(header.trim());
}

/** Content-MD5 as hex; a header that is no base64 MD5 is InvalidDigest. */
function expectedMd5(c: Ctx): string | undefined {
  const header = requestHeader(c, "content-md5");
  if (header === undefined) return undefined;
  const bytes = /^[A-Za-z0-9+/]{22}==$/.test(header.trim()) ? Buffer.from(header.trim(), "base64") : undefined;
  if (!bytes || bytes.length !== 16) throw invalidDigest();
  return bytes.toString("hex");
}

function chunkSigning(c: Ctx, secretOf: (access: string) => string | undefined): ChunkSigning {
  const header = requestHeader(c, "authorization") ?? "";
  const credential = /Credential=([^,\s]+)/.exec(header)?.[1];
  const seed = /Signature=([0-9a-f]{64})/.exec(header)?.[1];
  const amzDate = requestHeader(c, "x-amz-date");
  const parts = credential?.split("/");
  const secret = parts && secretOf(parts[0]!);
  if (!parts || parts.length !== 5 || !seed || !amzDate || secret === undefined) {
    throw invalidRequest("A streaming signed payload needs a signed Authorization header.");
  }
  return { key: signingKey(secret, parts[1]!, parts[2]!, parts[3]!), amzDate, scope: parts.slice(1).join("/"), seed };
}

/** The chunk's expected signature from its bytes' SHA-256 (hex), chained from the previous one (AWS4-HMAC-SHA256-PAYLOAD). */
export function chunkSignature(signing: ChunkSigning, previous: string, hash: string): string {
  const toSign = `AWS4-HMAC-SHA256-PAYLOAD\n${signing.amzDate}\n${signing.scope}\n${previous}\n${EMPTY_SHA256}\n${hash}`;
  return createHmac("sha256", signing.key).update(toSign).digest("hex");
}

/** The trailer an aws-chunked body announces (x-amz-trailer) and, once read and checked, its value. */
export interface Trailers {
  checksum?: string;
  given?: string;
}

const malformed = (why: string) => new ApiError(400, "IncompleteBody", `The aws-chunked body is malformed: ${why}`);

/**
 * Decodes aws-chunked framing, verifying each chunk's signature when `signing` is given, and the trailers.
 * A chunk's bytes are passed on as they arrive (its signature checked at its end; a refusal then fails the
 * whole upload, whose blob is freed), never gathered into one buffer: each byte is copied at most once, so a
 * chunk of any size costs its length. `declared`: x-amz-decoded-content-length, which no chunk may overrun.
 */
export async function* decodeChunks(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
  signing?: ChunkSigning,
  trailers?: Trailers,
  declared?: number,
): AsyncGenerator<Uint8Array> {
  const trailer = trailers?.checksum;
  const checksum = trailer === undefined ? undefined : checksumFor(trailer);
  const reader = (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  /** what the last reads left unconsumed: joined to a new read only while it is a few bytes (a header's start) */
  let buffer: Buffer = Buffer.alloc(0);
  let ended = false;
  const read = async (): Promise<Buffer | undefined> => {
    if (ended) return undefined;
    const next = await reader.next();
    if (next.done) {
      ended = true;
      return undefined;
    }
    return Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  };
  /** Appends a read to a short remainder (a chunk header, a CRLF or trailers split across reads). */
  const fill = async (): Promise<boolean> => {
    const next = await read();
    if (!next) return false;
    buffer = buffer.length ? Buffer.concat([buffer, next]) : next;
    return true;
  };
  const line = async (): Promise<string> => {
    for (;;) {
      const at = buffer.indexOf("\r\n");
      if (at >= 0) {
        const text = buffer.subarray(0, at).toString("latin1");
        buffer = buffer.subarray(at + 2);
        return text;
      }
      if (buffer.length > MAX_HEADER) throw malformed("a chunk header is too long");
      if (!(await fill())) throw malformed("it ends inside a chunk header");
    }
  };
  let previous = signing?.seed ?? "";
  let total = 0;
  for (;;) {
    const header = await line();
    const [sizeText, ...extensions] = header.split(";");
    if (!/^[0-9a-fA-F]{1,16}$/.test(sizeText!.trim())) throw malformed(`bad chunk size "${sizeText}"`);
    const size = parseInt(sizeText!.trim(), 16);
    // refused on its header, before any of its bytes are read
    if (size > MAX_CHUNK) throw invalidChunkSize(`A chunk may be at most ${MAX_CHUNK / 1024 / 1024} MiB.`);
    if (declared !== undefined && total + size > declared) throw incompleteBody();
    total += size;
    const hash = signing ? createHash("sha256") : undefined;
    for (let left = size; left > 0; ) {
      if (!buffer.length) {
        const next = await read();
        if (!next) throw malformed("it ends inside a chunk");
        buffer = next;
      }
      const piece = buffer.subarray(0, Math.min(left, buffer.length));
      buffer = buffer.subarray(piece.length);
      left -= piece.length;
      hash?.update(piece);
      checksum?.update(piece);
      yield piece;
    }
    if (signing) {
      const given = extensions.map((x) => x.trim()).find((x) => x.startsWith("chunk-signature="))?.slice("chunk-signature=".length);
      const expected = chunkSignature(signing, previous, hash!.digest("hex"));
      if (given !== expected) throw signatureDoesNotMatch();
      previous = expected;
    }
    if (size === 0) break;
    while (buffer.length < 2) if (!(await fill())) throw malformed("a chunk is not followed by CRLF");
    if (buffer[0] !== 13 || buffer[1] !== 10) throw malformed("a chunk is not followed by CRLF");
    buffer = buffer.subarray(2);
  }
  const more = async () => buffer.length > 0 || (await fill());
  if (trailers) trailers.given = await readTrailers(line, more, trailer, checksum, signing && { ...signing, previous });
  else if ((await more()) && (await line()) !== "") throw malformed("trailers need a payload mode that ends in -TRAILER");
  if (await more()) throw malformed("bytes follow its end");
}

/**
 * The trailer lines after the last chunk, up to an empty line (or the body's end): the checksum x-amz-trailer names,
 * compared with the bytes' own, and, for a signed stream, `x-amz-trailer-signature` over the sorted
 * `name:value\n` lines, chained from the last chunk's signature (AWS4-HMAC-SHA256-TRAILER).
 */
async function readTrailers(
  line: () => Promise<string>,
  more: () => Promise<boolean>,
  trailer: string | undefined,
  checksum: ReturnType<typeof checksumFor>,
  signing: (ChunkSigning & { previous: string }) | undefined,
): Promise<string | undefined> {
  const values = new Map<string, string>();
  while (await more()) {
    const text = await line();
    if (text === "") break;
    const colon = text.indexOf(":");
    if (colon <= 0) throw malformed(`bad trailer line "${text.slice(0, 80)}"`);
    values.set(text.slice(0, colon).trim().toLowerCase(), text.slice(colon + 1).trim());
  }
  const given = trailer === undefined ? undefined : values.get(trailer);
  if (trailer !== undefined && given === undefined) throw malformed(`the trailer ${trailer} it announced is missing`);
  if (signing) {
    const signature = values.get("x-amz-trailer-signature");
    values.delete("x-amz-trailer-signature");
    const canonical = [...values.keys()].sort().map((name) => `${name}:${values.get(name)}\n`).join("");
    const hash = createHash("sha256").update(canonical).digest("hex");
    const toSign = `AWS4-HMAC-SHA256-TRAILER\n${signing.amzDate}\n${signing.scope}\n${signing.previous}\n${hash}`;
    if (signature !== createHmac("sha256", signing.key).update(toSign).digest("hex")) throw signatureDoesNotMatch();
  }
  if (checksum && checksum.digest() !== given) throw badChecksum(checksumAlgorithm(trailer!));
  return given;
}

// Which additional checksum a PUT body carries and how S3 checks it: one `x-amz-checksum-<algorithm>` header
// (its value checked against the bytes once they are in), a trailer of an aws-chunked body (payload.ts
// checks it), or only an algorithm (x-amz-sdk-checksum-algorithm, or the multipart upload's), which S3 then
// computes itself. The checksum is kept with the object and served under `x-amz-checksum-mode: ENABLED`.

import { requestHeader, requestHeaderRecord, type Ctx } from "../../kernel/http/context.js";
import { algorithmOf, checksumOf, headerOf, validDigest, type Algorithm, type Checksum } from "./checksums.js";
import { invalidRequest } from "./errors.js";

/** x-amz-checksum-* request headers that carry no checksum */
const NOT_DIGESTS = new Set(["x-amz-checksum-algorithm", "x-amz-checksum-type", "x-amz-checksum-mode"]);

export interface WantedChecksum {
  algorithm: Algorithm;
  /** the header's value, checked against the bytes; absent: computed (or taken from the trailer) */
  expected?: string;
  /** the running checksum when this module computes it (not for a trailer, which payload.ts checks) */
  running?: Checksum;
}

/** An object's or part's checksum as stored and answered. */
export interface StoredChecksum {
  algorithm: Algorithm;
  value: string;
}

/** A header's algorithm name, refused when it names none. */
export function algorithmHeader(c: Ctx, name: string): Algorithm | undefined {
  const value = requestHeader(c, name);
  if (value === undefined) return undefined;
  const algorithm = algorithmOf(value.trim());
  if (!algorithm) throw invalidRequest(`Checksum algorithm provided is unsupported. Please try again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]`);
  return algorithm;
}

/**
 * The checksum a body must be checked with. `required`: the multipart upload's algorithm, which each part
 * is computed with (a part naming another is refused, as S3 refuses it). `trailer`: the x-amz-trailer name.
 * `fallback`: the algorithm S3 computes when the request names none (CRC64NVME for PutObject).
 */
export function wantedChecksum(c: Ctx, trailer: string | undefined, required?: Algorithm, fallback?: Algorithm): WantedChecksum | undefined {
  const given: Array<[Algorithm, string]> = [];
  for (const [name, value] of Object.entries(requestHeaderRecord(c))) {
    const lower = name.toLowerCase();
    if (!lower.startsWith("x-amz-checksum-") || NOT_DIGESTS.has(lower)) continue;
    const algorithm = algorithmOf(lower);
    if (!algorithm) throw invalidRequest(`The ${lower} header is not a checksum this endpoint knows.`);
    if (!validDigest(algorithm, value.trim())) throw invalidRequest(`Value for ${lower} header is invalid.`);
    given.push([algorithm, value.trim()]);
  }
  const fromTrailer = trailer === undefined ? undefined : algorithmOf(trailer);
  if (given.length + (fromTrailer ? 1 : 0) > 1) throw invalidRequest("Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
  const named = given[0]?.[0] ?? fromTrailer ?? algorithmHeader(c, "x-amz-sdk-checksum-algorithm") ?? algorithmHeader(c, "x-amz-checksum-algorithm");
  if (required && named && named !== required) {
    throw invalidRequest(`Checksum Type mismatch occurred, expected checksum Type: ${required.toLowerCase()}, actual checksum Type: ${named.toLowerCase()}`);
  }
  const algorithm = named ?? required ?? fallback;
  if (!algorithm) return undefined;
  return { algorithm, expected: given[0]?.[1], running: fromTrailer ? undefined : checksumOf(algorithm) };
}

/** Passes a body on, feeding the running checksum on the way. */
export async function* tapped(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, sum: Checksum): AsyncGenerator<Uint8Array> {
  for await (const piece of source as AsyncIterable<Uint8Array>) {
    sum.update(piece);
    yield piece;
  }
}

/** An algorithm's digest of bytes read to their end (CopyObject asked for another algorithm than the source's). */
export async function checksumOfBytes(algorithm: Algorithm, bytes: AsyncIterable<Uint8Array>): Promise<string> {
  const sum = checksumOf(algorithm);
  for await (const piece of bytes) sum.update(piece);
  return sum.digest();
}

/** The response header naming a stored checksum (PutObject, UploadPart, GetObject with checksum mode). */
export const checksumHeaders = (checksum: StoredChecksum | undefined): Record<string, string> =>
  checksum ? { [headerOf(checksum.algorithm)]: checksum.value } : {};

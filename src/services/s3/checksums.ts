// S3's additional checksums (x-amz-checksum-crc32, -crc32c, -crc64nvme, -sha1, -sha256), computed as the
// bytes stream by and compared in base64 as S3 sends them. The CRCs are table-driven (one table each, built
// on first use; CRC-32C sliced by 8); CRC-64/NVME runs on two 32-bit halves, a few integer operations a byte.
// `crcCombine` joins two CRCs without the bytes (a FULL_OBJECT multipart checksum from its parts').

import { createHash, type Hash } from "node:crypto";
import { crc32 } from "node:zlib";

export interface Checksum {
  update(data: Uint8Array): void;
  /** base64 of the big-endian digest, as the header carries it */
  digest(): string;
}

export const ALGORITHMS = ["CRC32", "CRC32C", "CRC64NVME", "SHA1", "SHA256"] as const;
export type Algorithm = (typeof ALGORITHMS)[number];
/** the digest's size in bytes: a header value of another size is no checksum */
const SIZES: Record<Algorithm, number> = { CRC32: 4, CRC32C: 4, CRC64NVME: 8, SHA1: 20, SHA256: 32 };
/** the CRCs' reflected polynomials and widths (FULL_OBJECT checksums exist only for these) */
const CRCS: Partial<Record<Algorithm, { poly: bigint; width: number }>> = {
  CRC32: { poly: 0xedb88320n, width: 32 },
  CRC32C: { poly: 0x82f63b78n, width: 32 },
  CRC64NVME: { poly: 0x9a6c9329ac4bc9b5n, width: 64 },
};

export const headerOf = (algorithm: Algorithm) => `x-amz-checksum-${algorithm.toLowerCase()}`;
export const isCrc = (algorithm: Algorithm) => CRCS[algorithm] !== undefined;

/** `CRC32` from `crc32`, `x-amz-checksum-crc32`; undefined for a name that is none. */
export function algorithmOf(name: string): Algorithm | undefined {
  const upper = name.toUpperCase().replace(/^X-AMZ-CHECKSUM-/, "");
  return (ALGORITHMS as readonly string[]).includes(upper) ? (upper as Algorithm) : undefined;
}

/** Whether a header value is a base64 digest of the algorithm's size. */
export function validDigest(algorithm: Algorithm, value: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0 && Buffer.from(value, "base64").length === SIZES[algorithm];
}

/** CRC-32C's tables for slicing by 8 (table k: a byte followed by k zero bytes), built on first use. */
let castagnoli: Uint32Array[] | undefined;
function crc32cTables(): Uint32Array[] {
  if (castagnoli) return castagnoli;
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    tables[0]![n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) tables[k]![n] = (tables[0]![tables[k - 1]![n]! & 0xff]! ^ (tables[k - 1]![n]! >>> 8)) >>> 0;
  }
  castagnoli = tables;
  return tables;
}

/**
 * CRC-64/NVME's slicing-by-8 tables, eight of 256 entries, each entry its low and high 32-bit halves side by
 * side (`[k * 512 + n * 2]` low, `+ 1` high): table k is byte n followed by k zero bytes.
 */
let nvme: Uint32Array | undefined;
function crc64Tables(): Uint32Array {
  if (nvme) return nvme;
  const t = new Uint32Array(8 * 512);
  const poly = CRCS.CRC64NVME!.poly;
  for (let n = 0; n < 256; n++) {
    let c = BigInt(n);
    for (let k = 0; k < 8; k++) c = c & 1n ? poly ^ (c >> 1n) : c >> 1n;
    t[n * 2] = Number(c & 0xffffffffn);
    t[n * 2 + 1] = Number(c >> 32n);
  }
  for (let k = 1; k < 8; k++) {
    for (let n = 0; n < 256; n++) {
      const lo = t[(k - 1) * 512 + n * 2]!;
      const hi = t[(k - 1) * 512 + n * 2 + 1]!;
      const i = (lo & 0xff) * 2;
      t[k * 512 + n * 2] = ((lo >>> 8) | (hi << 24)) ^ t[i]!;
      t[k * 512 + n * 2 + 1] = (hi >>> 8) ^ t[i + 1]!;
    }
  }
  nvme = t;
  return nvme;
}

const be32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out;
};

/** Eight bytes a step (slicing by 8), the rest one at a time. */
function crc32cStep(crc: number, data: Uint8Array): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = crc32cTables() as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  let c = ~crc >>> 0;
  let i = 0;
  for (const end = data.length - 7; i < end; i += 8) {
    const lo = c ^ (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24));
    c = t7[lo & 0xff]! ^ t6[(lo >>> 8) & 0xff]! ^ t5[(lo >>> 16) & 0xff]! ^ t4[lo >>> 24]! ^ t3[data[i + 4]!]! ^ t2[data[i + 5]!]! ^ t1[data[i + 6]!]! ^ t0[data[i + 7]!]!;
  }
  for (; i < data.length; i++) c = t0[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

function crc32Of(step: (crc: number, data: Uint8Array) => number): Checksum {
  let crc = 0;
  return { update: (data) => void (crc = step(crc, data)), digest: () => be32(crc).toString("base64") };
}

/** Eight bytes a step (slicing by 8) on the two 32-bit halves of the state, the rest one at a time. */
function crc64nvme(): Checksum {
  const t = crc64Tables();
  let hi = 0xffffffff;
  let lo = 0xffffffff;
  return {
    update(data) {
      let i = 0;
      for (const end = data.length - 7; i < end; i += 8) {
        const a = lo ^ (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24));
        const b = hi ^ (data[i + 4]! | (data[i + 5]! << 8) | (data[i + 6]! << 16) | (data[i + 7]! << 24));
        const i7 = 3584 + (a & 0xff) * 2, i6 = 3072 + ((a >>> 8) & 0xff) * 2, i5 = 2560 + ((a >>> 16) & 0xff) * 2, i4 = 2048 + (a >>> 24) * 2;
        const i3 = 1536 + (b & 0xff) * 2, i2 = 1024 + ((b >>> 8) & 0xff) * 2, i1 = 512 + ((b >>> 16) & 0xff) * 2, i0 = (b >>> 24) * 2;
        lo = t[i7]! ^ t[i6]! ^ t[i5]! ^ t[i4]! ^ t[i3]! ^ t[i2]! ^ t[i1]! ^ t[i0]!;
        hi = t[i7 + 1]! ^ t[i6 + 1]! ^ t[i5 + 1]! ^ t[i4 + 1]! ^ t[i3 + 1]! ^ t[i2 + 1]! ^ t[i1 + 1]! ^ t[i0 + 1]!;
      }
      for (; i < data.length; i++) {
        const index = ((lo ^ data[i]!) & 0xff) * 2;
        lo = ((lo >>> 8) | (hi << 24)) ^ t[index]!;
        hi = (hi >>> 8) ^ t[index + 1]!;
      }
    },
    digest: () => Buffer.concat([be32(~hi), be32(~lo)]).toString("base64"),
  };
}

function hashOf(algorithm: string): Checksum {
  const hash: Hash = createHash(algorithm);
  return { update: (data) => void hash.update(data), digest: () => hash.digest("base64") };
}

/** The running checksum of an algorithm. */
export function checksumOf(algorithm: Algorithm): Checksum {
  switch (algorithm) {
    case "CRC32":
      return crc32Of((crc, data) => crc32(data, crc));
    case "CRC32C":
      return crc32Of(crc32cStep);
    case "CRC64NVME":
      return crc64nvme();
    case "SHA1":
      return hashOf("sha1");
    case "SHA256":
      return hashOf("sha256");
  }
}

/** The running checksum an `x-amz-checksum-*` name asks for; undefined for one that names none. */
export function checksumFor(name: string): Checksum | undefined {
  const algorithm = algorithmOf(name);
  return algorithm && checksumOf(algorithm);
}

/** The algorithm's name as S3's BadDigest message spells it (`CRC32`, `SHA256`). */
export const checksumAlgorithm = (name: string) => name.slice("x-amz-checksum-".length).toUpperCase();

/**
 * A COMPOSITE multipart checksum: the algorithm over the parts' binary digests, then `-<parts>`.
 */
export function compositeChecksum(algorithm: Algorithm, partDigests: string[]): string {
  const sum = checksumOf(algorithm);
  for (const digest of partDigests) sum.update(Buffer.from(digest, "base64"));
  return `${sum.digest()}-${partDigests.length}`;
}

/** a * b modulo the polynomial, in the reflected bit order the CRCs use (zlib's multmodp) */
function multiplyMod(a: bigint, b: bigint, poly: bigint, width: number): bigint {
  let m = 1n << BigInt(width - 1);
  let product = 0n;
  while (m > 0n) {
    if (a & m) product ^= b;
    m >>= 1n;
    b = b & 1n ? (b >> 1n) ^ poly : b >> 1n;
  }
  return product;
}

/** x^(8n) modulo the polynomial, by squaring: O(log n) multiplications. */
function shiftOf(bytes: number, poly: bigint, width: number): bigint {
  let power = 1n << BigInt(width - 2); // x^1
  let result = 1n << BigInt(width - 1); // x^0
  for (let n = BigInt(bytes) * 8n; n > 0n; n >>= 1n) {
    if (n & 1n) result = multiplyMod(power, result, poly, width);
    power = multiplyMod(power, power, poly, width);
  }
  return result;
}

/** The CRC of A followed by B from CRC(A), CRC(B) (base64) and B's length, as a FULL_OBJECT checksum needs. */
export function crcCombine(algorithm: Algorithm, first: string, second: string, secondLength: number): string {
  const { poly, width } = CRCS[algorithm]!;
  const a = BigInt(`0x${Buffer.from(first, "base64").toString("hex")}`);
  const b = BigInt(`0x${Buffer.from(second, "base64").toString("hex")}`);
  const joined = multiplyMod(shiftOf(secondLength, poly, width), a, poly, width) ^ b;
  return Buffer.from(joined.toString(16).padStart(width / 4, "0"), "hex").toString("base64");
}

// S3's additional checksums (x-amz-checksum-crc32, -crc32c, -sha1, -sha256), computed as the bytes stream
// by and compared in base64 as S3 sends them. CRC64NVME is taken on trust: nothing here computes it.

import { createHash, type Hash } from "node:crypto";
import { crc32 } from "node:zlib";

export interface Checksum {
  update(data: Uint8Array): void;
  /** base64 of the big-endian digest, as the header carries it */
  digest(): string;
}

/** CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), one table built on first use. */
let castagnoli: Uint32Array | undefined;
function crc32cTable(): Uint32Array {
  if (castagnoli) return castagnoli;
  castagnoli = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    castagnoli[n] = c >>> 0;
  }
  return castagnoli;
}

const be32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value >>> 0);
  return out.toString("base64");
};

function crcOf(step: (crc: number, data: Uint8Array) => number): Checksum {
  let crc = 0;
  return { update: (data) => void (crc = step(crc, data)), digest: () => be32(crc) };
}

function hashOf(algorithm: string): Checksum {
  const hash: Hash = createHash(algorithm);
  return { update: (data) => void hash.update(data), digest: () => hash.digest("base64") };
}

function crc32cStep(crc: number, data: Uint8Array): number {
  const table = crc32cTable();
  let c = ~crc >>> 0;
  for (let i = 0; i < data.length; i++) c = table[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** The running checksum an `x-amz-checksum-*` name asks for; undefined for one it cannot compute. */
export function checksumFor(name: string): Checksum | undefined {
  switch (name.toLowerCase()) {
    case "x-amz-checksum-crc32":
      return crcOf((crc, data) => crc32(data, crc));
    case "x-amz-checksum-crc32c":
      return crcOf(crc32cStep);
    case "x-amz-checksum-sha1":
      return hashOf("sha1");
    case "x-amz-checksum-sha256":
      return hashOf("sha256");
    default:
      return undefined;
  }
}

/** The algorithm's name as S3's BadDigest message spells it (`CRC32`, `SHA256`). */
export const checksumAlgorithm = (name: string) => name.slice("x-amz-checksum-".length).toUpperCase();

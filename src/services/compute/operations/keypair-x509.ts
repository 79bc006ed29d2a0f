// A generated x509 keypair (nova/crypto.py generate_winrm_x509_cert): a fresh RSA key and a self-signed
// certificate for CN=<user id>, valid ten years, with the WinRM client-auth usage and the user's UPN
// (`<user id>@localhost`) as subject alternative name; encoded here as minimal DER, signed SHA-256.

import { createSign, randomBytes } from "node:crypto";
import type { RsaKeyPair } from "./keypair-keys.js";

/** A DER TLV: tag, definite length, content. */
function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}

const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
const explicit = (n: number, ...c: Buffer[]) => tlv(0xa0 + n, ...c);

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split(".").map(Number);
  const bytes = [a * 40 + b];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let v = arc >>> 7; v > 0; v >>>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 4.1.2.5). */
function time(ms: number): Buffer {
  const iso = new Date(ms).toISOString().replace(/[-:T]/g, "").slice(0, 14); // YYYYMMDDHHMMSS
  const year = Number(iso.slice(0, 4));
  return year < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

const SHA256_WITH_RSA = seq(oid("1.2.840.113549.1.1.11"), Buffer.from([0x05, 0x00]));
const TEN_YEARS_MS = 3650 * 24 * 3600 * 1000;

export interface GeneratedCertificate {
  certificate: string;
  privateKey: string;
}

/** A self-signed certificate for `userId` over `rsa` (newRsaKeyPair). */
export function generateX509Keypair(userId: string, now: number, rsa: RsaKeyPair): GeneratedCertificate {
  const { publicKey, privateKey } = rsa;
  const name = seq(set(seq(oid("2.5.4.3"), utf8(userId))));
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // positive
  const extensions = seq(
    // extendedKeyUsage: clientAuth
    seq(oid("2.5.29.37"), tlv(0x04, seq(oid("1.3.6.1.5.5.7.3.2")))),
    // subjectAltName: otherName UPN <user>@localhost
    seq(oid("2.5.29.17"), tlv(0x04, seq(explicit(0, oid("1.3.6.1.4.1.311.20.2.3"), explicit(0, utf8(`${userId}@localhost`)))))),
  );
  const tbs = seq(
    explicit(0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, serial),
    SHA256_WITH_RSA,
    name,
    seq(time(now), time(now + TEN_YEARS_MS)),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    explicit(3, extensions),
  );
  const signature = createSign("sha256").update(tbs).sign(privateKey);
  const der = seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return {
    certificate: `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`,
    privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
  };
}

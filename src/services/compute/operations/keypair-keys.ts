// Key material for keypairs (nova/crypto.py): parsing an OpenSSH public key or an x509 certificate into its
// fingerprint (MD5 colon-hex of the key blob; SHA-1 of the certificate), and generating an RSA key pair
// whose public half is in OpenSSH format and private half in PEM, as Nova returns it once.

import { createHash, generateKeyPair, X509Certificate, type KeyObject } from "node:crypto";
import { badRequest } from "../errors.js";

const SSH_TYPES = new Set([
  "ssh-rsa",
  "ssh-dss",
  "ssh-ed25519",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "sk-ssh-ed25519@openssh.com",
  "sk-ecdsa-sha2-nistp256@openssh.com",
]);

const invalidKey = () => badRequest("Keypair data is invalid: failed to generate fingerprint");

const colonHex = (digest: Buffer) => Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(":");

/** Reads the length-prefixed fields of an SSH wire-format blob; undefined when it is malformed. */
function sshFields(blob: Buffer): Buffer[] | undefined {
  const fields: Buffer[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return undefined;
    const len = blob.readUInt32BE(at);
    at += 4;
    if (at + len > blob.length) return undefined;
    fields.push(blob.subarray(at, at + len));
    at += len;
  }
  return fields;
}

/** `ssh-rsa AAAA... comment`: the fingerprint of a well-formed OpenSSH public key, else 400. */
export function sshFingerprint(publicKey: string): string {
  const m = /^(\S+)\s+([A-Za-z0-9+/]+={0,2})(\s.*)?$/s.exec(publicKey.trim());
  if (!m || !SSH_TYPES.has(m[1])) throw invalidKey();
  const blob = Buffer.from(m[2], "base64");
  // Buffer.from skips what is not base64; a strict decode re-encodes to the same text
  if (blob.toString("base64").replace(/=+$/, "") !== m[2].replace(/=+$/, "")) throw invalidKey();
  const fields = sshFields(blob);
  if (!fields || fields.length < 2 || fields[0].toString("latin1") !== m[1]) throw invalidKey();
  if (m[1] === "ssh-rsa" && fields.length !== 3) throw invalidKey();
  if (m[1] === "ssh-ed25519" && (fields.length !== 2 || fields[1].length !== 32)) throw invalidKey();
  return colonHex(createHash("md5").update(blob).digest());
}

/** A PEM certificate's fingerprint (SHA-1 of the DER, colon-hex), else 400. */
export function x509Fingerprint(certificate: string): string {
  try {
    const cert = new X509Certificate(certificate);
    return colonHex(createHash("sha1").update(cert.raw).digest());
  } catch {
    throw invalidKey();
  }
}

/** An SSH string or mpint field: uint32 length, then the bytes. */
function field(bytes: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}

/** A positive big-endian integer as an SSH mpint (a leading zero when the high bit is set). */
function mpint(unsigned: Buffer): Buffer {
  let start = 0;
  while (start < unsigned.length - 1 && unsigned[start] === 0) start++;
  const trimmed = unsigned.subarray(start);
  return field(trimmed[0] & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export interface GeneratedKey {
  publicKey: string;
  privateKey: string;
  fingerprint: string;
}

export interface RsaKeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

/**
 * A fresh 2048-bit RSA key pair, made on libuv's thread pool: made in line, it held the event loop for
 * 50-150 ms, every other request waiting. The route makes it before its write; the write only formats it.
 */
export function newRsaKeyPair(): Promise<RsaKeyPair> {
  return new Promise((resolve, reject) =>
    generateKeyPair("rsa", { modulusLength: 2048, publicExponent: 65537 }, (error, publicKey, privateKey) =>
      error ? reject(error) : resolve({ publicKey, privateKey }),
    ),
  );
}

/** `rsa` as Nova hands a generated key out: `ssh-rsa AAAA... Generated-by-Nova` and a PKCS#1 PEM private key. */
export function generateSshKey(rsa: RsaKeyPair): GeneratedKey {
  const { publicKey, privateKey } = rsa;
  const jwk = publicKey.export({ format: "jwk" });
  const blob = Buffer.concat([
    field(Buffer.from("ssh-rsa")),
    mpint(Buffer.from(jwk.e!, "base64url")),
    mpint(Buffer.from(jwk.n!, "base64url")),
  ]);
  return {
    publicKey: `ssh-rsa ${blob.toString("base64")} Generated-by-Nova`,
    privateKey: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    fingerprint: colonHex(createHash("md5").update(blob).digest()),
  };
}

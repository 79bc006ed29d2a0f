// aws-chunked payloads: STREAMING-AWS4-HMAC-SHA256-PAYLOAD with chained chunk signatures (a wrong one is
// SignatureDoesNotMatch and stores nothing), signed and unsigned trailers with their checksums
// (STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER, STREAMING-UNSIGNED-PAYLOAD-TRAILER), x-amz-decoded-content-length.

import { createHash, createHmac } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { signV4 } from "../../helpers/toy-s3.js";
import { ec2Keys, errorCode, s3, s3Emulator, send, tags, type Keys } from "./s3-helpers.js";
import type { Emulator } from "../../../src/app.js";

const sha = (d: string | Buffer) => createHash("sha256").update(d).digest("hex");
const hmac = (k: string | Buffer, d: string) => createHmac("sha256", k).update(d).digest();

interface Trailer {
  /** `name:value` lines; signed with x-amz-trailer-signature after the last chunk */
  lines: string[];
  /** replaces the trailer signature */
  signature?: string;
}

/** An aws-chunked body of `chunks`, each signed from the previous signature (AWS's streaming SigV4). */
function signedChunks(keys: Keys, when: Date, seed: string, chunks: Buffer[], tamper = -1, trailer?: Trailer): Buffer {
  const date = when.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const scope = `${date.slice(0, 8)}/us-east-1/s3/aws4_request`;
  const key = hmac(hmac(hmac(hmac(`AWS4${keys.secret}`, date.slice(0, 8)), "us-east-1"), "s3"), "aws4_request");
  let previous = seed;
  const out: Buffer[] = [];
  for (const [i, chunk] of [...chunks, Buffer.alloc(0)].entries()) {
    const toSign = ["AWS4-HMAC-SHA256-PAYLOAD", date, scope, previous, sha(""), sha(chunk)].join("\n");
    let signature = createHmac("sha256", key).update(toSign).digest("hex");
    previous = signature;
    if (i === tamper) signature = "0".repeat(64);
    out.push(Buffer.from(`${chunk.length.toString(16)};chunk-signature=${signature}\r\n`));
    if (chunk.length || !trailer) out.push(chunk, Buffer.from("\r\n"));
  }
  if (trailer) {
    const canonical = trailer.lines.map((l) => `${l}\n`).join("");
    const signature = trailer.signature ?? createHmac("sha256", key).update(["AWS4-HMAC-SHA256-TRAILER", date, scope, previous, sha(canonical)].join("\n")).digest("hex");
    out.push(Buffer.from(`${trailer.lines.map((l) => `${l}\r\n`).join("")}x-amz-trailer-signature:${signature}\r\n\r\n`));
  }
  return Buffer.concat(out);
}

const crc32Of = (data: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(data) >>> 0);
  return out.toString("base64");
};

async function putChunked(emu: Emulator, keys: Keys, path: string, chunks: Buffer[], tamper = -1, decoded?: number, trailer?: Trailer & { name: string }) {
  const when = new Date();
  const total = chunks.reduce((n, c) => n + c.length, 0);
  // the body's length depends only on the chunk sizes, so sign with a placeholder body of that length
  const placeholder = signedChunks(keys, when, "0".repeat(64), chunks, -1, trailer);
  const url = `http://localhost/s3${path}`;
  const headers = signV4({
    method: "PUT",
    url,
    accessKey: keys.accessKey,
    secret: keys.secret,
    date: when,
    payloadHash: trailer ? "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER" : "STREAMING-AWS4-HMAC-SHA256-PAYLOAD",
    headers: {
      "content-encoding": "aws-chunked",
      "x-amz-decoded-content-length": String(decoded ?? total),
      "content-length": String(placeholder.length),
      ...(trailer ? { "x-amz-trailer": trailer.name } : {}),
    },
  });
  const seed = /Signature=([0-9a-f]{64})/.exec(headers.authorization!)![1]!;
  return send(emu, "PUT", url, headers, signedChunks(keys, when, seed, chunks, tamper, trailer));
}

describe("aws-chunked payloads", () => {
  it("decodes signed chunks and stores only the data", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunks");
    const chunks = [Buffer.alloc(70_000, "x"), Buffer.from("tail")];
    const res = await putChunked(emu, keys, "/chunks/obj", chunks);
    expect(res.status).toBe(200);
    const got = await s3(emu, keys, "GET", "/chunks/obj");
    expect(got.bytes.equals(Buffer.concat(chunks))).toBe(true);
  });

  it("refuses a chunk whose signature is wrong, and a decoded length that does not match, storing nothing", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunks");
    const bad = await putChunked(emu, keys, "/chunks/obj", [Buffer.from("one"), Buffer.from("two")], 1);
    expect([bad.status, errorCode(bad)]).toEqual([403, "SignatureDoesNotMatch"]);
    const short = await putChunked(emu, keys, "/chunks/obj", [Buffer.from("one")], -1, 99);
    expect([short.status, errorCode(short)]).toEqual([400, "IncompleteBody"]);
    expect(tags((await s3(emu, keys, "GET", "/chunks")).text, "Key")).toEqual([]);
    expect(emu.kernel.blobs.stats().count).toBe(0);
  });

  it("takes unsigned chunks with trailing checksums (STREAMING-UNSIGNED-PAYLOAD-TRAILER)", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunks");
    const body = Buffer.from("5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:DUoRhQ==\r\n\r\n");
    const res = await s3(emu, keys, "PUT", "/chunks/t", {
      body,
      payloadHash: "STREAMING-UNSIGNED-PAYLOAD-TRAILER",
      headers: { "content-encoding": "aws-chunked", "x-amz-decoded-content-length": "11", "x-amz-trailer": "x-amz-checksum-crc32" },
    });
    expect(res.status).toBe(200);
    expect((await s3(emu, keys, "GET", "/chunks/t")).text).toBe("hello world");
    const broken = await s3(emu, keys, "PUT", "/chunks/t", { body: Buffer.from("zz\r\nhello"), payloadHash: "STREAMING-UNSIGNED-PAYLOAD-TRAILER" });
    expect([broken.status, errorCode(broken)]).toEqual([400, "IncompleteBody"]);
    expect((await s3(emu, keys, "GET", "/chunks/t")).text).toBe("hello world");
  });

  it("verifies a signed trailer: its signature chains from the last chunk's, its checksum from the bytes", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunks");
    const data = [Buffer.alloc(70_000, "y"), Buffer.from("end")];
    const good = crc32Of(Buffer.concat(data));
    const put = (trailer: Trailer) => putChunked(emu, keys, "/chunks/trailed", data, -1, undefined, { name: "x-amz-checksum-crc32", ...trailer });
    const ok = await put({ lines: [`x-amz-checksum-crc32:${good}`] });
    expect(ok.status).toBe(200);
    expect((await s3(emu, keys, "GET", "/chunks/trailed")).bytes.equals(Buffer.concat(data))).toBe(true);
    // a forged trailer signature, a checksum that does not match the bytes, a trailer left out
    const forged = await putChunked(emu, keys, "/chunks/other", data, -1, undefined, { name: "x-amz-checksum-crc32", lines: [`x-amz-checksum-crc32:${good}`], signature: "1".repeat(64) });
    expect([forged.status, errorCode(forged)]).toEqual([403, "SignatureDoesNotMatch"]);
    const wrongSum = await putChunked(emu, keys, "/chunks/other", data, -1, undefined, { name: "x-amz-checksum-crc32", lines: ["x-amz-checksum-crc32:AAAAAA=="] });
    expect([wrongSum.status, errorCode(wrongSum)]).toEqual([400, "BadDigest"]);
    const missing = await putChunked(emu, keys, "/chunks/other", data, -1, undefined, { name: "x-amz-checksum-crc32", lines: [] });
    expect([missing.status, errorCode(missing)]).toEqual([400, "IncompleteBody"]);
    expect(tags((await s3(emu, keys, "GET", "/chunks")).text, "Key")).toEqual(["trailed"]);
  });

  it("checks CRC32C and SHA-256 trailing checksums of unsigned chunks", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/chunks");
    const put = (name: string, value: string) =>
      s3(emu, keys, "PUT", "/chunks/sum", {
        body: Buffer.from(`b\r\nhello world\r\n0\r\n${name}:${value}\r\n\r\n`),
        payloadHash: "STREAMING-UNSIGNED-PAYLOAD-TRAILER",
        headers: { "content-encoding": "aws-chunked", "x-amz-decoded-content-length": "11", "x-amz-trailer": name },
      });
    // CRC-32C("hello world") is 0xc99465aa
    expect((await put("x-amz-checksum-crc32c", Buffer.from("c99465aa", "hex").toString("base64"))).status).toBe(200);
    expect((await put("x-amz-checksum-sha256", createHash("sha256").update("hello world").digest("base64"))).status).toBe(200);
    const bad = await put("x-amz-checksum-sha256", createHash("sha256").update("other").digest("base64"));
    expect([bad.status, errorCode(bad)]).toEqual([400, "BadDigest"]);
    expect(bad.text).toContain("The SHA256 you specified did not match the calculated checksum.");
  });
});

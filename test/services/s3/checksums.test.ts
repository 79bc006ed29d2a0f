// S3's additional checksums sent as headers (x-amz-checksum-crc32, -crc32c, -crc64nvme, -sha1, -sha256):
// checked against the bytes (BadDigest, nothing stored), kept, echoed by the PUT and served by GET/HEAD
// under x-amz-checksum-mode: ENABLED; multipart uploads' COMPOSITE and FULL_OBJECT checksums.

import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ec2Keys, errorCode, s3, s3Emulator, tags } from "./s3-helpers.js";

const b64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");
const crc32Of = (data: Buffer) => b64(crc32(data).toString(16).padStart(8, "0"));
const MiB = 1024 * 1024;
// the CRC catalogue's check values: each algorithm over "123456789"
const CHECK: Record<string, string> = {
  crc32: b64("cbf43926"),
  crc32c: b64("e3069283"),
  crc64nvme: b64("ae8b14860a799888"),
  sha1: createHash("sha1").update("123456789").digest("base64"),
  sha256: createHash("sha256").update("123456789").digest("base64"),
};

/** CRC-64/NVME a bit at a time (reflected, polynomial 0x9a6c9329ac4bc9b5, init and xor-out all ones). */
function crc64Reference(data: Buffer): string {
  let crc = 0xffffffffffffffffn;
  for (const byte of data) {
    crc ^= BigInt(byte);
    for (let k = 0; k < 8; k++) crc = crc & 1n ? (crc >> 1n) ^ 0x9a6c9329ac4bc9b5n : crc >> 1n;
  }
  return b64((crc ^ 0xffffffffffffffffn).toString(16).padStart(16, "0"));
}

describe("S3 additional checksums", () => {
  it("checks each algorithm's header against the bytes, keeps it and serves it only in checksum mode", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/sums");
    for (const [name, value] of Object.entries(CHECK)) {
      const header = `x-amz-checksum-${name}`;
      const put = await s3(emu, keys, "PUT", `/sums/${name}`, { body: "123456789", headers: { [header]: value } });
      expect([name, put.status, put.headers.get(header)]).toEqual([name, 200, value]);
      const plain = await s3(emu, keys, "GET", `/sums/${name}`);
      expect(plain.headers.get(header)).toBeNull();
      for (const method of ["GET", "HEAD"]) {
        const res = await s3(emu, keys, method, `/sums/${name}`, { headers: { "x-amz-checksum-mode": "ENABLED" } });
        expect([name, method, res.headers.get(header), res.headers.get("x-amz-checksum-type")]).toEqual([name, method, value, "FULL_OBJECT"]);
      }
      // a range is not the object the checksum is of
      const range = await s3(emu, keys, "GET", `/sums/${name}`, { headers: { "x-amz-checksum-mode": "ENABLED", range: "bytes=0-2" } });
      expect([range.status, range.headers.get(header)]).toEqual([206, null]);
      const wrong = await s3(emu, keys, "PUT", `/sums/${name}-bad`, { body: "12345678X", headers: { [header]: value } });
      expect([wrong.status, errorCode(wrong)]).toEqual([400, "BadDigest"]);
      expect(wrong.text).toContain(`The ${name.toUpperCase()} you specified did not match the calculated checksum.`);
      expect(errorCode(await s3(emu, keys, "HEAD", `/sums/${name}-bad`))).toBeUndefined();
      expect((await s3(emu, keys, "HEAD", `/sums/${name}-bad`)).status).toBe(404);
    }
  });

  it("refuses two checksums, a value of the wrong size, an unknown algorithm", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/sums");
    const cases: Array<Record<string, string>> = [
      { "x-amz-checksum-crc32": CHECK.crc32!, "x-amz-checksum-sha1": CHECK.sha1! },
      { "x-amz-checksum-crc32": CHECK.sha1! },
      { "x-amz-checksum-crc32": "not base64!" },
      { "x-amz-checksum-md5": CHECK.crc32! },
      { "x-amz-sdk-checksum-algorithm": "MD5" },
    ];
    for (const headers of cases) {
      const res = await s3(emu, keys, "PUT", "/sums/x", { body: "123456789", headers });
      expect([res.status, errorCode(res)]).toEqual([400, "InvalidRequest"]);
    }
    expect(tags((await s3(emu, keys, "GET", "/sums")).text, "Key")).toEqual([]);
    // an algorithm alone is computed by S3 and kept
    const asked = await s3(emu, keys, "PUT", "/sums/computed", { body: "123456789", headers: { "x-amz-sdk-checksum-algorithm": "CRC32C" } });
    expect(asked.headers.get("x-amz-checksum-crc32c")).toBe(CHECK.crc32c);
  });

  it("computes and keeps a CRC64NVME (FULL_OBJECT) for an object sent without a checksum, as S3's default", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/sums");
    const put = await s3(emu, keys, "PUT", "/sums/plain", { body: "123456789" });
    expect([put.status, put.headers.get("x-amz-checksum-crc64nvme"), put.headers.get("x-amz-checksum-type")]).toEqual([200, CHECK.crc64nvme, "FULL_OBJECT"]);
    expect((await s3(emu, keys, "GET", "/sums/plain")).headers.get("x-amz-checksum-crc64nvme")).toBeNull();
    const head = await s3(emu, keys, "HEAD", "/sums/plain", { headers: { "x-amz-checksum-mode": "ENABLED" } });
    expect(head.headers.get("x-amz-checksum-crc64nvme")).toBe(CHECK.crc64nvme);
    // slicing by 8 and the byte-wise tail agree with a byte-at-a-time reference over a larger body
    const big = Buffer.from(Array.from({ length: 100_003 }, (_, i) => (i * 131 + 7) & 0xff));
    const bigPut = await s3(emu, keys, "PUT", "/sums/big", { body: big });
    expect(bigPut.headers.get("x-amz-checksum-crc64nvme")).toBe(crc64Reference(big));
    const copy = await s3(emu, keys, "PUT", "/sums/copy", { headers: { "x-amz-copy-source": "/sums/plain" } });
    expect(tags(copy.text, "ChecksumCRC64NVME")).toEqual([CHECK.crc64nvme]);
    // a checksum the client names is the one kept
    const named = await s3(emu, keys, "PUT", "/sums/named", { body: "123456789", headers: { "x-amz-sdk-checksum-algorithm": "CRC32" } });
    expect([named.headers.get("x-amz-checksum-crc32"), named.headers.get("x-amz-checksum-crc64nvme")]).toEqual([CHECK.crc32, null]);
  });

  it("gives a multipart upload created without an algorithm S3's default FULL_OBJECT CRC64NVME, joined from its parts", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/mpu");
    await s3(emu, keys, "PUT", "/mpu/src", { body: "tail-from-a-copy" });
    const created = await s3(emu, keys, "POST", "/mpu/obj?uploads");
    expect(created.headers.get("x-amz-checksum-algorithm")).toBeNull();
    const id = tags(created.text, "UploadId")[0]!;
    const first = Buffer.alloc(5 * MiB, "q");
    const one = await s3(emu, keys, "PUT", `/mpu/obj?partNumber=1&uploadId=${id}`, { body: first });
    expect(one.headers.get("x-amz-checksum-crc64nvme")).toBe(crc64Reference(first));
    const two = await s3(emu, keys, "PUT", `/mpu/obj?partNumber=2&uploadId=${id}`, { headers: { "x-amz-copy-source": "/mpu/src" } });
    expect(two.status, two.text).toBe(200);
    const parts = [one, two].map((p, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${p.headers.get("etag") ?? `"${tags(p.text, "ETag")[0]!.replace(/"/g, "")}"`}</ETag></Part>`);
    const done = await s3(emu, keys, "POST", `/mpu/obj?uploadId=${id}`, { body: `<CompleteMultipartUpload>${parts.join("")}</CompleteMultipartUpload>` });
    expect(done.status, done.text).toBe(200);
    const whole = Buffer.concat([first, Buffer.from("tail-from-a-copy")]);
    expect(tags(done.text, "ChecksumCRC64NVME")).toEqual([crc64Reference(whole)]);
    expect(tags(done.text, "ChecksumType")).toEqual(["FULL_OBJECT"]);
    const head = await s3(emu, keys, "HEAD", "/mpu/obj", { headers: { "x-amz-checksum-mode": "ENABLED" } });
    expect([head.headers.get("x-amz-checksum-crc64nvme"), head.headers.get("x-amz-checksum-type")]).toEqual([crc64Reference(whole), "FULL_OBJECT"]);
  });

  it("keeps the source's checksum in a copy, or computes the algorithm the copy asks for", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/sums");
    await s3(emu, keys, "PUT", "/sums/src", { body: "123456789", headers: { "x-amz-checksum-crc32": CHECK.crc32! } });
    const same = await s3(emu, keys, "PUT", "/sums/same", { headers: { "x-amz-copy-source": "/sums/src" } });
    expect(same.headers.get("x-amz-checksum-crc32")).toBe(CHECK.crc32);
    const other = await s3(emu, keys, "PUT", "/sums/other", { headers: { "x-amz-copy-source": "/sums/src", "x-amz-checksum-algorithm": "SHA256" } });
    expect([other.headers.get("x-amz-checksum-sha256"), other.headers.get("x-amz-checksum-crc32")]).toEqual([CHECK.sha256, null]);
    expect(tags(other.text, "ChecksumSHA256")).toEqual([CHECK.sha256]);
    // a copy onto itself that changes the checksum algorithm is a change S3 allows
    const self = await s3(emu, keys, "PUT", "/sums/src", { headers: { "x-amz-copy-source": "/sums/src", "x-amz-checksum-algorithm": "CRC32C" } });
    expect([self.status, self.headers.get("x-amz-checksum-crc32c")]).toEqual([200, CHECK.crc32c]);
    expect(errorCode(await s3(emu, keys, "PUT", "/sums/src", { headers: { "x-amz-copy-source": "/sums/src" } }))).toBe("InvalidRequest");
    const head = await s3(emu, keys, "HEAD", "/sums/other", { headers: { "x-amz-checksum-mode": "ENABLED" } });
    expect(head.headers.get("x-amz-checksum-sha256")).toBe(CHECK.sha256);
  });

  it("keeps a COMPOSITE multipart checksum: each part checked, the object's the digest of the parts' digests", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/mpu");
    const created = await s3(emu, keys, "POST", "/mpu/obj?uploads", { headers: { "x-amz-checksum-algorithm": "CRC32" } });
    expect([created.headers.get("x-amz-checksum-algorithm"), created.headers.get("x-amz-checksum-type")]).toEqual(["CRC32", "COMPOSITE"]);
    const id = tags(created.text, "UploadId")[0]!;
    const parts = [Buffer.alloc(5 * MiB, "a"), Buffer.from("tail")];
    const sums = parts.map(crc32Of);
    // a wrong part checksum, and another algorithm than the upload's, are refused
    const wrong = await s3(emu, keys, "PUT", `/mpu/obj?partNumber=1&uploadId=${id}`, { body: parts[0], headers: { "x-amz-checksum-crc32": sums[1]! } });
    expect(errorCode(wrong)).toBe("BadDigest");
    const other = await s3(emu, keys, "PUT", `/mpu/obj?partNumber=1&uploadId=${id}`, { body: parts[0], headers: { "x-amz-checksum-sha1": CHECK.sha1! } });
    expect(errorCode(other)).toBe("InvalidRequest");
    const one = await s3(emu, keys, "PUT", `/mpu/obj?partNumber=1&uploadId=${id}`, { body: parts[0], headers: { "x-amz-checksum-crc32": sums[0]! } });
    // a part sent without one is computed with the upload's algorithm
    const two = await s3(emu, keys, "PUT", `/mpu/obj?partNumber=2&uploadId=${id}`, { body: parts[1] });
    expect([one.headers.get("x-amz-checksum-crc32"), two.headers.get("x-amz-checksum-crc32")]).toEqual(sums);
    const listed = await s3(emu, keys, "GET", `/mpu/obj?uploadId=${id}`);
    expect(tags(listed.text, "ChecksumCRC32")).toEqual(sums);
    const body = (claimed: string[]) =>
      `<CompleteMultipartUpload>${[one, two].map((r, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${r.headers.get("etag")}</ETag><ChecksumCRC32>${claimed[i]}</ChecksumCRC32></Part>`).join("")}</CompleteMultipartUpload>`;
    expect(errorCode(await s3(emu, keys, "POST", `/mpu/obj?uploadId=${id}`, { body: body([sums[1]!, sums[1]!]) }))).toBe("InvalidPart");
    const done = await s3(emu, keys, "POST", `/mpu/obj?uploadId=${id}`, { body: body(sums) });
    const composite = `${crc32Of(Buffer.concat(sums.map((s) => Buffer.from(s, "base64"))))}-2`;
    expect([done.status, tags(done.text, "ChecksumCRC32"), tags(done.text, "ChecksumType")]).toEqual([200, [composite], ["COMPOSITE"]]);
    const head = await s3(emu, keys, "HEAD", "/mpu/obj", { headers: { "x-amz-checksum-mode": "ENABLED" } });
    expect([head.headers.get("x-amz-checksum-crc32"), head.headers.get("x-amz-checksum-type")]).toEqual([composite, "COMPOSITE"]);
  });

  it("joins the parts' CRCs into a FULL_OBJECT checksum equal to the whole object's", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/mpu");
    const sha = await s3(emu, keys, "POST", "/mpu/x?uploads", { headers: { "x-amz-checksum-algorithm": "SHA256", "x-amz-checksum-type": "FULL_OBJECT" } });
    expect(errorCode(sha)).toBe("InvalidRequest");
    for (const algorithm of ["CRC32", "CRC32C", "CRC64NVME"]) {
      const created = await s3(emu, keys, "POST", "/mpu/full?uploads", { headers: { "x-amz-checksum-algorithm": algorithm, "x-amz-checksum-type": "FULL_OBJECT" } });
      const id = tags(created.text, "UploadId")[0]!;
      const first = Buffer.alloc(5 * MiB, "z");
      const etags: string[] = [];
      for (const [i, data] of [first, Buffer.from("56789")].entries()) {
        etags.push((await s3(emu, keys, "PUT", `/mpu/full?partNumber=${i + 1}&uploadId=${id}`, { body: data })).headers.get("etag")!);
      }
      const done = await s3(emu, keys, "POST", `/mpu/full?uploadId=${id}`, {
        body: `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join("")}</CompleteMultipartUpload>`,
      });
      expect(done.status).toBe(200);
      // the whole object's checksum, computed by a one-shot PUT of the same bytes
      const single = await s3(emu, keys, "PUT", "/mpu/single", { body: Buffer.concat([first, Buffer.from("56789")]), headers: { "x-amz-sdk-checksum-algorithm": algorithm } });
      const header = `x-amz-checksum-${algorithm.toLowerCase()}`;
      expect([algorithm, tags(done.text, `Checksum${algorithm}`)[0]]).toEqual([algorithm, single.headers.get(header)]);
    }
  });

  it("keeps a trailing checksum of an aws-chunked body and serves it", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/sums");
    const body = Buffer.from(`9\r\n123456789\r\n0\r\nx-amz-checksum-crc64nvme:${CHECK.crc64nvme}\r\n\r\n`);
    const put = await s3(emu, keys, "PUT", "/sums/trailed", {
      body,
      payloadHash: "STREAMING-UNSIGNED-PAYLOAD-TRAILER",
      headers: { "content-encoding": "aws-chunked", "x-amz-decoded-content-length": "9", "x-amz-trailer": "x-amz-checksum-crc64nvme" },
    });
    expect([put.status, put.headers.get("x-amz-checksum-crc64nvme")]).toEqual([200, CHECK.crc64nvme]);
    const got = await s3(emu, keys, "GET", "/sums/trailed", { headers: { "x-amz-checksum-mode": "ENABLED" } });
    expect([got.text, got.headers.get("x-amz-checksum-crc64nvme"), got.headers.get("content-encoding")]).toEqual(["123456789", CHECK.crc64nvme, null]);
    const bad = Buffer.from(`9\r\n123456789\r\n0\r\nx-amz-checksum-crc64nvme:${b64("0000000000000000")}\r\n\r\n`);
    const refused = await s3(emu, keys, "PUT", "/sums/bad", {
      body: bad,
      payloadHash: "STREAMING-UNSIGNED-PAYLOAD-TRAILER",
      headers: { "content-encoding": "aws-chunked", "x-amz-decoded-content-length": "9", "x-amz-trailer": "x-amz-checksum-crc64nvme" },
    });
    expect(errorCode(refused)).toBe("BadDigest");
  });
});

// Multipart uploads: create, upload parts (replacing a part), list parts and uploads, complete (ETag
// md5-of-md5s-N, the parts' bytes in order, no copy), the part rules (EntityTooSmall, InvalidPart,
// InvalidPartOrder), abort, UploadPartCopy; refusals leave the upload as it was.

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call } from "../../helpers/emulator.js";
import { ec2Keys, errorCode, md5, s3, s3Emulator, tags, type Keys } from "./s3-helpers.js";

const MiB = 1024 * 1024;
const part = (fill: string, size: number) => Buffer.alloc(size, fill);

async function start(emu: Emulator, keys: Keys, key = "big.bin"): Promise<string> {
  const res = await s3(emu, keys, "POST", `/upl/${key}?uploads`, { headers: { "content-type": "application/x-big", "x-amz-meta-kind": "mp" } });
  expect(res.status).toBe(200);
  expect(tags(res.text, "Key")).toEqual([key]);
  return tags(res.text, "UploadId")[0]!;
}

const completion = (parts: Array<[number, string]>) =>
  `<CompleteMultipartUpload>${parts.map(([n, e]) => `<Part><PartNumber>${n}</PartNumber><ETag>${e}</ETag></Part>`).join("")}</CompleteMultipartUpload>`;

describe("multipart uploads", () => {
  it("uploads parts, lists them, completes into one object with S3's multipart ETag, readable through Swift", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/upl");
    const id = await start(emu, keys);
    const bodies = [part("a", 5 * MiB), part("b", 5 * MiB), part("c", 1000)];
    const etags: string[] = [];
    for (const [i, body] of bodies.entries()) {
      const res = await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=${i + 1}&uploadId=${id}`, { body });
      expect(res.status).toBe(200);
      etags.push(res.headers.get("etag")!);
    }
    expect(etags[0]).toBe(`"${md5(bodies[0]!)}"`);
    const listed = await s3(emu, keys, "GET", `/upl/big.bin?uploadId=${id}`);
    expect(tags(listed.text, "PartNumber")).toEqual(["1", "2", "3"]);
    expect(tags(listed.text, "Size")).toEqual([String(5 * MiB), String(5 * MiB), "1000"]);
    const uploads = await s3(emu, keys, "GET", "/upl?uploads");
    expect(tags(uploads.text, "UploadId")).toEqual([id]);
    // a bucket with an upload in progress is not empty
    expect(errorCode(await s3(emu, keys, "DELETE", "/upl"))).toBe("BucketNotEmpty");

    const done = await s3(emu, keys, "POST", `/upl/big.bin?uploadId=${id}`, { body: completion(etags.map((e, i) => [i + 1, e])) });
    expect(done.status).toBe(200);
    const digest = createHash("md5");
    for (const body of bodies) digest.update(createHash("md5").update(body).digest());
    const expected = `"${digest.digest("hex")}-3"`;
    expect(tags(done.text, "ETag")).toEqual([expected]);
    expect(tags(done.text, "Location")).toEqual(["http://localhost/s3/upl/big.bin"]);

    const head = await s3(emu, keys, "HEAD", "/upl/big.bin");
    expect([head.headers.get("etag"), head.headers.get("content-length"), head.headers.get("x-amz-meta-kind"), head.headers.get("content-type")]).toEqual([
      expected, String(10 * MiB + 1000), "mp", "application/x-big",
    ]);
    const range = await s3(emu, keys, "GET", "/upl/big.bin", { headers: { range: `bytes=${5 * MiB - 2}-${5 * MiB + 1}` } });
    expect(range.text).toBe("aabb");
    const swift = await call(emu, "GET", `/object-store/v1/AUTH_${keys.projectId}/upl/big.bin`, { token: keys.token });
    expect(Buffer.from(swift.text).equals(Buffer.concat(bodies))).toBe(true);
    expect(tags((await s3(emu, keys, "GET", "/upl?uploads")).text, "UploadId")).toEqual([]);
    // the parts became the object's blobs: nothing was copied, nothing is left over
    expect(emu.kernel.blobs.stats().count).toBe(3);
  });

  it("refuses small parts, unknown or mismatched parts, a bad order and an unknown upload, keeping the upload", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/upl");
    const id = await start(emu, keys);
    const e1 = (await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=1&uploadId=${id}`, { body: "small" })).headers.get("etag")!;
    const e2 = (await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=2&uploadId=${id}`, { body: "last" })).headers.get("etag")!;
    const post = (body: string) => s3(emu, keys, "POST", `/upl/big.bin?uploadId=${id}`, { body });
    const small = await post(completion([[1, e1], [2, e2]]));
    expect([small.status, errorCode(small)]).toEqual([400, "EntityTooSmall"]);
    expect(errorCode(await post(completion([[1, '"00"']])))).toBe("InvalidPart");
    expect(errorCode(await post(completion([[3, e1]])))).toBe("InvalidPart");
    expect(errorCode(await post(completion([[2, e2], [1, e1]])))).toBe("InvalidPartOrder");
    expect(errorCode(await post("<CompleteMultipartUpload>"))).toBe("MalformedXML");
    expect(errorCode(await s3(emu, keys, "POST", `/upl/big.bin?uploadId=nope`, { body: completion([[1, e1]]) }))).toBe("NoSuchUpload");
    expect(errorCode(await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=0&uploadId=${id}`, { body: "x" }))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=10001&uploadId=${id}`, { body: "x" }))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "PUT", `/upl/other?partNumber=1&uploadId=${id}`, { body: "x" }))).toBe("NoSuchUpload");
    // one part alone may be small: it is the last
    expect(tags((await s3(emu, keys, "GET", `/upl/big.bin?uploadId=${id}`)).text, "PartNumber")).toEqual(["1", "2"]);
    expect((await post(completion([[1, e1]]))).status).toBe(200);
    expect((await s3(emu, keys, "GET", "/upl/big.bin")).text).toBe("small");
    // the unused part's blob was freed
    expect(emu.kernel.blobs.stats().count).toBe(1);
  });

  it("replaces a part uploaded again, aborts (freeing the parts), and copies a part from an object's range", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/upl");
    await s3(emu, keys, "PUT", "/upl/source", { body: "0123456789" });
    const id = await start(emu, keys);
    await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=1&uploadId=${id}`, { body: "first" });
    await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=1&uploadId=${id}`, { body: "second" });
    expect(tags((await s3(emu, keys, "GET", `/upl/big.bin?uploadId=${id}`)).text, "ETag")).toEqual([`"${md5("second")}"`]);
    const copied = await s3(emu, keys, "PUT", `/upl/big.bin?partNumber=2&uploadId=${id}`, {
      headers: { "x-amz-copy-source": "/upl/source", "x-amz-copy-source-range": "bytes=2-4" },
    });
    expect(tags(copied.text, "ETag")).toEqual([`"${md5("234")}"`]);
    expect(emu.kernel.blobs.stats().count).toBe(3);
    expect((await s3(emu, keys, "DELETE", `/upl/big.bin?uploadId=${id}`)).status).toBe(204);
    expect(errorCode(await s3(emu, keys, "GET", `/upl/big.bin?uploadId=${id}`))).toBe("NoSuchUpload");
    expect(errorCode(await s3(emu, keys, "DELETE", `/upl/big.bin?uploadId=${id}`))).toBe("NoSuchUpload");
    expect(emu.kernel.blobs.stats().count).toBe(1);
  });
});

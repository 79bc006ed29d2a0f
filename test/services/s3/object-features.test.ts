// What an object keeps besides bytes and metadata (the content headers, SSE-S3's echo), ?partNumber reads,
// a second CompleteMultipartUpload, UploadPartCopy past its source, and the features S3 would act on
// that this endpoint refuses with 501 instead of ignoring (SSE-C, SSE-KMS, ACL grants, object lock...).

import { describe, expect, it } from "vitest";
import { ec2Keys, errorCode, s3, s3Emulator, send, tags } from "./s3-helpers.js";

const MiB = 1024 * 1024;
const CONTENT = {
  "cache-control": "max-age=60",
  "content-disposition": 'attachment; filename="a.txt"',
  "content-encoding": "gzip",
  "content-language": "en-GB",
  expires: "Thu, 01 Dec 2033 16:00:00 GMT",
};
const shown = (res: { headers: Headers }, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));

describe("S3 object headers, parts and refusals", () => {
  it("keeps Cache-Control, Content-Disposition, -Encoding, -Language and Expires, through copies and multipart", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/heads");
    await s3(emu, keys, "PUT", "/heads/a", { body: "x", headers: { ...CONTENT, "x-amz-sdk-checksum-algorithm": "SHA1", "x-amz-server-side-encryption": "AES256" } });
    for (const method of ["GET", "HEAD"]) expect(shown(await s3(emu, keys, method, "/heads/a"), Object.keys(CONTENT))).toEqual(CONTENT);
    await s3(emu, keys, "PUT", "/heads/copied", { headers: { "x-amz-copy-source": "/heads/a" } });
    expect(shown(await s3(emu, keys, "HEAD", "/heads/copied"), Object.keys(CONTENT))).toEqual(CONTENT);
    await s3(emu, keys, "PUT", "/heads/replaced", { headers: { "x-amz-copy-source": "/heads/a", "x-amz-metadata-directive": "REPLACE", "cache-control": "no-cache" } });
    const replaced = await s3(emu, keys, "HEAD", "/heads/replaced");
    expect([replaced.headers.get("cache-control"), replaced.headers.get("content-language")]).toEqual(["no-cache", null]);
    const id = tags((await s3(emu, keys, "POST", "/heads/mp?uploads", { headers: CONTENT })).text, "UploadId")[0]!;
    const etag = (await s3(emu, keys, "PUT", `/heads/mp?partNumber=1&uploadId=${id}`, { body: "p" })).headers.get("etag");
    await s3(emu, keys, "POST", `/heads/mp?uploadId=${id}`, { body: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${etag}</ETag></Part></CompleteMultipartUpload>` });
    expect(shown(await s3(emu, keys, "GET", "/heads/mp"), Object.keys(CONTENT))).toEqual(CONTENT);
    // and Swift serves the same headers, but none of S3's own records
    const swift = await emu.app.request(`http://localhost/object-store/v1/AUTH_${keys.projectId}/heads/a`, { headers: { "x-auth-token": keys.token } });
    expect(shown(swift, Object.keys(CONTENT))).toEqual(CONTENT);
    expect([...swift.headers.keys()].filter((name) => name.startsWith("x-amz-checksum") || name.startsWith("x-amz-server"))).toEqual([]);
  });

  it("echoes SSE-S3 (AES256) on PUT, GET, HEAD and copies; refuses SSE-KMS and SSE-C with 501", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/crypt");
    const sse = { "x-amz-server-side-encryption": "AES256" };
    const put = await s3(emu, keys, "PUT", "/crypt/a", { body: "secret", headers: sse });
    expect(put.headers.get("x-amz-server-side-encryption")).toBe("AES256");
    for (const method of ["GET", "HEAD"]) expect((await s3(emu, keys, method, "/crypt/a")).headers.get("x-amz-server-side-encryption")).toBe("AES256");
    const plain = await s3(emu, keys, "PUT", "/crypt/b", { body: "open" });
    expect(plain.headers.get("x-amz-server-side-encryption")).toBeNull();
    const copy = await s3(emu, keys, "PUT", "/crypt/c", { headers: { "x-amz-copy-source": "/crypt/b", ...sse } });
    expect(copy.headers.get("x-amz-server-side-encryption")).toBe("AES256");
    const refused: Array<[string, string, Record<string, string>]> = [
      ["PUT", "/crypt/k", { "x-amz-server-side-encryption": "aws:kms" }],
      ["PUT", "/crypt/k", { "x-amz-server-side-encryption-customer-algorithm": "AES256", "x-amz-server-side-encryption-customer-key": "a".repeat(44) }],
      ["GET", "/crypt/a", { "x-amz-server-side-encryption-customer-algorithm": "AES256" }],
      ["POST", "/crypt/k?uploads", { "x-amz-server-side-encryption-customer-algorithm": "AES256" }],
      ["PUT", "/crypt/k", { "x-amz-acl": "public-read" }],
      ["PUT", "/crypt/k", { "x-amz-grant-read": "id=someone" }],
      ["PUT", "/crypt/k", { "x-amz-website-redirect-location": "/elsewhere" }],
      ["PUT", "/crypt/k", { "x-amz-object-lock-mode": "GOVERNANCE" }],
      ["PUT", "/crypt/k", { "x-amz-storage-class": "GLACIER" }],
      ["PUT", "/locked", { "x-amz-bucket-object-lock-enabled": "true" }],
      ["PUT", "/public", { "x-amz-acl": "public-read-write" }],
    ];
    for (const [method, path, headers] of refused) {
      const res = await s3(emu, keys, method, path, { headers, body: method === "PUT" && path.startsWith("/crypt/") ? "v" : undefined });
      expect([method, path, Object.keys(headers)[0], res.status, errorCode(res)]).toEqual([method, path, Object.keys(headers)[0], 501, "NotImplemented"]);
    }
    expect(errorCode(await s3(emu, keys, "PUT", "/crypt/k", { body: "v", headers: { "x-amz-server-side-encryption": "rot13" } }))).toBe("InvalidArgument");
    expect((await s3(emu, keys, "GET", "/crypt/k")).status).toBe(404);
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual(["crypt"]);
    expect(errorCode(await s3(emu, keys, "GET", "/crypt/a", { headers: { "x-amz-expected-bucket-owner": "someone-else" } }))).toBe("AccessDenied");
  });

  it("serves the owner-only ACL: private accepted, GET ?acl shows the owner's FULL_CONTROL", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    expect((await s3(emu, keys, "PUT", "/acls", { headers: { "x-amz-acl": "private" } })).status).toBe(200);
    expect((await s3(emu, keys, "PUT", "/acls/k", { body: "v", headers: { "x-amz-acl": "private" } })).status).toBe(200);
    for (const path of ["/acls?acl", "/acls/k?acl"]) {
      const acl = await s3(emu, keys, "GET", path);
      expect([path, acl.status, tags(acl.text, "Permission"), tags(acl.text, "ID")]).toEqual([path, 200, ["FULL_CONTROL"], [keys.projectId, keys.projectId]]);
    }
    expect((await s3(emu, keys, "PUT", "/acls/k?acl", { headers: { "x-amz-acl": "private" } })).status).toBe(200);
    expect(errorCode(await s3(emu, keys, "PUT", "/acls/k?acl", { headers: { "x-amz-acl": "public-read" } }))).toBe("NotImplemented");
    expect(errorCode(await s3(emu, keys, "GET", "/acls/none?acl"))).toBe("NoSuchKey");
  });

  it("reads a multipart object's parts by ?partNumber, and a single-part object as its part 1", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/parts");
    const id = tags((await s3(emu, keys, "POST", "/parts/mp?uploads")).text, "UploadId")[0]!;
    const bodies = [Buffer.alloc(5 * MiB, "a"), Buffer.from("the tail")];
    const etags: string[] = [];
    for (const [i, body] of bodies.entries()) etags.push((await s3(emu, keys, "PUT", `/parts/mp?partNumber=${i + 1}&uploadId=${id}`, { body })).headers.get("etag")!);
    await s3(emu, keys, "POST", `/parts/mp?uploadId=${id}`, { body: `<CompleteMultipartUpload>${etags.map((e, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${e}</ETag></Part>`).join("")}</CompleteMultipartUpload>` });
    const second = await s3(emu, keys, "GET", "/parts/mp?partNumber=2");
    expect([second.status, second.text, second.headers.get("content-range"), second.headers.get("x-amz-mp-parts-count")]).toEqual([206, "the tail", `bytes ${5 * MiB}-${5 * MiB + 7}/${5 * MiB + 8}`, "2"]);
    const first = await s3(emu, keys, "HEAD", "/parts/mp?partNumber=1");
    expect([first.status, first.headers.get("content-length"), first.headers.get("x-amz-mp-parts-count")]).toEqual([206, String(5 * MiB), "2"]);
    const past = await s3(emu, keys, "GET", "/parts/mp?partNumber=3");
    expect([past.status, errorCode(past)]).toEqual([416, "InvalidPartNumber"]);
    expect(errorCode(await s3(emu, keys, "GET", "/parts/mp?partNumber=0"))).toBe("InvalidArgument");
    expect(errorCode(await s3(emu, keys, "GET", "/parts/mp?partNumber=1", { headers: { range: "bytes=0-1" } }))).toBe("InvalidRequest");
    await s3(emu, keys, "PUT", "/parts/single", { body: "whole" });
    const one = await s3(emu, keys, "GET", "/parts/single?partNumber=1");
    expect([one.status, one.text, one.headers.get("x-amz-mp-parts-count")]).toEqual([206, "whole", null]);
    expect((await s3(emu, keys, "GET", "/parts/single?partNumber=2")).status).toBe(416);
  });

  it("answers a second CompleteMultipartUpload of a completed upload as the first; an UploadPartCopy past its source is InvalidRange", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/again");
    await s3(emu, keys, "PUT", "/again/src", { body: "0123456789" });
    const id = tags((await s3(emu, keys, "POST", "/again/obj?uploads")).text, "UploadId")[0]!;
    const past = await s3(emu, keys, "PUT", `/again/obj?partNumber=1&uploadId=${id}`, { headers: { "x-amz-copy-source": "/again/src", "x-amz-copy-source-range": "bytes=5-10" } });
    expect([past.status, errorCode(past)]).toEqual([416, "InvalidRange"]);
    const copied = await s3(emu, keys, "PUT", `/again/obj?partNumber=1&uploadId=${id}`, { headers: { "x-amz-copy-source": "/again/src", "x-amz-copy-source-range": "bytes=5-9" } });
    const etag = tags(copied.text, "ETag")[0]!;
    const body = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${etag}</ETag></Part></CompleteMultipartUpload>`;
    const done = await s3(emu, keys, "POST", `/again/obj?uploadId=${id}`, { body });
    const repeat = await s3(emu, keys, "POST", `/again/obj?uploadId=${id}`, { body });
    expect([repeat.status, tags(repeat.text, "ETag")]).toEqual([200, tags(done.text, "ETag")]);
    expect((await s3(emu, keys, "GET", "/again/obj")).text).toBe("56789");
    // once the object is replaced, the upload is gone for good
    await s3(emu, keys, "PUT", "/again/obj", { body: "new" });
    expect(errorCode(await s3(emu, keys, "POST", `/again/obj?uploadId=${id}`, { body }))).toBe("NoSuchUpload");
  });

  it("answers a CORS preflight as S3 does for a bucket without CORS (403), and a browser form POST with 501", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/web");
    for (const path of ["/web", "/web/k"]) {
      const pre = await send(emu, "OPTIONS", `http://localhost/s3${path}`, { origin: "http://example.com", "access-control-request-method": "PUT" });
      expect([path, pre.status, errorCode(pre)]).toEqual([path, 403, "AccessForbidden"]);
      expect(pre.text).toContain("CORS is not enabled for this bucket");
      const bare = await send(emu, "OPTIONS", `http://localhost/s3${path}`, {});
      expect([path, bare.status, errorCode(bare)]).toEqual([path, 400, "BadRequest"]);
      const noMethod = await send(emu, "OPTIONS", `http://localhost/s3${path}`, { origin: "http://example.com" });
      expect([path, noMethod.status, errorCode(noMethod)]).toEqual([path, 400, "BadRequest"]);
    }
    const form = await send(emu, "POST", "http://localhost/s3/web", { "content-type": "multipart/form-data; boundary=x" }, Buffer.from("--x--\r\n"));
    expect([form.status, errorCode(form)]).toEqual([501, "NotImplemented"]);
    // DeleteObjects on the same route still needs a signed member's request
    const anonymous = await send(emu, "POST", "http://localhost/s3/web?delete", { "content-type": "application/xml" }, Buffer.from("<Delete/>"));
    expect([anonymous.status, errorCode(anonymous)]).toEqual([403, "AccessDenied"]);
  });
});

// Objects: Put (metadata, Content-MD5, payload hash, UNSIGNED-PAYLOAD), Get/Head (ranges, conditions,
// response-* overrides), Delete (204 even when absent), DeleteObjects, CopyObject, and Swift's view of the
// same objects both ways.

import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { call } from "../../helpers/emulator.js";
import { ec2Keys, errorCode, md5, s3, s3Emulator, tags, type Keys } from "./s3-helpers.js";
import type { Emulator } from "../../../src/app.js";

async function setup(): Promise<[Emulator, Keys]> {
  const emu = s3Emulator();
  const keys = await ec2Keys(emu);
  await s3(emu, keys, "PUT", "/docs");
  return [emu, keys];
}

const b64md5 = (s: string) => createHash("md5").update(s).digest("base64");

describe("S3 objects", () => {
  it("puts an object with metadata and reads it back with GET and HEAD", async () => {
    const [emu, keys] = await setup();
    const put = await s3(emu, keys, "PUT", "/docs/dir/a%20b+c.txt", {
      body: "hello world",
      headers: { "content-type": "text/plain", "x-amz-meta-owner": "alice", "content-md5": b64md5("hello world") },
    });
    expect(put.status).toBe(200);
    expect(put.headers.get("etag")).toBe(`"${md5("hello world")}"`);
    const get = await s3(emu, keys, "GET", "/docs/dir/a%20b+c.txt");
    expect(get.status).toBe(200);
    expect(get.text).toBe("hello world");
    expect(get.headers.get("content-type")).toBe("text/plain");
    expect(get.headers.get("x-amz-meta-owner")).toBe("alice");
    expect(get.headers.get("last-modified")).toBe("Tue, 01 Jan 2030 00:00:00 GMT");
    const head = await s3(emu, keys, "HEAD", "/docs/dir/a%20b+c.txt");
    expect([head.status, head.headers.get("content-length"), head.text]).toEqual([200, "11", ""]);
    expect(tags((await s3(emu, keys, "GET", "/docs?list-type=2")).text, "Key")).toEqual(["dir/a b+c.txt"]);
    const missing = await s3(emu, keys, "GET", "/docs/nope");
    expect([missing.status, errorCode(missing)]).toEqual([404, "NoSuchKey"]);
    expect(tags(missing.text, "Key")).toEqual(["nope"]);
  });

  it("refuses a wrong Content-MD5 (BadDigest), a bad one (InvalidDigest) and a wrong payload hash, keeping the old object", async () => {
    const [emu, keys] = await setup();
    await s3(emu, keys, "PUT", "/docs/k", { body: "v1" });
    const bad = await s3(emu, keys, "PUT", "/docs/k", { body: "v2", headers: { "content-md5": b64md5("other") } });
    expect([bad.status, errorCode(bad)]).toEqual([400, "BadDigest"]);
    expect(errorCode(await s3(emu, keys, "PUT", "/docs/k", { body: "v2", headers: { "content-md5": "nope" } }))).toBe("InvalidDigest");
    const hash = await s3(emu, keys, "PUT", "/docs/k", { body: "v2", payloadHash: "a".repeat(64) });
    expect([hash.status, errorCode(hash)]).toEqual([400, "XAmzContentSHA256Mismatch"]);
    expect(errorCode(await s3(emu, keys, "PUT", "/nobucket/k", { body: "v2" }))).toBe("NoSuchBucket");
    expect((await s3(emu, keys, "GET", "/docs/k")).text).toBe("v1");
    expect(emu.kernel.blobs.stats().count).toBe(1);
  });

  it("takes an UNSIGNED-PAYLOAD body", async () => {
    const [emu, keys] = await setup();
    expect((await s3(emu, keys, "PUT", "/docs/u", { body: "unsigned", payloadHash: "UNSIGNED-PAYLOAD" })).status).toBe(200);
    expect((await s3(emu, keys, "GET", "/docs/u")).text).toBe("unsigned");
  });

  it("serves ranges (206) and refuses one past the end (416 InvalidRange)", async () => {
    const [emu, keys] = await setup();
    await s3(emu, keys, "PUT", "/docs/r", { body: "0123456789" });
    const part = await s3(emu, keys, "GET", "/docs/r", { headers: { range: "bytes=2-5" } });
    expect([part.status, part.text, part.headers.get("content-range")]).toEqual([206, "2345", "bytes 2-5/10"]);
    expect((await s3(emu, keys, "GET", "/docs/r", { headers: { range: "bytes=-3" } })).text).toBe("789");
    const past = await s3(emu, keys, "GET", "/docs/r", { headers: { range: "bytes=20-30" } });
    expect([past.status, errorCode(past)]).toEqual([416, "InvalidRange"]);
    expect(past.headers.get("content-range")).toBe("bytes */10");
  });

  it("answers conditional requests: If-Match/If-Unmodified-Since 412, If-None-Match/If-Modified-Since 304", async () => {
    const [emu, keys] = await setup();
    const etag = (await s3(emu, keys, "PUT", "/docs/c", { body: "data" })).headers.get("etag")!;
    const get = (headers: Record<string, string>) => s3(emu, keys, "GET", "/docs/c", { headers });
    expect((await get({ "if-match": etag })).status).toBe(200);
    const failed = await get({ "if-match": '"0000"' });
    expect([failed.status, errorCode(failed)]).toEqual([412, "PreconditionFailed"]);
    expect((await get({ "if-none-match": etag })).status).toBe(304);
    expect((await get({ "if-none-match": '"0000"' })).status).toBe(200);
    expect((await get({ "if-modified-since": "Tue, 01 Jan 2030 00:00:00 GMT" })).status).toBe(304);
    expect((await get({ "if-modified-since": "Mon, 31 Dec 2029 00:00:00 GMT" })).status).toBe(200);
    expect((await get({ "if-unmodified-since": "Mon, 31 Dec 2029 00:00:00 GMT" })).status).toBe(412);
    // If-Match wins over If-Unmodified-Since, If-None-Match over If-Modified-Since
    expect((await get({ "if-match": etag, "if-unmodified-since": "Mon, 31 Dec 2029 00:00:00 GMT" })).status).toBe(200);
    expect((await get({ "if-none-match": '"0000"', "if-modified-since": "Tue, 01 Jan 2030 00:00:00 GMT" })).status).toBe(200);
  });

  it("deletes (204 even when absent) and deletes many, quietly or not", async () => {
    const [emu, keys] = await setup();
    for (const k of ["a", "b", "c"]) await s3(emu, keys, "PUT", `/docs/${k}`, { body: k });
    expect((await s3(emu, keys, "DELETE", "/docs/a")).status).toBe(204);
    expect((await s3(emu, keys, "DELETE", "/docs/a")).status).toBe(204);
    const body = "<Delete><Object><Key>b</Key></Object><Object><Key>zz</Key></Object></Delete>";
    const many = await s3(emu, keys, "POST", "/docs?delete", { body, headers: { "content-md5": b64md5(body) } });
    expect(many.status).toBe(200);
    expect(tags(many.text, "Key")).toEqual(["b", "zz"]);
    const quiet = await s3(emu, keys, "POST", "/docs?delete", { body: "<Delete><Quiet>true</Quiet><Object><Key>c</Key></Object></Delete>" });
    expect(tags(quiet.text, "Deleted")).toEqual([]);
    expect(tags((await s3(emu, keys, "GET", "/docs")).text, "Key")).toEqual([]);
    expect(errorCode(await s3(emu, keys, "POST", "/docs?delete", { body: "<Delete><Object>" }))).toBe("MalformedXML");
    expect(errorCode(await s3(emu, keys, "POST", "/docs?delete", { body: "<Delete></Delete>" }))).toBe("MalformedXML");
  });

  it("copies with the source's metadata (COPY) or new metadata (REPLACE); copying onto itself unchanged is refused", async () => {
    const [emu, keys] = await setup();
    await s3(emu, keys, "PUT", "/archive");
    await s3(emu, keys, "PUT", "/docs/src", { body: "payload", headers: { "content-type": "text/x-src", "x-amz-meta-a": "1" } });
    const copy = await s3(emu, keys, "PUT", "/archive/copy", { headers: { "x-amz-copy-source": "/docs/src" } });
    expect(copy.status).toBe(200);
    expect(tags(copy.text, "ETag")).toEqual([`"${md5("payload")}"`]);
    const copied = await s3(emu, keys, "GET", "/archive/copy");
    expect([copied.text, copied.headers.get("content-type"), copied.headers.get("x-amz-meta-a")]).toEqual(["payload", "text/x-src", "1"]);
    await s3(emu, keys, "PUT", "/archive/copy2", {
      headers: { "x-amz-copy-source": "docs/src", "x-amz-metadata-directive": "REPLACE", "x-amz-meta-b": "2", "content-type": "text/new" },
    });
    const replaced = await s3(emu, keys, "HEAD", "/archive/copy2");
    expect([replaced.headers.get("x-amz-meta-a"), replaced.headers.get("x-amz-meta-b"), replaced.headers.get("content-type")]).toEqual([null, "2", "text/new"]);
    expect(errorCode(await s3(emu, keys, "PUT", "/docs/src", { headers: { "x-amz-copy-source": "/docs/src" } }))).toBe("InvalidRequest");
    expect(errorCode(await s3(emu, keys, "PUT", "/archive/x", { headers: { "x-amz-copy-source": "/docs/none" } }))).toBe("NoSuchKey");
    expect(errorCode(await s3(emu, keys, "PUT", "/archive/x", { headers: { "x-amz-copy-source": "/docs/src", "x-amz-copy-source-if-match": '"0"' } }))).toBe("PreconditionFailed");
    // deleting the source leaves the copy whole (the parts are shared, not freed)
    await s3(emu, keys, "DELETE", "/docs/src");
    expect((await s3(emu, keys, "GET", "/archive/copy")).text).toBe("payload");
  });

  it("reads through Swift what S3 wrote, and through S3 what Swift wrote", async () => {
    const [emu, keys] = await setup();
    await s3(emu, keys, "PUT", "/docs/from-s3", { body: "s3 bytes", headers: { "x-amz-meta-color": "blue" } });
    const swift = await call(emu, "GET", `/object-store/v1/AUTH_${keys.projectId}/docs/from-s3`, { token: keys.token });
    expect([swift.status, swift.text, swift.headers.get("x-object-meta-color")]).toEqual([200, "s3 bytes", "blue"]);
    const put = await emu.app.request(`http://localhost/object-store/v1/AUTH_${keys.projectId}/docs/from-swift`, {
      method: "PUT",
      headers: { "X-Auth-Token": keys.token, "X-Object-Meta-Size": "big", "content-type": "text/plain", "content-length": "11" },
      body: "swift bytes",
    });
    expect(put.status).toBe(201);
    const got = await s3(emu, keys, "GET", "/docs/from-swift");
    expect([got.text, got.headers.get("x-amz-meta-size"), got.headers.get("etag")]).toEqual(["swift bytes", "big", `"${md5("swift bytes")}"`]);
  });
});

// Object tagging: x-amz-tagging on PutObject, CopyObject (x-amz-tagging-directive) and multipart uploads,
// PutObjectTagging/GetObjectTagging/DeleteObjectTagging, x-amz-tagging-count on GET/HEAD, S3's InvalidTag
// limits; tagging changes neither the bytes nor Last-Modified. Bucket tagging stays 501.

import { describe, expect, it } from "vitest";
import { ec2Keys, errorCode, s3, s3Emulator, tags } from "./s3-helpers.js";

const tagging = (pairs: Array<[string, string]>) =>
  `<Tagging><TagSet>${pairs.map(([k, v]) => `<Tag><Key>${k}</Key><Value>${v}</Value></Tag>`).join("")}</TagSet></Tagging>`;

describe("S3 object tagging", () => {
  it("keeps tags from x-amz-tagging, replaces them by PutObjectTagging and drops them by DeleteObjectTagging", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/tagged");
    await s3(emu, keys, "PUT", "/tagged/k", { body: "v", headers: { "x-amz-tagging": "colour=green&size=a%20b" } });
    const got = await s3(emu, keys, "GET", "/tagged/k?tagging");
    expect([tags(got.text, "Key"), tags(got.text, "Value")]).toEqual([["colour", "size"], ["green", "a b"]]);
    const before = await s3(emu, keys, "HEAD", "/tagged/k");
    expect(before.headers.get("x-amz-tagging-count")).toBe("2");
    expect((await s3(emu, keys, "PUT", "/tagged/k?tagging", { body: tagging([["only", "one"]]) })).status).toBe(200);
    expect(tags((await s3(emu, keys, "GET", "/tagged/k?tagging")).text, "Key")).toEqual(["only"]);
    const after = await s3(emu, keys, "GET", "/tagged/k");
    expect([after.text, after.headers.get("last-modified"), after.headers.get("etag"), after.headers.get("x-amz-tagging-count")]).toEqual(["v", before.headers.get("last-modified"), before.headers.get("etag"), "1"]);
    expect((await s3(emu, keys, "DELETE", "/tagged/k?tagging")).status).toBe(204);
    expect(tags((await s3(emu, keys, "GET", "/tagged/k?tagging")).text, "Tag")).toEqual([]);
    expect((await s3(emu, keys, "HEAD", "/tagged/k")).headers.get("x-amz-tagging-count")).toBeNull();
    expect(errorCode(await s3(emu, keys, "GET", "/tagged/none?tagging"))).toBe("NoSuchKey");
    expect(errorCode(await s3(emu, keys, "PUT", "/tagged/none?tagging", { body: tagging([["a", "b"]]) }))).toBe("NoSuchKey");
  });

  it("refuses tags past S3's limits with InvalidTag, leaving the object's as they were", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/tagged");
    await s3(emu, keys, "PUT", "/tagged/k", { body: "v", headers: { "x-amz-tagging": "keep=me" } });
    const eleven = Array.from({ length: 11 }, (_, i): [string, string] => [`k${i}`, "v"]);
    for (const pairs of [eleven, [["a", "1"], ["a", "2"]], [["aws:owned", "x"]], [["k".repeat(129), "v"]], [["k", "v".repeat(257)]]] as Array<Array<[string, string]>>) {
      const res = await s3(emu, keys, "PUT", "/tagged/k?tagging", { body: tagging(pairs) });
      expect([res.status, errorCode(res)]).toEqual([400, "InvalidTag"]);
    }
    expect(errorCode(await s3(emu, keys, "PUT", "/tagged/k?tagging", { body: "<Other/>" }))).toBe("MalformedXML");
    expect(errorCode(await s3(emu, keys, "PUT", "/tagged/x", { body: "v", headers: { "x-amz-tagging": "a=1&a=2" } }))).toBe("InvalidTag");
    expect((await s3(emu, keys, "GET", "/tagged/x")).status).toBe(404);
    expect(tags((await s3(emu, keys, "GET", "/tagged/k?tagging")).text, "Key")).toEqual(["keep"]);
  });

  it("copies the source's tags, or the request's with x-amz-tagging-directive: REPLACE; a multipart upload keeps its", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/tagged");
    await s3(emu, keys, "PUT", "/tagged/src", { body: "v", headers: { "x-amz-tagging": "from=source" } });
    await s3(emu, keys, "PUT", "/tagged/copy", { headers: { "x-amz-copy-source": "/tagged/src", "x-amz-tagging": "ignored=yes" } });
    expect(tags((await s3(emu, keys, "GET", "/tagged/copy?tagging")).text, "Key")).toEqual(["from"]);
    await s3(emu, keys, "PUT", "/tagged/new", { headers: { "x-amz-copy-source": "/tagged/src", "x-amz-tagging-directive": "REPLACE", "x-amz-tagging": "fresh=1" } });
    expect(tags((await s3(emu, keys, "GET", "/tagged/new?tagging")).text, "Key")).toEqual(["fresh"]);
    const id = tags((await s3(emu, keys, "POST", "/tagged/mp?uploads", { headers: { "x-amz-tagging": "multi=part" } })).text, "UploadId")[0]!;
    const etag = (await s3(emu, keys, "PUT", `/tagged/mp?partNumber=1&uploadId=${id}`, { body: "p" })).headers.get("etag");
    await s3(emu, keys, "POST", `/tagged/mp?uploadId=${id}`, { body: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${etag}</ETag></Part></CompleteMultipartUpload>` });
    expect(tags((await s3(emu, keys, "GET", "/tagged/mp?tagging")).text, "Value")).toEqual(["part"]);
    expect(errorCode(await s3(emu, keys, "PUT", "/tagged?tagging", { body: tagging([["a", "b"]]) }))).toBe("NotImplemented");
  });
});

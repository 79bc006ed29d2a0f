// Bad input to S3, correctly signed: every answer is S3's XML error (a 4xx, or 501 for what is not
// implemented; never a 500), and nothing changes.

import { describe, expect, it } from "vitest";
import { ec2Keys, errorCode, s3, s3Emulator, tags } from "./s3-helpers.js";

describe("S3 refuses bad input with a 4xx in its own shape", () => {
  it("answers odd parameters, headers and bodies with S3 error codes, leaving the bucket as it was", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/robust");
    await s3(emu, keys, "PUT", "/robust/k", { body: "v" });
    const cases: Array<[string, string, Parameters<typeof s3>[4], string]> = [
      ["PUT", "/robust/x", { body: "v", payloadHash: "not-a-hash" }, "InvalidArgument"],
      ["PUT", "/robust/x", { headers: { "x-amz-copy-source": "%" } }, "InvalidArgument"],
      ["PUT", "/robust/x", { headers: { "x-amz-copy-source": "/robust" } }, "InvalidArgument"],
      ["PUT", "/robust/x", { headers: { "x-amz-copy-source": "/robust/k", "x-amz-metadata-directive": "MERGE" } }, "InvalidRequest"],
      ["PUT", "/robust/x", { body: "v", headers: { "x-amz-meta-big": "m".repeat(3000) } }, "MetadataTooLarge"],
      ["PUT", `/robust/${"k".repeat(1025)}`, { body: "v" }, "KeyTooLongError"],
      ["PUT", "/robust/x?partNumber=abc&uploadId=u", { body: "v" }, "InvalidArgument"],
      ["PUT", "/robust/x", { body: "v", payloadHash: "STREAMING-SOMETHING-ELSE" }, "InvalidRequest"],
      ["GET", "/robust?max-keys=abc", {}, "InvalidArgument"],
      ["GET", "/robust?list-type=2&continuation-token=bad!", {}, "InvalidArgument"],
      ["GET", "/robust/k?uploadId=nope", {}, "NoSuchUpload"],
      ["POST", "/robust?delete", { body: "not xml at all" }, "MalformedXML"],
      ["POST", "/robust?delete", { body: "<Other/>" }, "MalformedXML"],
      ["POST", "/robust?delete", { body: "<Delete><Object><Key>a</Key></Object></Delete><extra/>" }, "MalformedXML"],
      ["PUT", "/robust", { body: "<CreateBucketConfiguration><LocationConstraint>x" }, "MalformedXML"],
      ["POST", "/robust/k", {}, "NotImplemented"],
      ["GET", "/robust/k?versionId=3", {}, "NotImplemented"],
    ];
    for (const [method, path, req, code] of cases) {
      const res = await s3(emu, keys, method, path, req);
      expect([method, path.slice(0, 40), res.status >= 400 && res.status !== 500, errorCode(res)]).toEqual([method, path.slice(0, 40), true, code]);
      expect(res.headers.get("x-amz-request-id")).toBeTruthy();
    }
    // odd but valid: a range that is not one this answers (the whole object), a date that is not one (ignored)
    expect((await s3(emu, keys, "GET", "/robust/k", { headers: { range: "items=0-1" } })).status).toBe(200);
    expect((await s3(emu, keys, "GET", "/robust/k", { headers: { "if-modified-since": "yesterday" } })).status).toBe(200);
    expect(tags((await s3(emu, keys, "GET", "/robust")).text, "Key")).toEqual(["k"]);
    expect((await s3(emu, keys, "GET", "/robust/k")).text).toBe("v");
  });
});

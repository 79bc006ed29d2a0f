// What a SigV4 signature must cover on S3: a presigned URL dated ahead of the wall clock is not valid yet
// (however the virtual clock moves), every x-amz-* header sent must be signed (a captured request replayed
// with one added is refused and changes nothing), and the credential must be scoped to s3.

import { describe, expect, it } from "vitest";
import { presignV4, signV4 } from "../../helpers/toy-s3.js";
import { ec2Keys, errorCode, presigned, s3, s3Emulator, send, sha256, tags } from "./s3-helpers.js";

const DAY = 86_400_000;

describe("S3 SigV4: what a signature must cover", () => {
  it("refuses a presigned URL dated 30 days ahead with a short expiry, before and after the virtual clock moves", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/scoped");
    await s3(emu, keys, "PUT", "/scoped/a", { body: "secret" });
    const ahead = presigned(emu, keys, "GET", "/scoped/a", 60, new Date(Date.now() + 30 * DAY));
    const early = await send(emu, "GET", ahead, {});
    expect([early.status, errorCode(early), tags(early.text, "Message")[0]]).toEqual([403, "AccessDenied", "Request is not valid yet"]);
    emu.clock.advance(31 * DAY);
    const later = await send(emu, "GET", ahead, {});
    expect([later.status, tags(later.text, "Message")[0]]).toEqual([403, "Request is not valid yet"]);
    // a seven-day URL signed now still works, an eight-day one never does
    expect((await send(emu, "GET", presigned(emu, keys, "GET", "/scoped/a", 7 * 86_400), {})).text).toBe("secret");
    expect(errorCode(await send(emu, "GET", presigned(emu, keys, "GET", "/scoped/a", 8 * 86_400), {}))).toBe("AuthorizationQueryParametersError");
  });

  it("refuses x-amz-* headers the signature does not cover: a replayed PUT cannot become a copy or change metadata", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/scoped");
    await s3(emu, keys, "PUT", "/scoped/private", { body: "private" });
    const copy = await s3(emu, keys, "PUT", "/scoped/public", { body: "", unsigned: { "x-amz-copy-source": "/scoped/private" } });
    expect([copy.status, errorCode(copy), tags(copy.text, "HeadersNotSigned")]).toEqual([403, "AccessDenied", ["x-amz-copy-source"]]);
    const meta = await s3(emu, keys, "PUT", "/scoped/x", { body: "x", unsigned: { "x-amz-meta-b": "2", "x-amz-meta-a": "1" } });
    expect([meta.status, tags(meta.text, "HeadersNotSigned")]).toEqual([403, ["x-amz-meta-a, x-amz-meta-b"]]);
    expect(tags((await s3(emu, keys, "GET", "/scoped")).text, "Key")).toEqual(["private"]);
    // signed, the same headers are taken
    expect((await s3(emu, keys, "PUT", "/scoped/x", { body: "x", headers: { "x-amz-meta-a": "1" } })).status).toBe(200);
    expect((await s3(emu, keys, "HEAD", "/scoped/x")).headers.get("x-amz-meta-a")).toBe("1");

    // a presigned PUT: an x-amz-* header must be signed too, but x-amz-content-sha256 may come unsigned
    const url = presigned(emu, keys, "PUT", "/scoped/up", 60);
    const unsigned = await send(emu, "PUT", url, { "content-length": "2", "x-amz-meta-who": "me" }, Buffer.from("up"));
    expect([unsigned.status, tags(unsigned.text, "HeadersNotSigned")]).toEqual([403, ["x-amz-meta-who"]]);
    expect((await s3(emu, keys, "HEAD", "/scoped/up")).status).toBe(404);
    const hashed = await send(emu, "PUT", url, { "content-length": "2", "x-amz-content-sha256": sha256("up") }, Buffer.from("up"));
    expect(hashed.status).toBe(200);
    // a header that merely starts like one (x-amzn-trace-id) is no x-amz-* header
    expect((await s3(emu, keys, "GET", "/scoped/up", { unsigned: { "x-amzn-trace-id": "Root=1-x" } })).text).toBe("up");
  });

  it("refuses a credential scoped to another service (ec2), signed correctly for it", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    const url = "http://localhost/s3/ec2-scoped";
    const headers = signV4({ method: "PUT", url, accessKey: keys.accessKey, secret: keys.secret, service: "ec2" });
    const res = await send(emu, "PUT", url, headers);
    expect([res.status, errorCode(res), tags(res.text, "Message")[0]]).toEqual([
      400,
      "AuthorizationHeaderMalformed",
      'The authorization header is malformed; incorrect service "ec2". This endpoint belongs to "s3".',
    ]);
    const query = await send(emu, "PUT", presignV4({ method: "PUT", url, accessKey: keys.accessKey, secret: keys.secret, service: "ec2" }, 60), {});
    expect([query.status, errorCode(query)]).toEqual([400, "AuthorizationQueryParametersError"]);
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual([]);
  });
});

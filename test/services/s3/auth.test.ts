// S3 authentication: SigV4 headers and presigned URLs with identity's EC2 credentials; every refusal in
// S3's XML with its code and request ids, on the virtual clock; a key stops working with its credential,
// its user or its project.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ec2Keys, errorCode, presigned, s3, s3Emulator, send, tags } from "./s3-helpers.js";

describe("S3 SigV4 with EC2 credentials", () => {
  it("lists the key's project's buckets, with S3's request id headers", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    expect((await s3(emu, keys, "PUT", "/photos")).status).toBe(200);
    const res = await s3(emu, keys, "GET", "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml");
    expect(res.headers.get("x-amz-request-id")).toMatch(/^[0-9A-F]{16}$/);
    expect(res.headers.get("x-amz-id-2")).toBeTruthy();
    expect(tags(res.text, "Name")).toEqual(["photos"]);
    expect(tags(res.text, "ID")).toEqual([keys.projectId]);
    // another project's key sees its own (empty) namespace
    const admin = await ec2Keys(emu, "admin");
    expect(tags((await s3(emu, admin, "GET", "/")).text, "Name")).toEqual([]);
  });

  it("refuses a wrong secret (SignatureDoesNotMatch), an unknown key (InvalidAccessKeyId) and no credentials (AccessDenied)", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    const wrong = await s3(emu, { ...keys, secret: "wrong" }, "PUT", "/bk1");
    expect([wrong.status, errorCode(wrong)]).toEqual([403, "SignatureDoesNotMatch"]);
    expect(tags(wrong.text, "RequestId")[0]).toBe(wrong.headers.get("x-amz-request-id"));
    const unknown = await s3(emu, { accessKey: "AKIAUNKNOWN", secret: "x" }, "PUT", "/bk1");
    expect([unknown.status, errorCode(unknown)]).toEqual([403, "InvalidAccessKeyId"]);
    const anonymous = await send(emu, "PUT", "http://localhost/s3/b1", {});
    expect([anonymous.status, errorCode(anonymous)]).toEqual([403, "AccessDenied"]);
    // a tampered header that was signed
    const tampered = await s3(emu, keys, "PUT", "/bk1", { headers: { "x-amz-meta-a": "1" }, unsigned: { "x-amz-meta-a": "2" } });
    expect(errorCode(tampered)).toBe("SignatureDoesNotMatch");
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual([]);
  });

  it("checks the request time against the wall clock the client signed with: 15 minutes of skew", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    const late = await s3(emu, keys, "GET", "/", { date: new Date(Date.now() - 16 * 60_000) });
    expect([late.status, errorCode(late)]).toEqual([403, "RequestTimeTooSkewed"]);
    expect(tags(late.text, "MaxAllowedSkewMilliseconds")).toEqual(["900000"]);
    expect((await s3(emu, keys, "GET", "/", { date: new Date(Date.now() - 14 * 60_000) })).status).toBe(200);
    expect(errorCode(await s3(emu, keys, "GET", "/", { date: new Date(Date.now() + 16 * 60_000) }))).toBe("RequestTimeTooSkewed");
    // the emulator's clock (frozen years ahead of the wall clock here) has no part in it, however far it moves
    emu.clock.advance(20 * 60_000);
    expect((await s3(emu, keys, "GET", "/")).status).toBe(200);
  });

  it("serves a presigned URL until it expires on the virtual clock, counted from its first use", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/docs");
    await s3(emu, keys, "PUT", "/docs/a.txt", { body: "hello" });
    const url = presigned(emu, keys, "GET", "/docs/a.txt", 60);
    const ok = await send(emu, "GET", url, {});
    expect([ok.status, ok.text]).toEqual([200, "hello"]);
    emu.clock.advance(59_000);
    expect((await send(emu, "GET", url, {})).status).toBe(200);
    emu.clock.advance(2_000);
    const expired = await send(emu, "GET", url, {});
    expect([expired.status, errorCode(expired), tags(expired.text, "Message")[0]]).toEqual([403, "AccessDenied", "Request has expired"]);
    // signed with a wall clock already past its expiry, or dated later than the skew allows
    const stale = await send(emu, "GET", presigned(emu, keys, "GET", "/docs/a.txt", 60, new Date(Date.now() - 61_000)), {});
    expect(tags(stale.text, "Message")[0]).toBe("Request has expired");
    const early = await send(emu, "GET", presigned(emu, keys, "GET", "/docs/a.txt", 60, new Date(Date.now() + 16 * 60_000)), {});
    expect([early.status, errorCode(early), tags(early.text, "Message")[0]]).toEqual([403, "AccessDenied", "Request is not valid yet"]);
    const forged = await send(emu, "GET", presigned(emu, { ...keys, secret: "nope" }, "GET", "/docs/a.txt", 60), {});
    expect(errorCode(forged)).toBe("SignatureDoesNotMatch");
    // a presigned PUT takes the body unsigned; the URL is good for its method only
    const upload = presigned(emu, keys, "PUT", "/docs/b.txt", 60);
    expect((await send(emu, "PUT", upload, { "content-length": "4" }, Buffer.from("body"))).status).toBe(200);
    expect((await s3(emu, keys, "GET", "/docs/b.txt")).text).toBe("body");
    expect(errorCode(await send(emu, "DELETE", upload, {}))).toBe("SignatureDoesNotMatch");
  });

  it("refuses a presigned URL with a negative expiry as expired (403), not as malformed", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/docs");
    const res = await send(emu, "PUT", presigned(emu, keys, "PUT", "/docs/neg.txt", -1), { "content-length": "1" }, Buffer.from("x"));
    expect([res.status, errorCode(res)]).toEqual([403, "AccessDenied"]);
    expect((await s3(emu, keys, "GET", "/docs/neg.txt")).status).toBe(404);
  });

  it("verifies non-ASCII metadata signed as UTF-8, sent as UTF-8 bytes or as latin1 ones, and serves it RFC 2047-encoded", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/docs");
    const word = "Grüße, 日本";
    const asBytes = (text: string) => Buffer.from(text, "utf8").toString("latin1");
    // signed over the text; on the wire its UTF-8 bytes (node hands them over one char per byte)
    const utf8 = await s3(emu, keys, "PUT", "/docs/u", { body: "x", headers: { "x-amz-meta-word": word }, unsigned: { "x-amz-meta-word": asBytes(word) } });
    expect(utf8.status).toBe(200);
    // served as S3 serves non-ASCII metadata: an RFC 2047 encoded word of its UTF-8
    const word64 = `=?UTF-8?B?${Buffer.from(word, "utf8").toString("base64")}?=`;
    expect((await s3(emu, keys, "GET", "/docs/u")).headers.get("x-amz-meta-word")).toBe(word64);
    // Python's http.client sends "é" as the one byte E9, botocore signs its UTF-8
    expect((await s3(emu, keys, "PUT", "/docs/l", { body: "x", headers: { "x-amz-meta-word": "Hello World\u00e9" } })).status).toBe(200);
    const latin = await s3(emu, keys, "GET", "/docs/l");
    expect(latin.headers.get("x-amz-meta-word")).toBe(`=?UTF-8?B?${Buffer.from("Hello World\u00e9", "utf8").toString("base64")}?=`);
    // an encoded word sent is kept as its text
    expect((await s3(emu, keys, "PUT", "/docs/w", { body: "x", headers: { "x-amz-meta-word": word64 } })).status).toBe(200);
    expect((await s3(emu, keys, "HEAD", "/docs/w")).headers.get("x-amz-meta-word")).toBe(word64);
    const forged = await s3(emu, keys, "PUT", "/docs/f", { body: "x", headers: { "x-amz-meta-word": word }, unsigned: { "x-amz-meta-word": asBytes("Grüße, 日木") } });
    expect(errorCode(forged)).toBe("SignatureDoesNotMatch");
  });

  it("lets a reader's key read but not write (AccessDenied), as the roles on the key's project allow", async () => {
    const emu = s3Emulator();
    const admin = await ec2Keys(emu, "admin");
    const owner = await ec2Keys(emu);
    await s3(emu, owner, "PUT", "/readable");
    await s3(emu, owner, "PUT", "/readable/k", { body: "v" });
    const user = (await call(emu, "POST", "/identity/v3/users", { token: admin.token, body: { user: { name: "watcher", password: "pw" } } })).body.user;
    const reader = (await call(emu, "GET", "/identity/v3/roles?name=reader", { token: admin.token })).body.roles[0];
    await call(emu, "PUT", `/identity/v3/projects/${owner.projectId}/users/${user.id}/roles/${reader.id}`, { token: admin.token });
    const cred = (await call(emu, "POST", `/identity/v3/users/${user.id}/credentials/OS-EC2`, { token: admin.token, body: { tenant_id: owner.projectId } })).body.credential;
    const keys = { accessKey: cred.access, secret: cred.secret };
    expect((await s3(emu, keys, "GET", "/readable/k")).text).toBe("v");
    for (const [method, path] of [["PUT", "/readable/k"], ["DELETE", "/readable/k"], ["PUT", "/other"], ["DELETE", "/readable"]]) {
      const res = await s3(emu, keys, method!, path!, { body: method === "PUT" ? "w" : undefined });
      expect([method, path, res.status, errorCode(res)]).toEqual([method, path, 403, "AccessDenied"]);
    }
    expect((await s3(emu, owner, "GET", "/readable/k")).text).toBe("v");
    expect(tags((await s3(emu, owner, "GET", "/")).text, "Name")).toEqual(["readable"]);
  });

  it("stops working when the credential, the user or the project goes, and with no role on the project", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    const admin = await ec2Keys(emu, "admin");
    expect((await s3(emu, keys, "GET", "/")).status).toBe(200);
    await call(emu, "DELETE", `/identity/v3/users/${keys.userId}/credentials/OS-EC2/${keys.accessKey}`, { token: keys.token });
    expect(errorCode(await s3(emu, keys, "GET", "/"))).toBe("InvalidAccessKeyId");

    // a user and project of their own
    const user = (await call(emu, "POST", "/identity/v3/users", { token: admin.token, body: { user: { name: "u1", password: "pw" } } })).body.user;
    const project = (await call(emu, "POST", "/identity/v3/projects", { token: admin.token, body: { project: { name: "p1" } } })).body.project;
    const cred = (await call(emu, "POST", `/identity/v3/users/${user.id}/credentials/OS-EC2`, { token: admin.token, body: { tenant_id: project.id } })).body.credential;
    const theirs = { accessKey: cred.access, secret: cred.secret };
    expect(errorCode(await s3(emu, theirs, "GET", "/"))).toBe("AccessDenied");
    const member = (await call(emu, "GET", "/identity/v3/roles?name=member", { token: admin.token })).body.roles[0];
    await call(emu, "PUT", `/identity/v3/projects/${project.id}/users/${user.id}/roles/${member.id}`, { token: admin.token });
    expect((await s3(emu, theirs, "PUT", "/mine")).status).toBe(200);
    await call(emu, "PATCH", `/identity/v3/projects/${project.id}`, { token: admin.token, body: { project: { enabled: false } } });
    expect(errorCode(await s3(emu, theirs, "GET", "/"))).toBe("AccessDenied");
    await call(emu, "PATCH", `/identity/v3/projects/${project.id}`, { token: admin.token, body: { project: { enabled: true } } });
    expect((await s3(emu, theirs, "GET", "/")).status).toBe(200);
    await call(emu, "DELETE", `/identity/v3/users/${user.id}`, { token: admin.token });
    expect(errorCode(await s3(emu, theirs, "GET", "/"))).toBe("InvalidAccessKeyId");
  });
});

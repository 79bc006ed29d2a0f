// Buckets: create (naming rules, BucketAlreadyOwnedByYou), head, location, delete (BucketNotEmpty), the
// per-project namespace, Swift's view of the same containers, and NotImplemented for the rest.

import { describe, expect, it } from "vitest";
import { call } from "../../helpers/emulator.js";
import { ec2Keys, errorCode, s3, s3Emulator, tags } from "./s3-helpers.js";

describe("S3 buckets", () => {
  it("creates, heads, locates, lists and deletes a bucket; Swift sees the same container", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    const made = await s3(emu, keys, "PUT", "/backups");
    expect(made.status).toBe(200);
    expect(made.headers.get("location")).toBe("/backups");
    expect((await s3(emu, keys, "HEAD", "/backups")).status).toBe(200);
    const location = await s3(emu, keys, "GET", "/backups?location");
    expect(location.text).toContain("<LocationConstraint xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">RegionOne</LocationConstraint>");
    const list = await s3(emu, keys, "GET", "/");
    expect(tags(list.text, "CreationDate")).toEqual(["2030-01-01T00:00:00.000Z"]);
    const swift = await call(emu, "GET", `/object-store/v1/AUTH_${keys.projectId}?format=json`, { token: keys.token });
    expect(swift.body.map((c: { name: string }) => c.name)).toEqual(["backups"]);
    expect((await s3(emu, keys, "DELETE", "/backups")).status).toBe(204);
    const gone = await s3(emu, keys, "HEAD", "/backups");
    expect(gone.status).toBe(404);
    expect(errorCode(await s3(emu, keys, "GET", "/backups"))).toBe("NoSuchBucket");
  });

  it("refuses a second create, a bad name, deleting a missing or non-empty bucket, leaving state as it was", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/data");
    const again = await s3(emu, keys, "PUT", "/data");
    expect([again.status, errorCode(again)]).toEqual([409, "BucketAlreadyOwnedByYou"]);
    for (const bad of ["ab", "Upper", "-dash", "a..b", "192.168.1.1"]) {
      const res = await s3(emu, keys, "PUT", `/${bad}`);
      expect([res.status, errorCode(res)]).toEqual([400, "InvalidBucketName"]);
    }
    await s3(emu, keys, "PUT", "/data/k", { body: "x" });
    const busy = await s3(emu, keys, "DELETE", "/data");
    expect([busy.status, errorCode(busy)]).toEqual([409, "BucketNotEmpty"]);
    expect(errorCode(await s3(emu, keys, "DELETE", "/nothing"))).toBe("NoSuchBucket");
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual(["data"]);
    expect(tags((await s3(emu, keys, "GET", "/data")).text, "Key")).toEqual(["k"]);
  });

  it("gives each project its own namespace: another project's bucket of the same name is its own", async () => {
    const emu = s3Emulator();
    const demo = await ec2Keys(emu);
    const admin = await ec2Keys(emu, "admin");
    expect((await s3(emu, demo, "PUT", "/shared-name")).status).toBe(200);
    expect((await s3(emu, admin, "PUT", "/shared-name")).status).toBe(200);
    await s3(emu, demo, "PUT", "/shared-name/only-demo", { body: "d" });
    expect(tags((await s3(emu, admin, "GET", "/shared-name")).text, "Key")).toEqual([]);
    expect(errorCode(await s3(emu, admin, "GET", "/shared-name/only-demo"))).toBe("NoSuchKey");
  });

  it("answers NotImplemented (501, S3's XML) for bucket policy, versioning, ACLs, tagging, lifecycle", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/bk1");
    await s3(emu, keys, "PUT", "/bk1/k", { body: "x" });
    const calls: Array<[string, string, string?]> = [
      ["GET", "/bk1?policy"], ["PUT", "/bk1?versioning", "<VersioningConfiguration/>"], ["GET", "/bk1?acl"], ["PUT", "/bk1?acl"],
      ["DELETE", "/bk1?tagging"], ["PUT", "/bk1?lifecycle", "<LifecycleConfiguration/>"], ["GET", "/bk1?versions"],
      ["GET", "/bk1/k?tagging"], ["PUT", "/bk1/k?acl"], ["POST", "/bk1?restore"], ["POST", "/bk1/k?select&select-type=2"],
    ];
    for (const [method, path, body] of calls) {
      const res = await s3(emu, keys, method, path, { body });
      expect([method, path, res.status, errorCode(res)]).toEqual([method, path, 501, "NotImplemented"]);
      expect(res.headers.get("content-type")).toBe("application/xml");
    }
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual(["bk1"]);
  });
});

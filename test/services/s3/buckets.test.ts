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

  it("shares bucket names between owners: another's name is BucketAlreadyExists and its bucket AccessDenied", async () => {
    const emu = s3Emulator();
    const demo = await ec2Keys(emu);
    const admin = await ec2Keys(emu, "admin");
    expect((await s3(emu, demo, "PUT", "/shared-name")).status).toBe(200);
    const taken = await s3(emu, admin, "PUT", "/shared-name");
    expect([taken.status, errorCode(taken)]).toEqual([409, "BucketAlreadyExists"]);
    const again = await s3(emu, demo, "PUT", "/shared-name");
    expect([again.status, errorCode(again)]).toEqual([409, "BucketAlreadyOwnedByYou"]);
    await s3(emu, demo, "PUT", "/shared-name/only-demo", { body: "d" });
    for (const path of ["/shared-name", "/shared-name/only-demo"]) {
      const res = await s3(emu, admin, "GET", path);
      expect([path, res.status, errorCode(res)]).toEqual([path, 403, "AccessDenied"]);
    }
    expect(tags((await s3(emu, admin, "GET", "/")).text, "Name")).toEqual([]);
    expect(errorCode(await s3(emu, admin, "GET", "/never-made"))).toBe("NoSuchBucket");
  });

  it("answers 200 to creating one's own bucket again in us-east-1, as S3 does there", async () => {
    const emu = s3Emulator({ region: "us-east-1" });
    const keys = await ec2Keys(emu);
    expect((await s3(emu, keys, "PUT", "/legacy")).status).toBe(200);
    expect((await s3(emu, keys, "PUT", "/legacy")).status).toBe(200);
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual(["legacy"]);
  });

  it("pages ListBuckets by max-buckets and its ContinuationToken, with a prefix", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    for (const name of ["aa-1", "aa-2", "aa-3", "bb-1"]) await s3(emu, keys, "PUT", `/${name}`);
    const first = await s3(emu, keys, "GET", "/?max-buckets=2");
    expect(tags(first.text, "Name")).toEqual(["aa-1", "aa-2"]);
    const token = tags(first.text, "ContinuationToken")[0]!;
    const second = await s3(emu, keys, "GET", `/?max-buckets=2&continuation-token=${token}`);
    expect(tags(second.text, "Name")).toEqual(["aa-3", "bb-1"]);
    expect(tags(second.text, "ContinuationToken")).toEqual([]);
    expect(tags((await s3(emu, keys, "GET", "/?prefix=aa&max-buckets=5")).text, "Name")).toEqual(["aa-1", "aa-2", "aa-3"]);
    expect(errorCode(await s3(emu, keys, "GET", "/?max-buckets=0"))).toBe("InvalidArgument");
  });

  it("answers NotImplemented (501, S3's XML) for bucket policy, versioning, ACLs, tagging, lifecycle", async () => {
    const emu = s3Emulator();
    const keys = await ec2Keys(emu);
    await s3(emu, keys, "PUT", "/bk1");
    await s3(emu, keys, "PUT", "/bk1/k", { body: "x" });
    const calls: Array<[string, string, string?]> = [
      ["GET", "/bk1?policy"], ["PUT", "/bk1?versioning", "<VersioningConfiguration/>"], ["PUT", "/bk1?acl", "<AccessControlPolicy/>"],
      ["DELETE", "/bk1?tagging"], ["PUT", "/bk1?lifecycle", "<LifecycleConfiguration/>"], ["GET", "/bk1?cors"],
      ["GET", "/bk1?tagging"], ["PUT", "/bk1/k?retention"], ["PUT", "/bk1/k?acl"], ["POST", "/bk1?restore"], ["POST", "/bk1/k?select&select-type=2"],
    ];
    for (const [method, path, body] of calls) {
      const res = await s3(emu, keys, method, path, { body });
      expect([method, path, res.status, errorCode(res)]).toEqual([method, path, 501, "NotImplemented"]);
      expect(res.headers.get("content-type")).toBe("application/xml");
    }
    expect(tags((await s3(emu, keys, "GET", "/")).text, "Name")).toEqual(["bk1"]);
  });
});

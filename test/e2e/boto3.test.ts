// boto3 (Debian's python3-boto3) with SigV4 against the S3 API: a script creates a bucket, puts and reads
// objects with metadata and ranges, lists with a delimiter, uploads a file past its multipart threshold,
// copies, presigns, deletes in bulk and removes the bucket; S3 errors surface as boto3's ClientError codes.
// And on a clock at factor 60 moved a day ahead: boto3 signs with the wall clock, which S3 accepts.

import { describe, expect, it, vi } from "vitest";
import { clientCommand, clientSkipReason, cliSession, runClient } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("boto3.test.ts", "boto3", "openstack");

const SCRIPT = String.raw`
import hashlib, io, json, os, sys, urllib.request
import boto3
from botocore.config import Config
from boto3.s3.transfer import TransferConfig
from botocore.exceptions import ClientError

s3 = boto3.client("s3", endpoint_url=os.environ["ENDPOINT"], region_name="us-east-1",
                  aws_access_key_id=os.environ["ACCESS"], aws_secret_access_key=os.environ["SECRET"],
                  config=Config(signature_version="s3v4", s3={"addressing_style": "path"}))
out = {}
s3.create_bucket(Bucket="boto-bucket")
try:
    s3.create_bucket(Bucket="boto-bucket")
except ClientError as e:
    out["again"] = e.response["Error"]["Code"]
s3.put_object(Bucket="boto-bucket", Key="a/one.txt", Body=b"first object", Metadata={"colour": "green"}, ContentType="text/plain")
s3.put_object(Bucket="boto-bucket", Key="a/two.txt", Body=b"second")
s3.put_object(Bucket="boto-bucket", Key="top.txt", Body=b"top")
got = s3.get_object(Bucket="boto-bucket", Key="a/one.txt")
out["body"] = got["Body"].read().decode()
out["meta"] = got["Metadata"]
out["range"] = s3.get_object(Bucket="boto-bucket", Key="a/one.txt", Range="bytes=6-11")["Body"].read().decode()
listed = s3.list_objects_v2(Bucket="boto-bucket", Delimiter="/")
out["keys"] = [o["Key"] for o in listed.get("Contents", [])]
out["prefixes"] = [p["Prefix"] for p in listed.get("CommonPrefixes", [])]
pages = s3.get_paginator("list_objects_v2").paginate(Bucket="boto-bucket", PaginationConfig={"PageSize": 1})
out["paged"] = [o["Key"] for page in pages for o in page.get("Contents", [])]
data = os.urandom(12 * 1024 * 1024 + 7)
s3.upload_fileobj(io.BytesIO(data), "boto-bucket", "big.bin", Config=TransferConfig(multipart_threshold=5 * 1024 * 1024, multipart_chunksize=5 * 1024 * 1024))
back = io.BytesIO()
s3.download_fileobj("boto-bucket", "big.bin", back)
out["big_same"] = back.getvalue() == data
out["big_etag"] = s3.head_object(Bucket="boto-bucket", Key="big.bin")["ETag"]
s3.copy_object(Bucket="boto-bucket", Key="copy.txt", CopySource={"Bucket": "boto-bucket", "Key": "a/one.txt"})
out["copy"] = s3.get_object(Bucket="boto-bucket", Key="copy.txt")["Body"].read().decode()
url = s3.generate_presigned_url("get_object", Params={"Bucket": "boto-bucket", "Key": "top.txt"}, ExpiresIn=120)
out["presigned"] = urllib.request.urlopen(url).read().decode()
try:
    s3.get_object(Bucket="boto-bucket", Key="missing")
except ClientError as e:
    out["missing"] = e.response["Error"]["Code"]
try:
    s3.delete_bucket(Bucket="boto-bucket")
except ClientError as e:
    out["not_empty"] = e.response["Error"]["Code"]
keys = [o["Key"] for o in s3.list_objects_v2(Bucket="boto-bucket")["Contents"]]
deleted = s3.delete_objects(Bucket="boto-bucket", Delete={"Objects": [{"Key": k} for k in keys]})
out["deleted"] = sorted(d["Key"] for d in deleted["Deleted"])
s3.delete_bucket(Bucket="boto-bucket")
out["buckets"] = [b["Name"] for b in s3.list_buckets()["Buckets"]]
print(json.dumps(out))
`;

describe.skipIf(skip)("boto3 against /s3 (skipped only where python3-boto3 or the openstack CLI is not installed)", () => {
  const cli = cliSession(["--random-seed", "12"]);

  it("runs a boto3 session of bucket, object, multipart, copy, presign and bulk delete calls", async () => {
    const created = await cli.ok(["ec2", "credentials", "create", "-f", "json"]);
    const env = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", ENDPOINT: `${cli.server.url}/s3`, ACCESS: created.access, SECRET: created.secret, AWS_CONFIG_FILE: "/nonexistent", AWS_SHARED_CREDENTIALS_FILE: "/nonexistent" };
    const { stdout } = cli.passed("boto3 script", await runClient(clientCommand("boto3")!, ["-c", SCRIPT], env, { timeout: 120_000 }));
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({
      again: "BucketAlreadyOwnedByYou",
      body: "first object",
      meta: { colour: "green" },
      range: "object",
      keys: ["top.txt"],
      prefixes: ["a/"],
      paged: ["a/one.txt", "a/two.txt", "top.txt"],
      big_same: true,
      copy: "first object",
      presigned: "top",
      missing: "NoSuchKey",
      not_empty: "BucketNotEmpty",
      deleted: ["a/one.txt", "a/two.txt", "big.bin", "copy.txt", "top.txt"],
      buckets: [],
    });
    expect(out.big_etag).toMatch(/^"[0-9a-f]{32}-3"$/);
  });
});

const LATE_SCRIPT = String.raw`
import json, os, urllib.request
import boto3
from botocore.config import Config

s3 = boto3.client("s3", endpoint_url=os.environ["ENDPOINT"], region_name="us-east-1",
                  aws_access_key_id=os.environ["ACCESS"], aws_secret_access_key=os.environ["SECRET"],
                  config=Config(signature_version="s3v4", s3={"addressing_style": "path"}))
s3.create_bucket(Bucket="late")
s3.put_object(Bucket="late", Key="k.txt", Body=b"still signed right")
out = {"body": s3.get_object(Bucket="late", Key="k.txt")["Body"].read().decode()}
out["url"] = s3.generate_presigned_url("get_object", Params={"Bucket": "late", "Key": "k.txt"}, ExpiresIn=3600)
out["presigned"] = urllib.request.urlopen(out["url"]).read().decode()
print(json.dumps(out))
`;

describe.skipIf(skip)("boto3 against a clock at factor 60, a day ahead of the wall clock", () => {
  const cli = cliSession(["--random-seed", "12", "--time-factor", "60"]);
  const advance = async (by: string) => {
    const res = await fetch(`${cli.server.url}/_emulator/clock/advance`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ by }) });
    expect(res.status).toBe(200);
  };

  it("signs requests and presigns URLs that work, until the clock moves past the URL's expiry", async () => {
    const created = await cli.ok(["ec2", "credentials", "create", "-f", "json"]);
    await advance("1d");
    const env = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", ENDPOINT: `${cli.server.url}/s3`, ACCESS: created.access, SECRET: created.secret, AWS_CONFIG_FILE: "/nonexistent", AWS_SHARED_CREDENTIALS_FILE: "/nonexistent" };
    const { stdout } = cli.passed("boto3 script", await runClient(clientCommand("boto3")!, ["-c", LATE_SCRIPT], env, { timeout: 120_000 }));
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ body: "still signed right", presigned: "still signed right" });
    await advance("2h");
    const expired = await fetch(out.url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("Request has expired");
  });
});

// boto3 exercising S3's additional checksums and the headers objects keep: Debian's python3-boto3 asked for
// CRC32 explicitly and, where a Python with botocore 1.36 or later is on PATH, that one with its defaults
// (current SDKs send a CRC32 with every upload and check the one a GET with ChecksumMode returns).
// Also HeadObject by PartNumber, ListObjectVersions of an unversioned bucket, latin1 metadata, SSE-S3.

import { execFileSync } from "node:child_process";
import { describe, expect, it, vi } from "vitest";
import { testEmulator } from "../helpers/emulator.js";
import { clientCommand, clientSkipReason, cliSession, runClient } from "../helpers/openstack-cli.js";
import { ec2Keys } from "../services/s3/s3-helpers.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("boto3-checksums.test.ts", "boto3");

/** A Python on PATH whose botocore sends checksums by default (1.36+), if there is one. */
function modernPython(): string | undefined {
  try {
    const [exe, version] = execFileSync("python3", ["-c", "import sys, botocore; print(sys.executable, botocore.__version__)"], { encoding: "utf8" }).trim().split(" ");
    const [major, minor] = version!.split(".").map(Number);
    return major! > 1 || (major === 1 && minor! >= 36) ? exe : undefined;
  } catch {
    return undefined;
  }
}

const SCRIPT = String.raw`
import io, json, os
import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import ClientError

explicit = os.environ["EXPLICIT"] == "1"
s3 = boto3.client("s3", endpoint_url=os.environ["ENDPOINT"], region_name="us-east-1",
                  aws_access_key_id=os.environ["ACCESS"], aws_secret_access_key=os.environ["SECRET"],
                  config=Config(signature_version="s3v4", s3={"addressing_style": "path"}))
algo = {"ChecksumAlgorithm": "CRC32"} if explicit else {}
out = {}
s3.create_bucket(Bucket="sums")
# botocore refuses non-ASCII Metadata itself; a header added before signing is how tools send it (latin1 on the wire)
def unicode_meta(request, **kwargs):
    request.headers["x-amz-meta-word"] = "Hello World\u00e9"
s3.meta.events.register_first("before-sign.s3.PutObject", unicode_meta)
put = s3.put_object(Bucket="sums", Key="a", Body=b"hello checksums",
                    CacheControl="max-age=5", ContentLanguage="de", ContentDisposition="inline", ServerSideEncryption="AES256", **algo)
out["put_crc"] = put.get("ChecksumCRC32")
out["put_sse"] = put.get("ServerSideEncryption")
got = s3.get_object(Bucket="sums", Key="a", ChecksumMode="ENABLED")
out["body"] = got["Body"].read().decode()
out["get_crc"] = got.get("ChecksumCRC32")
out["kept"] = [got.get("CacheControl"), got.get("ContentLanguage"), got.get("ContentDisposition"), got.get("ServerSideEncryption")]
out["meta"] = got["Metadata"]
s3.meta.events.unregister("before-sign.s3.PutObject", unicode_meta)
try:
    s3.put_object(Bucket="sums", Key="bad", Body=b"x", ChecksumCRC32="AAAAAA==")
except ClientError as e:
    out["bad"] = e.response["Error"]["Code"]
data = os.urandom(11 * 1024 * 1024)
s3.upload_fileobj(io.BytesIO(data), "sums", "big", ExtraArgs=algo,
                  Config=TransferConfig(multipart_threshold=5 * 1024 * 1024, multipart_chunksize=5 * 1024 * 1024))
head = s3.head_object(Bucket="sums", Key="big", ChecksumMode="ENABLED")
out["big_crc"] = head.get("ChecksumCRC32")
back = io.BytesIO()
s3.download_fileobj("sums", "big", back)
out["big_same"] = back.getvalue() == data
part = s3.head_object(Bucket="sums", Key="big", PartNumber=3)
out["part"] = [part["PartsCount"], part["ContentLength"]]
versions = s3.list_object_versions(Bucket="sums")
out["versions"] = [[v["Key"], v["VersionId"], v["IsLatest"]] for v in versions["Versions"]]
out["versioning"] = s3.get_bucket_versioning(Bucket="sums").get("Status")
out["acl"] = [g["Permission"] for g in s3.get_object_acl(Bucket="sums", Key="a")["Grants"]]
print(json.dumps(out))
`;

describe.skipIf(skip)("boto3 checksums and kept headers against /s3", () => {
  const emu = testEmulator();
  const cli = cliSession(() => emu);
  const pythons: Array<[string, string]> = [["explicit CRC32, Debian's boto3", clientCommand("boto3") ?? ""]];
  const modern = modernPython();
  if (modern) pythons.push(["botocore's default checksums", modern]);

  for (const [label, python] of pythons) {
    it(`verifies, keeps and serves CRC32 checksums (${label})`, async () => {
      // each run on a fresh state (its own bucket), with a key pair made after the reset
      expect((await emu.app.request("http://localhost/_emulator/reset", { method: "POST" })).status).toBeLessThan(300);
      const keys = await ec2Keys(emu);
      const env = { PATH: "/usr/bin:/bin", HOME: "/nonexistent", ENDPOINT: `${cli.server.url}/s3`, ACCESS: keys.accessKey, SECRET: keys.secret, EXPLICIT: label.startsWith("explicit") ? "1" : "0", AWS_CONFIG_FILE: "/nonexistent", AWS_SHARED_CREDENTIALS_FILE: "/nonexistent" };
      const { stdout } = cli.passed("boto3 checksum script", await runClient(python, ["-c", SCRIPT], env, { timeout: 120_000 }));
      const out = JSON.parse(stdout);
      expect(out).toMatchObject({
        put_crc: expect.stringMatching(/^[A-Za-z0-9+/]{6}==$/),
        put_sse: "AES256",
        body: "hello checksums",
        kept: ["max-age=5", "de", "inline", "AES256"],
        // S3 answers non-ASCII metadata as an RFC 2047 encoded word (botocore leaves it so)
        meta: { word: `=?UTF-8?B?${Buffer.from("Hello World\u00e9").toString("base64")}?=` },
        bad: "BadDigest",
        big_crc: expect.stringMatching(/^[A-Za-z0-9+/]{6}==-3$/),
        big_same: true,
        part: [3, 1024 * 1024],
        versions: [["a", "null", true], ["big", "null", true]],
        versioning: null,
        acl: ["FULL_CONTROL"],
      });
      expect(out.get_crc).toBe(out.put_crc);
    });
  }
});

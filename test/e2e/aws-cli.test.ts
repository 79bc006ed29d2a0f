// The unmodified AWS CLI (Debian's awscli) against the S3 API with a key pair `openstack ec2 credentials
// create` made: mb/cp/ls/rb, a file past the CLI's multipart threshold up and back byte for byte,
// s3api multipart calls, a presigned URL fetched without credentials, a wrong secret refused, and Swift
// reading what S3 wrote.

import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { clientCommand, clientSkipReason, cliSession, loginWithEnvironment, runPythonCli } from "../helpers/openstack-cli.js";

vi.setConfig({ testTimeout: 180_000 });

const skip = clientSkipReason("aws-cli.test.ts", "aws", "openstack");

describe.skipIf(skip)("aws CLI against /s3 (skipped only where awscli or the openstack CLI is not installed)", () => {
  const cli = cliSession(["--random-seed", "11"]);
  const dir = mkdtempSync(join(tmpdir(), "skymock-aws-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let keys: { access: string; secret: string };

  const aws = (args: string[], secret = keys.secret) => {
    const env = {
      HOME: dir,
      AWS_ACCESS_KEY_ID: keys.access,
      AWS_SECRET_ACCESS_KEY: secret,
      // the region the signature carries; the emulator takes whichever the client signs with
      AWS_DEFAULT_REGION: "RegionOne",
      AWS_CONFIG_FILE: join(dir, "none"),
      AWS_SHARED_CREDENTIALS_FILE: join(dir, "none"),
      AWS_EC2_METADATA_DISABLED: "true",
      AWS_PAGER: "",
    };
    return runPythonCli("aws", clientCommand("aws")!, ["--endpoint-url", `${cli.server.url}/s3`, ...args], env, { timeout: 120_000 });
  };
  const ok = async (args: string[]) => cli.passed(`aws ${args.join(" ")}`, await aws(args)).stdout;

  it("gets a key pair from `openstack ec2 credentials create`", async () => {
    const created = await cli.ok(["ec2", "credentials", "create", "-f", "json"]);
    keys = { access: created.access, secret: created.secret };
    expect(keys.access).toMatch(/^[0-9a-f]{32}$/);
    const listed = await cli.ok(["ec2", "credentials", "list", "-f", "json"]);
    expect(listed).toEqual([expect.objectContaining({ Access: keys.access, Secret: keys.secret })]);
  });

  it("makes a bucket, copies a file in, lists it, and refuses a wrong secret", async () => {
    await ok(["s3", "mb", "s3://photos"]);
    writeFileSync(join(dir, "hello.txt"), "hello from awscli\n");
    await ok(["s3", "cp", "--only-show-errors", join(dir, "hello.txt"), "s3://photos/notes/hello.txt"]);
    expect(await ok(["s3", "ls", "s3://photos", "--recursive"])).toMatch(/\s18 notes\/hello\.txt\n/);
    expect(await ok(["s3", "ls"])).toMatch(/ photos\n/);
    const wrong = await aws(["s3", "ls", "s3://photos"], "not-the-secret");
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/SignatureDoesNotMatch/);
  });

  it("copies a file past the multipart threshold up and back byte for byte", async () => {
    const big = randomBytes(20 * 1024 * 1024 + 12345);
    writeFileSync(join(dir, "big.bin"), big);
    await ok(["s3", "cp", "--only-show-errors", join(dir, "big.bin"), "s3://photos/big.bin"]);
    const head = JSON.parse(await ok(["s3api", "head-object", "--bucket", "photos", "--key", "big.bin"]));
    expect(head.ContentLength).toBe(big.length);
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-\d+"$/);
    await ok(["s3", "cp", "--only-show-errors", "s3://photos/big.bin", join(dir, "big-back.bin")]);
    expect(readFileSync(join(dir, "big-back.bin")).equals(big)).toBe(true);
  });

  it("runs a multipart upload through s3api: create, upload-part, list-parts, complete", async () => {
    const parts = [randomBytes(5 * 1024 * 1024), randomBytes(1000)];
    const created = JSON.parse(await ok(["s3api", "create-multipart-upload", "--bucket", "photos", "--key", "mp.bin"]));
    const uploadId = created.UploadId as string;
    const etags: string[] = [];
    for (const [i, part] of parts.entries()) {
      writeFileSync(join(dir, `part${i}`), part);
      const up = JSON.parse(await ok(["s3api", "upload-part", "--bucket", "photos", "--key", "mp.bin", "--part-number", String(i + 1), "--upload-id", uploadId, "--body", join(dir, `part${i}`)]));
      etags.push(up.ETag);
    }
    const listed = JSON.parse(await ok(["s3api", "list-parts", "--bucket", "photos", "--key", "mp.bin", "--upload-id", uploadId]));
    expect(listed.Parts.map((p: { PartNumber: number }) => p.PartNumber)).toEqual([1, 2]);
    const layout = JSON.stringify({ Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) });
    const done = JSON.parse(await ok(["s3api", "complete-multipart-upload", "--bucket", "photos", "--key", "mp.bin", "--upload-id", uploadId, "--multipart-upload", layout]));
    const md5s = Buffer.concat(parts.map((p) => createHash("md5").update(p).digest()));
    expect(done.ETag).toBe(`"${createHash("md5").update(md5s).digest("hex")}-2"`);
    await ok(["s3api", "get-object", "--bucket", "photos", "--key", "mp.bin", join(dir, "mp-back.bin")]);
    expect(readFileSync(join(dir, "mp-back.bin")).equals(Buffer.concat(parts))).toBe(true);
  });

  it("presigns a URL any HTTP client can fetch", async () => {
    const url = (await ok(["s3", "presign", "s3://photos/notes/hello.txt", "--expires-in", "300"])).trim();
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello from awscli\n");
    const tampered = await fetch(url.replace("hello.txt", "hello.txT"));
    expect(tampered.status).toBe(403);
  });

  it("shares the objects with Swift: what S3 wrote reads with a token, and the other way", async () => {
    const login = await loginWithEnvironment(cli.demo);
    const token = login.headers.get("x-subject-token")!;
    const body = (await login.json()) as { token: { project: { id: string } } };
    const account = `${cli.server.url}/object-store/v1/AUTH_${body.token.project.id}`;
    const read = await fetch(`${account}/photos/notes/hello.txt`, { headers: { "X-Auth-Token": token } });
    expect(await read.text()).toBe("hello from awscli\n");
    const put = await fetch(`${account}/photos/from-swift.txt`, { method: "PUT", headers: { "X-Auth-Token": token }, body: "written by swift" });
    expect(put.status).toBe(201);
    await ok(["s3", "cp", "--only-show-errors", "s3://photos/from-swift.txt", join(dir, "from-swift.txt")]);
    expect(readFileSync(join(dir, "from-swift.txt"), "utf8")).toBe("written by swift");
  });

  it("removes the bucket with its objects (rb --force), and the key stops working once deleted", async () => {
    await ok(["s3", "rb", "--force", "s3://photos"]);
    expect(await ok(["s3", "ls"])).toBe("");
    await cli.ok(["ec2", "credentials", "delete", keys.access]);
    const refused = await aws(["s3", "ls"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/InvalidAccessKeyId/);
  });
});

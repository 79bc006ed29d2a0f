// /v3/ec2tokens and /v3/s3tokens: a request signed with an EC2 credential's secret (SigV4, SigV2, S3's
// string to sign) authenticates the credential's user on its project; a bad signature is a 401.

import { createHash, createHmac } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../../src/app.js";
import { call, testEmulator } from "../../helpers/emulator.js";
import { CLOCK_SETUPS } from "../../helpers/clock-setups.js";
import { session } from "./identity-helpers.js";

const hmac = (key: string | Buffer, data: string | Buffer) => createHmac("sha256", key).update(data).digest();
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
/** `20300101T000000Z`: a SigV4 date, by default the wall clock's now (what a client signs with) */
const amz = (ms = Date.now()) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The AWS SigV4 recipe, written out for the test: canonical request, string to sign, key chain. */
function signV4(secret: string, amzDate: string, params: Record<string, string>) {
  const date = amzDate.slice(0, 8);
  const scope = `${date}/RegionOne/ec2/aws4_request`;
  const headers = { Host: "ec2.example.com:8788", "X-Amz-Date": amzDate };
  const query = Object.keys(params).sort().map((k) => `${enc(k)}=${enc(params[k]!)}`).join("&");
  const bodyHash = sha256("");
  const canonical = ["POST", "/", query, "host:ec2.example.com:8788\nx-amz-date:" + amzDate + "\n", "host;x-amz-date", bodyHash].join("\n");
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), "RegionOne"), "ec2"), "aws4_request");
  const signature = hmac(key, toSign).toString("hex");
  return {
    signature,
    toSign,
    credentials: {
      host: "ec2.example.com:8788",
      verb: "POST",
      path: "/",
      params,
      headers: { ...headers, Authorization: `AWS4-HMAC-SHA256 Credential=ACCESS/${scope}, SignedHeaders=host;x-amz-date, Signature=${signature}` },
      body_hash: bodyHash,
      signature,
    },
  };
}

describe("ec2tokens and s3tokens", () => {
  let emu: Emulator;
  let admin: Awaited<ReturnType<typeof session>>;
  let demo: Awaited<ReturnType<typeof session>>;
  let access: string;
  let secret: string;

  beforeEach(async () => {
    emu = testEmulator();
    admin = await session(emu, "admin");
    demo = await session(emu);
    const made = await call(emu, "POST", `/identity/v3/users/${demo.userId}/credentials/OS-EC2`, { token: demo.token, body: { tenant_id: demo.projectId } });
    access = made.body.credential.access;
    secret = made.body.credential.secret;
  });

  const ec2 = (credentials: unknown, token = admin.token) => call(emu, "POST", "/identity/v3/ec2tokens", { token, body: { credentials } });

  it("answers a SigV4-signed request with a token for the credential's user on its project", async () => {
    const { credentials } = signV4(secret, amz(), { Action: "DescribeInstances", Version: "2016-11-15" });
    const res = await ec2({ ...credentials, access });
    expect(res.status, res.text).toBe(200);
    const subject = res.headers.get("x-subject-token")!;
    expect(subject).toBeTruthy();
    expect(res.body.token).toMatchObject({ methods: ["ec2credential"], user: { id: demo.userId }, project: { id: demo.projectId } });
    expect(res.body.token.roles.map((r: { name: string }) => r.name).sort()).toEqual(["member", "reader"]);
    // the token is a real one
    const me = await call(emu, "GET", "/identity/v3/auth/tokens", { token: subject, headers: { "X-Subject-Token": subject } });
    expect(me.status).toBe(200);
  });

  it("accepts signature version 2", async () => {
    const params = { Action: "DescribeInstances", SignatureVersion: "2", AWSAccessKeyId: access, Timestamp: new Date().toISOString().replace(/\.\d{3}/, "") };
    const withMethod: Record<string, string> = { ...params, SignatureMethod: "HmacSHA256" };
    const query = Object.keys(withMethod).sort().map((k) => `${enc(k)}=${enc(withMethod[k]!)}`).join("&");
    const signature = createHmac("sha256", secret).update(`GET\nec2.example.com\n/\n${query}`).digest("base64");
    const res = await ec2({ access, signature, host: "ec2.example.com", verb: "GET", path: "/", params });
    expect(res.status, res.text).toBe(200);
  });

  it("refuses a bad signature, an unknown key, a missing access or body, a stale request and a non-admin caller", async () => {
    const { credentials } = signV4(secret, amz(), { Action: "DescribeInstances" });
    const before = (await call(emu, "GET", "/_emulator/state")).body.state.identity.tokens.size;
    const bad = await ec2({ ...credentials, access, signature: "0".repeat(64) });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe("The request you have made requires authentication.");
    const wrongSecret = signV4("not-the-secret", amz(), { Action: "DescribeInstances" }).credentials;
    expect((await ec2({ ...wrongSecret, access })).status).toBe(401);
    const unknown = await ec2({ ...credentials, access: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("EC2 access key not found.");
    expect((await ec2({ ...credentials })).status).toBe(401);
    const empty = await call(emu, "POST", "/identity/v3/ec2tokens", { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("request must include a request body");
    // Keystone's auth_ttl (15 minutes) on the wall clock the client signed with
    const stale = signV4(secret, amz(Date.now() - 16 * 60_000), { Action: "DescribeInstances" }).credentials;
    expect((await ec2({ ...stale, access })).status).toBe(401);
    // hostile values are a 4xx, never a 500
    for (const odd of [{ host: "a b:c:d", signature: "0".repeat(64) }, { host: "[::1", params: { SignatureVersion: "2" } }, { params: "x" }, { headers: { Authorization: "AWS4-HMAC-SHA256 Credential=/" } }, { signature: 5 }]) {
      const res = await ec2({ ...credentials, access, ...odd });
      expect([400, 401], JSON.stringify(odd)).toContain(res.status);
    }
    const member = await ec2({ ...credentials, access }, demo.token);
    expect(member.status).toBe(403);
    expect(member.body.error.message).toBe("You are not authorized to perform the requested action: identity:ec2tokens_validate.");
    expect((await call(emu, "POST", "/identity/v3/ec2tokens", { body: { credentials: { ...credentials, access } } })).status).toBe(401);
    expect((await call(emu, "GET", "/_emulator/state")).body.state.identity.tokens.size).toBe(before);
  });

  it("s3tokens checks S3's string to sign (v4 and v1) and answers the token body", async () => {
    const { toSign } = signV4(secret, "20300101T000000Z", {});
    const s3ToSign = toSign.replace("/ec2/", "/s3/");
    const date = "20300101";
    const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), "RegionOne"), "s3"), "aws4_request");
    const signature = hmac(key, s3ToSign).toString("hex");
    const token = Buffer.from(s3ToSign).toString("base64");
    const res = await call(emu, "POST", "/identity/v3/s3tokens", { token: admin.token, body: { credentials: { access, token, signature } } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("x-subject-token")).toBeNull();
    expect(res.body.token).toMatchObject({ user: { id: demo.userId }, project: { id: demo.projectId } });
    const v1ToSign = "GET\n\n\nMon, 01 Jan 2030 00:00:00 GMT\n/bucket/key";
    const v1 = createHmac("sha1", secret).update(v1ToSign).digest("base64");
    const ok = await call(emu, "POST", "/identity/v3/s3tokens", { token: admin.token, body: { credentials: { access, token: Buffer.from(v1ToSign).toString("base64"), signature: v1 } } });
    expect(ok.status).toBe(200);
    const bad = await call(emu, "POST", "/identity/v3/s3tokens", { token: admin.token, body: { credentials: { access, token, signature: "bad" } } });
    expect(bad.status).toBe(401);
    const iamOther = Buffer.from(s3ToSign.replace("/s3/", "/ec2/")).toString("base64");
    expect((await call(emu, "POST", "/identity/v3/s3tokens", { token: admin.token, body: { credentials: { access, token: iamOther, signature } } })).status).toBe(401);
  });
});

describe.each(CLOCK_SETUPS)("ec2tokens with the clock at $name", ({ options, after }) => {
  it("takes a request the client just signed, and refuses one signed 16 minutes ago by the wall clock", async () => {
    const emu = testEmulator(options);
    await after?.(emu);
    const admin = await session(emu, "admin");
    const demo = await session(emu);
    const made = await call(emu, "POST", `/identity/v3/users/${demo.userId}/credentials/OS-EC2`, { token: demo.token, body: { tenant_id: demo.projectId } });
    const { access, secret } = made.body.credential;
    const ec2 = (amzDate: string) => call(emu, "POST", "/identity/v3/ec2tokens", { token: admin.token, body: { credentials: { ...signV4(secret, amzDate, { Action: "DescribeInstances" }).credentials, access } } });
    const fresh = await ec2(amz());
    expect(fresh.status, fresh.text).toBe(200);
    expect((await ec2(amz(Date.now() - 16 * 60_000))).status).toBe(401);
    await emu.close();
  });
});

// The AWS signatures Keystone's /v3/ec2tokens and /v3/s3tokens check (keystoneclient's Ec2Signer, keystone/
// api/s3tokens.py): EC2 signature versions 2 and 4 over the request parts the caller forwards, and S3's
// pre-computed string to sign (v1 HMAC-SHA1 or v4). The SigV4 key derivation is the kernel's (auth/sigv4.ts).

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { signingKey, uriEncode } from "../../../kernel/auth/sigv4.js";

/** The request parts an EC2 API front end forwards to ec2tokens. */
export interface Ec2Request {
  verb: string;
  host: string;
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  bodyHash: string;
}

export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Sorted, each key and value percent-encoded as AWS does (Ec2Signer._canonical_qs). */
function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${uriEncode(k)}=${uriEncode(params[k]!)}`)
    .join("&");
}

function isV4(r: Ec2Request): boolean {
  return (r.headers.Authorization ?? "").startsWith("AWS4-HMAC-SHA256") || r.params["X-Amz-Algorithm"] === "AWS4-HMAC-SHA256";
}

/** An Authorization header field (`Credential=`, `SignedHeaders=`), else the X-Amz-<name> query parameter. */
function authParam(r: Ec2Request, name: string): string | undefined {
  const header = r.headers.Authorization;
  if (header !== undefined) {
    const at = header.indexOf(`${name}=`);
    return at < 0 ? "" : header.slice(at + name.length + 1).split(",")[0]!;
  }
  return r.params[`X-Amz-${name}`];
}

function v4(secret: string, r: Ec2Request): string | undefined {
  const signedHeaders = authParam(r, "SignedHeaders") ?? "";
  const credential = (authParam(r, "Credential") ?? "").split("/");
  const date = r.headers["X-Amz-Date"] ?? r.params["X-Amz-Date"];
  if (credential.length < 4 || !date || !date.startsWith(credential[1]!)) return undefined;
  const lower = new Map(Object.entries(r.headers).map(([k, v]) => [k.toLowerCase().trim(), v.trim()]));
  const headerLines = signedHeaders
    .split(";")
    .filter((h) => lower.has(h))
    .map((h) => `${h}:${lower.get(h)}`);
  const canonical = [r.verb.toUpperCase(), r.path, canonicalQuery(r.params), `${headerLines.join("\n")}\n`, signedHeaders, r.bodyHash].join("\n");
  const scope = credential.slice(1).join("/");
  const toSign = ["AWS4-HMAC-SHA256", date, scope, createHash("sha256").update(canonical, "utf8").digest("hex")].join("\n");
  return createHmac("sha256", signingKey(secret, credential[1]!, credential[2]!, credential[3]!)).update(toSign, "utf8").digest("hex");
}

function v2(secret: string, r: Ec2Request, host: string): string {
  const params = { ...r.params, SignatureMethod: "HmacSHA256" };
  const toSign = `${r.verb}\n${host}\n${r.path}\n${canonicalQuery(params)}`;
  return createHmac("sha256", secret).update(toSign, "utf8").digest("base64");
}

/** The signature the request should carry, or undefined when its signing scheme is not one Keystone reads. */
export function ec2Signature(secret: string, r: Ec2Request, host = r.host): string | undefined {
  const version = r.params.SignatureVersion;
  if (version === "2") return v2(secret, r, host);
  if (version === undefined && isV4(r)) return v4(secret, r);
  return undefined;
}

/** S3's check: the client's string to sign arrives base64-encoded; v4 when it starts with AWS4, else v1. */
export function s3Signature(secret: string, token: string): string | undefined {
  const toSign = Buffer.from(token.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (toSign.subarray(0, 4).toString("latin1") !== "AWS4") {
    return createHmac("sha1", secret).update(toSign).digest("base64");
  }
  const parts = toSign.toString("utf8").split("\n");
  if (parts.length !== 4 || parts[0] !== "AWS4-HMAC-SHA256") return undefined;
  const scope = parts[2]!.split("/");
  if (scope.length !== 4 || scope[3] !== "aws4_request" || !["s3", "iam", "sts"].includes(scope[2]!)) return undefined;
  return createHmac("sha256", signingKey(secret, scope[0]!, scope[1]!, scope[2]!)).update(toSign).digest("hex");
}

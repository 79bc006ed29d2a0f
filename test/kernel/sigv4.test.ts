// The kernel's AWS Signature V4 check against AWS's published S3 examples and against requests the test
// signs itself (test/helpers/toy-s3.ts: written from the AWS documentation with node:crypto, no SDK).

import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/kernel/errors.js";
import { verifySigV4, type SignedRequest } from "../../src/kernel/auth/sigv4.js";
import { ClientTime } from "../../src/kernel/client-time.js";
import type { Principal } from "../../src/kernel/auth/principal.js";
import { presignV4, signV4 } from "../helpers/toy-s3.js";

const KEY = "AKIAIOSFODNN7EXAMPLE";
const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const WHO = { userId: "u1" } as Principal;
const lookupSecret = (key: string) => (key === KEY ? { secret: SECRET, principal: WHO } : undefined);
const MAY_24 = new Date("2013-05-24T00:00:00Z");

function request(method: string, url: string, headers: Record<string, string> = {}): SignedRequest {
  const u = new URL(url);
  const lower = Object.fromEntries(Object.entries({ host: u.host, ...headers }).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, target: url.slice(u.origin.length), header: (name) => lower[name], headerNames: () => Object.keys(lower) };
}

function refusal(result: Principal | ApiError): { status: number; code?: string } {
  if (!(result instanceof ApiError)) throw new Error("the request was accepted");
  return { status: result.status, code: result.code };
}

describe("AWS's published examples (S3, GET /test.txt on examplebucket)", () => {
  const url = "https://examplebucket.s3.amazonaws.com/test.txt";
  const headers = {
    Range: "bytes=0-9",
    "x-amz-content-sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "x-amz-date": "20130524T000000Z",
  };

  it("accepts the Authorization header example", () => {
    const authorization =
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date," +
      "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41";
    expect(verifySigV4(request("GET", url, { ...headers, Authorization: authorization }), { lookupSecret })).toBe(WHO);
    // the test's own signer computes the same signature
    expect(signV4({ method: "GET", url, accessKey: KEY, secret: SECRET, date: MAY_24, headers: { Range: "bytes=0-9" } }).authorization).toBe(
      authorization.replace(",SignedHeaders", ", SignedHeaders").replace(",Signature", ", Signature"),
    );
  });

  it("accepts the presigned URL example", () => {
    const presigned =
      `${url}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request` +
      "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host" +
      "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";
    expect(verifySigV4(request("GET", presigned), { lookupSecret })).toBe(WHO);
    expect(presignV4({ method: "GET", url, accessKey: KEY, secret: SECRET, date: MAY_24 }, 86400)).toBe(presigned);
  });
});

describe("requests the test signs", () => {
  const base = "http://localhost:9000/s3";
  it.each([
    ["a plain key", "GET", "/bucket/key.txt"],
    ["a key with spaces, +, ~ and unicode", "PUT", "/bucket/a%20b%2Bc~d/%C3%A9t%C3%A9.txt"],
    ["a query with repeated and empty parameters", "GET", "/bucket?list-type=2&prefix=a%2Fb&prefix=a&delimiter=&max-keys=10"],
    ["a query needing sort by name then value", "GET", "/bucket?a-b=1&a=2&A=3"],
  ])("accepts %s", (_what, method, path) => {
    const url = `${base}${path}`;
    const headers = signV4({ method, url, accessKey: KEY, secret: SECRET, headers: { "Content-Type": "text/plain", "X-Amz-Meta-Colour": "  dark   blue " } });
    expect(verifySigV4(request(method, url, headers), { lookupSecret })).toBe(WHO);
  });

  it("refuses a change to the method, path, query or a signed header as SignatureDoesNotMatch, naming what it signed", () => {
    const url = `${base}/bucket/key?versionId=1`;
    const headers = signV4({ method: "GET", url, accessKey: KEY, secret: SECRET, headers: { range: "bytes=0-1" } });
    for (const tampered of [
      request("DELETE", url, headers),
      request("GET", `${base}/bucket/other?versionId=1`, headers),
      request("GET", `${base}/bucket/key?versionId=2`, headers),
      request("GET", url, { ...headers, range: "bytes=0-100" }),
    ]) {
      const result = verifySigV4(tampered, { lookupSecret });
      expect(refusal(result)).toEqual({ status: 403, code: "SignatureDoesNotMatch" });
      expect((result as ApiError).fields.CanonicalRequest).toContain("/bucket/");
    }
  });

  it("refuses a wrong secret (403 SignatureDoesNotMatch) and an unknown key (403 InvalidAccessKeyId)", () => {
    const url = `${base}/bucket/key`;
    expect(refusal(verifySigV4(request("GET", url, signV4({ method: "GET", url, accessKey: KEY, secret: "nope" })), { lookupSecret }))).toEqual({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    expect(refusal(verifySigV4(request("GET", url, signV4({ method: "GET", url, accessKey: "AKIDUNKNOWN", secret: SECRET })), { lookupSecret }))).toEqual({
      status: 403,
      code: "InvalidAccessKeyId",
    });
  });

  it("checks the request's date against the wall clock, and a presigned URL's expiry on the virtual one, only when given", () => {
    const url = `${base}/bucket/key`;
    const signedAt = new Date("2030-01-01T00:00:00Z");
    const headers = request("GET", url, signV4({ method: "GET", url, accessKey: KEY, secret: SECRET, date: signedAt }));
    // the virtual clock, years away and moving, plays no part in the date's check
    const clocks = { wall: signedAt.getTime(), virtual: Date.parse("2040-01-01T00:00:00Z") };
    const time = new ClientTime({ now: () => clocks.virtual, wallNow: () => clocks.wall });
    const at = (wallMs: number) => ((clocks.wall = signedAt.getTime() + wallMs), { lookupSecret, time });
    expect(verifySigV4(headers, { lookupSecret })).toBe(WHO);
    expect(verifySigV4(headers, at(14 * 60_000))).toBe(WHO);
    expect(verifySigV4(headers, at(-14 * 60_000))).toBe(WHO);
    expect(refusal(verifySigV4(headers, at(16 * 60_000)))).toEqual({ status: 403, code: "RequestTimeTooSkewed" });
    expect(refusal(verifySigV4(headers, at(-16 * 60_000)))).toEqual({ status: 403, code: "RequestTimeTooSkewed" });
    const presigned = request("GET", presignV4({ method: "GET", url, accessKey: KEY, secret: SECRET, date: signedAt }, 60));
    expect(refusal(verifySigV4(presigned, at(-16 * 60_000)))).toEqual({ status: 403, code: "AccessDenied" }); // not valid yet
    // first used 10 s after signing: 50 s left, on the virtual clock
    expect(verifySigV4(presigned, at(10_000))).toBe(WHO);
    clocks.virtual += 49_000;
    expect(verifySigV4(presigned, at(10_000))).toBe(WHO);
    clocks.virtual += 2_000;
    expect(refusal(verifySigV4(presigned, at(10_000)))).toEqual({ status: 403, code: "AccessDenied" });
  });
});

describe("malformed credentials are refused, never thrown", () => {
  const url = "http://localhost/s3/bucket/key";
  const date = { "x-amz-date": "20300101T000000Z", "x-amz-content-sha256": "UNSIGNED-PAYLOAD" };
  it.each([
    ["AWS4-HMAC-SHA256", 400, "AuthorizationHeaderMalformed"],
    ["AWS4-HMAC-SHA256 Credential=x", 400, "AuthorizationHeaderMalformed"],
    ["AWS4-HMAC-SHA512 Credential=a/b/c/d/e, SignedHeaders=host, Signature=00", 400, "AuthorizationHeaderMalformed"],
    [`AWS4-HMAC-SHA256 Credential=${KEY}/20300101/us-east-1/s3, SignedHeaders=host, Signature=00`, 400, "AuthorizationHeaderMalformed"],
    [`AWS4-HMAC-SHA256 Credential=${KEY}/20290101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=00`, 400, "AuthorizationHeaderMalformed"],
    [`AWS4-HMAC-SHA256 Credential=${KEY}/20300101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=zz`, 403, "SignatureDoesNotMatch"],
    [`AWS4-HMAC-SHA256 Credential=${KEY}/20300101/us-east-1/s3/aws4_request,,, SignedHeaders=;;, Signature=${"0".repeat(64)}`, 403, "SignatureDoesNotMatch"],
  ])("%s", (authorization, status, code) => {
    expect(refusal(verifySigV4(request("GET", url, { ...date, authorization }), { lookupSecret }))).toEqual({ status, code });
  });

  it("without x-amz-date: 403 AccessDenied; a body without x-amz-content-sha256: 400", () => {
    const authorization = `AWS4-HMAC-SHA256 Credential=${KEY}/20300101/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=00`;
    expect(refusal(verifySigV4(request("GET", url, { authorization }), { lookupSecret }))).toEqual({ status: 403, code: "AccessDenied" });
    expect(refusal(verifySigV4(request("PUT", url, { authorization, "x-amz-date": date["x-amz-date"], "content-length": "3" }), { lookupSecret }))).toEqual({
      status: 400,
      code: "InvalidRequest",
    });
  });

  it.each([
    ["X-Amz-Algorithm=AWS4-HMAC-SHA1", "AuthorizationQueryParametersError"],
    ["X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=x", "AuthorizationQueryParametersError"],
    [`X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${KEY}%2F20300101%2Fr%2Fs3%2Faws4_request&X-Amz-Date=20300101T000000Z&X-Amz-Expires=0&X-Amz-SignedHeaders=host&X-Amz-Signature=00`, "AuthorizationQueryParametersError"],
    ["X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%ff&X-Amz-Date=bad&X-Amz-Expires=1&X-Amz-SignedHeaders=host&X-Amz-Signature=00", "AuthorizationQueryParametersError"],
  ])("presigned %s", (query, code) => {
    expect(refusal(verifySigV4(request("GET", `${url}?${query}`), { lookupSecret }))).toEqual({ status: 400, code });
  });
});

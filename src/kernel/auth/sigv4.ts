// AWS Signature Version 4, as S3 checks it: the Authorization header (AWS4-HMAC-SHA256 Credential=...,
// SignedHeaders=..., Signature=...) or a presigned URL's X-Amz-* query; canonical request, string to sign,
// HMAC chain. Refusals carry S3's codes and statuses (403 SignatureDoesNotMatch, 400 malformed), not 401.

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "../errors.js";
import { requestHeader, requestHeaderRecord, requestTarget, type Ctx } from "../http/context.js";
import type { ClientTime } from "../client-time.js";
import type { Principal } from "./principal.js";
import type { AuthScheme } from "./schemes.js";

export const ALGORITHM = "AWS4-HMAC-SHA256";
export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const MAX_SKEW_MS = 15 * 60_000;

export interface SigV4Secret {
  secret: string;
  principal: Principal;
}

export interface SigV4Options {
  /** The secret of an access key and whom it authenticates; undefined: an unknown key (403 InvalidAccessKeyId). */
  lookupSecret(accessKey: string): SigV4Secret | undefined;
  /**
   * What a signature's date is checked against: the wall clock (15 minutes of skew either way; a presigned
   * URL may not date from later than that), and a presigned URL's X-Amz-Expires counted on the virtual clock
   * from its first use. Absent: neither is checked.
   */
  time?: Pick<ClientTime, "wallNow" | "expired">;
  /** the service a credential's scope must name (`<date>/<region>/<service>/aws4_request`); default `s3` */
  service?: string;
}

/** What the check reads of a request. */
export interface SignedRequest {
  method: string;
  /** path and query as sent, percent-encoded */
  target: string;
  /** a header by lower-case name (Host included) */
  header(name: string): string | undefined;
  /** the names of the headers sent, lower-case */
  headerNames(): string[];
}

interface Signed {
  accessKey: string;
  date: string;
  scope: string;
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** query parameters left out of the canonical query (a presigned URL's own signature) */
  skipQuery?: string;
  expiresSeconds?: number;
}

/** The scheme a service declares: `auth: [awsSigV4({ lookupSecret })]`. */
export function awsSigV4(options: SigV4Options): AuthScheme {
  return {
    name: "aws-sigv4",
    credential(c) {
      const header = requestHeader(c, "authorization");
      if (header?.startsWith("AWS4-")) return header;
      return requestTarget(c).includes("X-Amz-Algorithm=") ? "" : undefined;
    },
    authenticate: (_credential, c) => verifySigV4(signedRequestOf(c), options),
    missing: () => new ApiError(403, "AccessDenied", "Access Denied"),
  };
}

/** The principal a correctly signed request authenticates as, or S3's refusal. */
export function verifySigV4(request: SignedRequest, options: SigV4Options): Principal | ApiError {
  const [path, query = ""] = splitTarget(request.target);
  const service = options.service ?? "s3";
  const signed = request.header("authorization")?.startsWith("AWS4-") ? fromHeader(request, service) : fromQuery(query, service);
  if (signed instanceof ApiError) return signed;
  const found = options.lookupSecret(signed.accessKey);
  if (!found) {
    return new ApiError(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.", {}, {
      AWSAccessKeyId: signed.accessKey,
    });
  }
  if (options.time) {
    const refused = checkTime(signed, options.time);
    if (refused) return refused;
  }
  const canonical = canonicalRequest(request, path, query, signed);
  const toSign = `${ALGORITHM}\n${signed.amzDate}\n${signed.scope}\n${sha256Hex(canonical)}`;
  const [, region] = signed.scope.split("/");
  const expected = hmac(signingKey(found.secret, signed.date, region!, service), toSign).toString("hex");
  if (!sameHex(expected, signed.signature)) {
    return new ApiError(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      {},
      { AWSAccessKeyId: signed.accessKey, StringToSign: toSign, SignatureProvided: signed.signature, CanonicalRequest: canonical },
    );
  }
  return unsignedHeaders(request, signed) ?? found.principal;
}

/**
 * S3 refuses a request carrying an x-amz-* header its signature does not cover (a captured PUT replayed with
 * an x-amz-copy-source added would otherwise copy), presigned URLs included. x-amz-content-sha256 alone may
 * go unsigned, as S3 allows (it is checked against the body anyway).
 */
function unsignedHeaders(request: SignedRequest, signed: Signed): ApiError | undefined {
  const covered = new Set(signed.signedHeaders);
  const unsigned = request.headerNames().filter((name) => name.startsWith("x-amz-") && name !== "x-amz-content-sha256" && !covered.has(name));
  if (!unsigned.length) return undefined;
  return new ApiError(403, "AccessDenied", "There were headers present in the request which were not signed", {}, {
    HeadersNotSigned: unsigned.sort().join(", "),
  });
}

/**
 * The client signed with its wall clock, so the date is compared with the wall clock; a presigned URL's
 * expiry is one a test reaches by moving the virtual clock (ClientTime counts it from the URL's first use).
 */
function checkTime(signed: Signed, time: NonNullable<SigV4Options["time"]>): ApiError | undefined {
  const at = parseAmzDate(signed.amzDate);
  const wall = time.wallNow();
  if (signed.expiresSeconds === undefined) {
    if (Math.abs(wall - at) <= MAX_SKEW_MS) return undefined;
    return new ApiError(403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.", {}, {
      RequestTime: signed.amzDate,
      ServerTime: new Date(wall).toISOString().replace(/\.\d{3}Z$/, "Z"),
      MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
    });
  }
  if (at > wall + MAX_SKEW_MS) return new ApiError(403, "AccessDenied", "Request is not valid yet");
  if (time.expired(`sigv4 ${signed.signature}`, at + signed.expiresSeconds * 1000)) {
    return new ApiError(403, "AccessDenied", "Request has expired", {}, { "X-Amz-Expires": String(signed.expiresSeconds) });
  }
  return undefined;
}

function fromHeader(request: SignedRequest, service: string): Signed | ApiError {
  const header = request.header("authorization")!;
  const malformed = (why: string) => new ApiError(400, "AuthorizationHeaderMalformed", `The authorization header is malformed; ${why}`);
  if (!header.startsWith(`${ALGORITHM} `)) return malformed(`the algorithm must be ${ALGORITHM}.`);
  const parts = new Map<string, string>();
  for (const part of header.slice(ALGORITHM.length + 1).split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) parts.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = parts.get("Credential");
  const signedHeaders = parts.get("SignedHeaders");
  const signature = parts.get("Signature");
  if (!credential || !signedHeaders || !signature) return malformed("it needs Credential, SignedHeaders and Signature.");
  const amzDate = request.header("x-amz-date");
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate)) {
    return new ApiError(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  }
  const scope = parseCredential(credential, amzDate, service);
  if (typeof scope === "string") return malformed(scope);
  const payloadHash = request.header("x-amz-content-sha256") ?? (hasBody(request) ? undefined : EMPTY_SHA256);
  if (payloadHash === undefined) {
    return new ApiError(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  }
  return { ...scope, amzDate, signedHeaders: signedHeaders.split(";"), signature, payloadHash };
}

function fromQuery(query: string, service: string): Signed | ApiError {
  const params = new Map(parseQuery(query));
  const refuse = (why: string) => new ApiError(400, "AuthorizationQueryParametersError", why);
  if (params.get("X-Amz-Algorithm") !== ALGORITHM) return refuse(`X-Amz-Algorithm only supports "${ALGORITHM}"`);
  const credential = params.get("X-Amz-Credential");
  const amzDate = params.get("X-Amz-Date");
  const signedHeaders = params.get("X-Amz-SignedHeaders");
  const signature = params.get("X-Amz-Signature");
  const expires = Number(params.get("X-Amz-Expires"));
  if (!credential || !amzDate || !signedHeaders || !signature || !params.has("X-Amz-Expires")) {
    return refuse("Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.");
  }
  if (!/^\d{8}T\d{6}Z$/.test(amzDate)) return refuse("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  // a negative expiry is a URL that expired already: S3's 403, not a malformed request
  if (Number.isInteger(expires) && expires < 0) return new ApiError(403, "AccessDenied", "X-Amz-Expires must be non-negative");
  if (!Number.isInteger(expires) || expires < 1 || expires > 604800) {
    return refuse("X-Amz-Expires must be a number of seconds from 1 to 604800 (seven days)");
  }
  const scope = parseCredential(credential, amzDate, service);
  if (typeof scope === "string") return refuse(`Error parsing the X-Amz-Credential parameter; ${scope}`);
  return {
    ...scope,
    amzDate,
    signedHeaders: signedHeaders.split(";"),
    signature,
    payloadHash: "UNSIGNED-PAYLOAD",
    skipQuery: "X-Amz-Signature",
    expiresSeconds: expires,
  };
}

/**
 * `AKID/20130524/us-east-1/s3/aws4_request`: the key and the scope; a string says what is wrong. A key
 * scoped to another service (a signature made for EC2) is no S3 signature, however it was computed.
 */
function parseCredential(credential: string, amzDate: string, service: string): { accessKey: string; date: string; scope: string } | string {
  const parts = credential.split("/");
  if (parts.length !== 5 || !parts[0] || parts[4] !== "aws4_request" || !parts[2] || !parts[3]) {
    return "the Credential must be <access key>/<date>/<region>/<service>/aws4_request.";
  }
  if (parts[3] !== service) return `incorrect service "${parts[3]}". This endpoint belongs to "${service}".`;
  if (parts[1] !== amzDate.slice(0, 8)) return `the credential's date ${parts[1]} is not the request's ${amzDate.slice(0, 8)}.`;
  return { accessKey: parts[0], date: parts[1], scope: parts.slice(1).join("/") };
}

/**
 * A header value as the client signed it. Node hands header bytes over one char per byte (latin1); a client
 * that sent UTF-8 (an SDK writing non-ASCII metadata) signed those bytes, so a value whose bytes are valid
 * UTF-8 is taken as UTF-8. Others stay as they are: Python's http.client sends U+0080-U+00FF as one latin1
 * byte each while botocore signs their UTF-8, which hashing the string as UTF-8 reproduces.
 */
function signedValue(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  const bytes = Buffer.from(value, "latin1");
  const text = bytes.toString("utf8");
  return Buffer.from(text, "utf8").equals(bytes) ? text : value;
}

/** The canonical request (S3's rules: the path encoded once, not normalized). */
export function canonicalRequest(request: SignedRequest, path: string, query: string, signed: Pick<Signed, "signedHeaders" | "payloadHash" | "skipQuery">): string {
  const canonicalPath = path.split("/").map((segment) => uriEncode(safeDecode(segment))).join("/");
  const canonicalQuery = parseQuery(query)
    .filter(([name]) => name !== signed.skipQuery)
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headers = signed.signedHeaders.map((name) => `${name}:${signedValue(request.header(name) ?? "").trim().replace(/\s+/g, " ")}\n`).join("");
  return `${request.method}\n${canonicalPath}\n${canonicalQuery}\n${headers}\n${signed.signedHeaders.join(";")}\n${signed.payloadHash}`;
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
}

/** RFC 3986 encoding as AWS specifies it: everything but A-Z a-z 0-9 - _ . ~ */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

function parseQuery(query: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const pair of query.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    out.push(eq < 0 ? [safeDecode(pair), ""] : [safeDecode(pair.slice(0, eq)), safeDecode(pair.slice(eq + 1))]);
  }
  return out;
}

function signedRequestOf(c: Ctx): SignedRequest {
  return {
    method: c.req.method,
    target: requestTarget(c),
    // in-process requests (app.request) carry no Host header: the URL's host is the one the client signed
    header: (name) => requestHeader(c, name) ?? (name === "host" ? new URL(c.req.url).host : undefined),
    headerNames: () => Object.keys(requestHeaderRecord(c)),
  };
}

function splitTarget(target: string): [string, string?] {
  const q = target.indexOf("?");
  return q < 0 ? [target] : [target.slice(0, q), target.slice(q + 1)];
}

function hasBody(request: SignedRequest): boolean {
  const length = request.header("content-length");
  return (length !== undefined && length !== "0") || request.header("transfer-encoding") !== undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function parseAmzDate(amzDate: string): number {
  const d = amzDate;
  return Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +d.slice(9, 11), +d.slice(11, 13), +d.slice(13, 15));
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}

function sha256Hex(data: string): string {
  return createHash("sha256").update(data, "utf8").digest("hex");
}

function sameHex(expected: string, given: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

// OAuth 1.0a request signatures (RFC 5849) as Keystone's OS-OAUTH1 checks them through oauthlib: the
// Authorization header's protocol parameters (3.5.1), the signature base string (3.4.1), HMAC-SHA1/256/512
// and PLAINTEXT (3.4.2, 3.4.4), and oauthlib's checks of the parameters. Pure and linear in its input.

import { createHmac } from "node:crypto";
import { sameSignature } from "./ec2-signature.js";

/** The parts of a signed request the signature covers, as the client sent them. */
export interface SignedRequest {
  method: string;
  /** `scheme://host[:port]` as the client addressed the server */
  origin: string;
  /** the path as sent, still percent-encoded */
  path: string;
  /** the query string without `?` (empty when none); counted when the endpoint signs its query */
  query: string;
  authorization: string | undefined;
}

/** oauthlib's refusal of malformed protocol parameters: Keystone shows its error and description (400). */
export class OAuthProtocolError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** oauthlib's timestamp_lifetime: a signature stamped further than this from the server's clock is refused. */
export const TIMESTAMP_LIFETIME_S = 600;

/** oauthlib's SIGNATURE_METHODS; RSA ones are known but Keystone has no RSA keys, so they never verify. */
const SIGNATURE_METHODS = ["HMAC-SHA1", "HMAC-SHA256", "HMAC-SHA512", "RSA-SHA1", "RSA-SHA256", "RSA-SHA512", "PLAINTEXT"];
const HMACS: Record<string, string> = { "HMAC-SHA1": "sha1", "HMAC-SHA256": "sha256", "HMAC-SHA512": "sha512" };
const HEX = /^[0-9a-f]*$/;

const hexValue = (code: number) =>
  code >= 48 && code <= 57 ? code - 48 : code >= 65 && code <= 70 ? code - 55 : code >= 97 && code <= 102 ? code - 87 : -1;

/** Percent-decoding as Python's unquote: valid `%XX` sequences become bytes, anything else stays as it is. */
export function percentDecode(s: string, plusIsSpace = false): string {
  if (!s.includes("%") && !(plusIsSpace && s.includes("+"))) return s;
  const out: Buffer[] = [];
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 37 && i + 2 < s.length && hexValue(s.charCodeAt(i + 1)) >= 0 && hexValue(s.charCodeAt(i + 2)) >= 0) {
      out.push(Buffer.from(s.slice(run, i), "utf8"), Buffer.of(hexValue(s.charCodeAt(i + 1)) * 16 + hexValue(s.charCodeAt(i + 2))));
      i += 2;
      run = i + 1;
    } else if (c === 43 && plusIsSpace) {
      out.push(Buffer.from(s.slice(run, i), "utf8"), Buffer.of(32));
      run = i + 1;
    }
  }
  out.push(Buffer.from(s.slice(run), "utf8"));
  return Buffer.concat(out).toString("utf8");
}

/** RFC 5849 3.6: UTF-8, every byte but the unreserved characters (ALPHA, DIGIT, `-._~`) as `%XX`. */
export function percentEncode(s: string): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const unreserved =
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x2d || byte === 0x2e || byte === 0x5f || byte === 0x7e;
    out += unreserved ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The parameters of an `Authorization: OAuth k="v", ...` header (RFC 5849 3.5.1), names and values
 * percent-decoded, a repeated name keeping its last value (as oauthlib's dict does); undefined when the
 * header is not an OAuth one or an item has no `=`.
 */
export function parseAuthorization(header: string | undefined): Map<string, string> | undefined {
  if (header === undefined || header.slice(0, 6).toLowerCase() !== "oauth ") return undefined;
  const items: string[] = [];
  let part = "";
  let quoted = false;
  for (let i = 6; i < header.length; i++) {
    const ch = header[i]!;
    if (quoted && ch === "\\" && i + 1 < header.length) part += header[++i];
    else if (ch === '"') {
      quoted = !quoted;
      part += ch;
    } else if (ch === "," && !quoted) {
      items.push(part);
      part = "";
    } else part += ch;
  }
  items.push(part);
  const params = new Map<string, string>();
  for (const raw of items) {
    const item = raw.trim();
    if (item === "") continue;
    const eq = item.indexOf("=");
    if (eq < 0) return undefined;
    let value = item.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    params.set(percentDecode(item.slice(0, eq).trim()), percentDecode(value));
  }
  return params;
}

/** A query string's pairs as oauthlib reads them (parse_qsl, blank values kept, `+` a space). */
export function queryPairs(query: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const piece of query.split("&")) {
    if (piece === "") continue;
    const eq = piece.indexOf("=");
    const key = eq < 0 ? piece : piece.slice(0, eq);
    pairs.push([percentDecode(key, true), eq < 0 ? "" : percentDecode(piece.slice(eq + 1), true)]);
  }
  return pairs;
}

/** The protocol parameters of one request, gathered and checked as oauthlib's endpoints do. */
export interface OAuthParams {
  consumerKey: string;
  token: string | undefined;
  verifier: string | undefined;
  callback: string | undefined;
  nonce: string;
  timestamp: string;
  signatureMethod: string;
  signature: string;
  /** every parameter the signature covers: the header's but oauth_signature and realm, and the query's */
  signed: Array<[string, string]>;
}

const invalid = (description: string) => new OAuthProtocolError("invalid_request", description);

/**
 * oauthlib's _create_request and _check_mandatory_parameters: protocol parameters from one place only,
 * all mandatory ones present, a known signature method, version 1.0, a ten-digit timestamp within the
 * lifetime of `wallNow` (the client stamped it with its own clock), a consumer key of 32 hex digits and
 * a hex nonce (Keystone's validator). Throws OAuthProtocolError.
 */
export function readOAuthParams(header: Map<string, string>, query: Array<[string, string]>, wallNow: number): OAuthParams {
  if (query.some(([k]) => k.startsWith("oauth_"))) {
    throw invalid("oauth_ params must come from only 1 signaturetype but were found in AUTH_HEADER, QUERY");
  }
  const get = (name: string) => header.get(name) || undefined;
  const consumerKey = get("oauth_consumer_key");
  const nonce = get("oauth_nonce");
  const timestamp = get("oauth_timestamp");
  const signatureMethod = get("oauth_signature_method");
  const signature = get("oauth_signature");
  if (!consumerKey || !nonce || !timestamp || !signatureMethod || !signature) throw invalid("Missing mandatory OAuth parameters.");
  if (!SIGNATURE_METHODS.includes(signatureMethod)) {
    throw new OAuthProtocolError("invalid_signature_method", `Invalid signature, ${signatureMethod} not in [${SIGNATURE_METHODS.map((m) => `'${m}'`).join(", ")}].`);
  }
  if (header.has("oauth_version") && header.get("oauth_version") !== "1.0") throw invalid("Invalid OAuth version.");
  if (timestamp.length !== 10) throw invalid("Invalid timestamp size");
  if (!/^\d{10}$/.test(timestamp)) throw invalid("Timestamp must be an integer.");
  if (Math.abs(wallNow / 1000 - Number(timestamp)) > TIMESTAMP_LIFETIME_S) {
    throw invalid(`Timestamp given is invalid, differ from allowed by over ${TIMESTAMP_LIFETIME_S} seconds.`);
  }
  if (!isKeystoneId(consumerKey)) throw invalid("Invalid client key format.");
  if (!HEX.test(nonce)) throw invalid("Invalid nonce format.");
  const signed: Array<[string, string]> = [];
  for (const [k, v] of header) if (k !== "oauth_signature" && k !== "realm") signed.push([k, v]);
  signed.push(...query);
  return {
    consumerKey,
    token: get("oauth_token"),
    verifier: get("oauth_verifier"),
    callback: get("oauth_callback"),
    nonce,
    timestamp,
    signatureMethod,
    signature,
    signed,
  };
}

/** Keystone's tokens and consumer keys: a uuid4's 32 hex digits. */
export function isKeystoneId(value: string): boolean {
  return value.length === 32 && HEX.test(value);
}

/** RFC 5849 3.4.1: the method, the base string URI and the normalized parameters, each percent-encoded. */
export function signatureBaseString(request: SignedRequest, params: Array<[string, string]>): string {
  const normalized = params
    .map(([k, v]): [string, string] => [percentEncode(k), percentEncode(v)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const uri = `${request.origin}${request.path || "/"}`.replace(/ /g, "%20");
  return `${percentEncode(request.method.toUpperCase())}&${percentEncode(uri)}&${percentEncode(normalized)}`;
}

/** Whether the request carries the signature its consumer secret and token secret make. */
export function signatureValid(request: SignedRequest, params: OAuthParams, consumerSecret: string, tokenSecret: string | undefined): boolean {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret ?? "")}`;
  if (params.signatureMethod === "PLAINTEXT") return sameSignature(key, params.signature);
  const hash = HMACS[params.signatureMethod];
  if (hash === undefined) return false;
  const expected = createHmac(hash, key).update(signatureBaseString(request, params.signed), "utf8").digest("base64");
  return sameSignature(expected, params.signature);
}

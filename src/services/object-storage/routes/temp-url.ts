// Swift's tempurl middleware: a signature (HMAC-SHA1/256/512 of "METHOD\nexpires\npath") with one of the
// account's or the container's Temp-URL keys lets a request in without a token, for the methods GET, HEAD,
// PUT, POST and DELETE. The key that matched is the URL's scope: an account key reaches the whole account,
// a container key its container only (what a copy or a manifest made through the URL may read). A request
// that carries temp URL parameters is judged by them alone, a token beside them counts for nothing: an
// invalid or expired URL is a 401 even with a valid token. GET/HEAD answers name the download
// (Content-Disposition: attachment, or inline with `inline`; `filename=` names it) and carry Expires.

import { createHmac, timingSafeEqual } from "node:crypto";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { findAccount, findContainer } from "../read.js";
import { TEMP_URL_KEYS } from "../views.js";
import { httpDate, type Deps } from "./common.js";

export interface TempUrlScope {
  project: string;
  /** set for a container key's URL */
  container?: string;
}

const DIGESTS: Record<number, string> = { 40: "sha1", 64: "sha256", 128: "sha512" };
export const ALLOWED_DIGESTS = ["sha1", "sha256", "sha512"];

/** The scope of a valid, unexpired temp URL for this request; the path with or without the mount is signed. */
export function tempUrlScope(c: Ctx, d: Deps, projectId: string, containerName: string): TempUrlScope | undefined {
  const sig = queryParam(c, "temp_url_sig");
  const expiresRaw = queryParam(c, "temp_url_expires");
  if (!sig || !expiresRaw) return undefined;
  const expires = /^\d+$/.test(expiresRaw) ? Number(expiresRaw) * 1000 : Date.parse(expiresRaw);
  // the client computed it from its wall clock; it runs out on the virtual one, counted from first use
  if (!Number.isFinite(expires) || d.kernel.clientTime.expired(`tempurl ${expiresRaw} ${sig}`, expires)) return undefined;
  const keys = tempUrlKeys(d, projectId, containerName);
  if (!keys.length) return undefined;
  const { digest, given } = parseSignature(sig);
  if (!digest) return undefined;
  const path = c.req.path;
  const v1 = path.slice(path.indexOf("/v1/"));
  const methods = c.req.method === "HEAD" ? ["HEAD", "GET", "POST", "PUT"] : [c.req.method];
  for (const [key, scope] of keys) {
    for (const method of methods) {
      for (const signed of [path, v1]) {
        if (signatureMatches(digest, key, `${method}\n${expiresRaw}\n${signed}`, given)) return scope;
      }
    }
  }
  return undefined;
}

/** The account's and the container's Temp-URL keys, each with the scope it signs for (tempurl's and formpost's). */
export function tempUrlKeys(d: Deps, projectId: string, containerName: string): Array<[string, TempUrlScope]> {
  const account = findAccount(d.state(), projectId);
  const container = findContainer(d.state(), projectId, containerName);
  const keys: Array<[string, TempUrlScope]> = [];
  for (const name of TEMP_URL_KEYS) {
    const key = account?.metadata[name];
    if (key !== undefined) keys.push([key, { project: projectId }]);
  }
  for (const name of TEMP_URL_KEYS) {
    const key = container?.metadata[name];
    if (key !== undefined) keys.push([key, { project: projectId, container: containerName }]);
  }
  return keys;
}

/** A signature as Swift's digest helper reads it: `<digest>:<base64>`, or hex whose length names the digest; digest undefined when not allowed. */
export function parseSignature(sig: string): { digest?: string; given: Buffer } {
  let digest: string | undefined;
  let given: Buffer;
  const colon = sig.indexOf(":");
  if (colon > 0) {
    digest = sig.slice(0, colon);
    given = Buffer.from(sig.slice(colon + 1).replace(/-/g, "+").replace(/_/g, "/"), "base64");
  } else {
    digest = DIGESTS[sig.length];
    given = Buffer.from(sig, "hex");
  }
  return { digest: digest && ALLOWED_DIGESTS.includes(digest) ? digest : undefined, given };
}

/** Whether `given` is the HMAC of `message` with `key` */
export function signatureMatches(digest: string, key: string, message: string, given: Buffer): boolean {
  const expected = createHmac(digest, key).update(message).digest();
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether the request carries temp URL parameters, valid or not (tempurl then decides alone). */
export const isTempUrlRequest = (c: Ctx) => queryParam(c, "temp_url_sig") !== undefined || queryParam(c, "temp_url_expires") !== undefined;

/** Python's urllib.parse.quote: UTF-8 bytes, all but letters, digits, `_.-~` and `safe` escaped */
function quote(value: string, safe = ""): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.\-~]/.test(ch) || (byte < 128 && safe.includes(ch)) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

const disposition = (type: string, filename: string) => `${type}; filename="${quote(filename, " /")}"; filename*=UTF-8''${quote(filename)}`;

/** The headers a temp URL's successful GET/HEAD carries instead of the object's own Content-Disposition. */
export function tempUrlHeaders(c: Ctx, objectName: string, stored: string | undefined): Record<string, string> {
  const filename = queryParam(c, "filename");
  const inline = queryParam(c, "inline") !== undefined;
  const raw = queryParam(c, "temp_url_expires") ?? "";
  const expires = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw);
  const value = inline
    ? filename
      ? disposition("inline", filename)
      : "inline"
    : filename
      ? disposition("attachment", filename)
      : (stored ?? disposition("attachment", objectName.slice(objectName.lastIndexOf("/") + 1)));
  return { "content-disposition": value.replace(/\n/g, "%0A"), expires: httpDate(expires) };
}

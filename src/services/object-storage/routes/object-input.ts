// What an object PUT, POST or COPY says besides its bytes: the name, metadata, Content-Type,
// Content-Disposition / Content-Encoding, X-Delete-At / X-Delete-After, conditional headers.

import { requestHeader, requestPath, type Ctx } from "../../../kernel/http/context.js";
import { badRequest, invalidUtf8, preconditionFailed } from "../errors.js";

export const MAX_OBJECT_NAME = 1024;

/**
 * The object's name: the rest of the path after the container, decoded, read from the URL itself since the
 * router drops a trailing slash (`dir/`, the pseudo-directory markers clients write).
 */
export function objectName(c: Ctx): string {
  const raw = pathAfter(requestPath(c), 5);
  const name = checkName(raw === "" ? c.req.param("object") ?? "" : decodeURIComponent(raw));
  if (name.length > MAX_OBJECT_NAME) throw badRequest(`Object name length of ${name.length} longer than ${MAX_OBJECT_NAME}`);
  return name;
}

/** What follows the `count`th slash of `path` ("" when it has fewer). */
function pathAfter(path: string, count: number): string {
  let at = -1;
  for (let i = 0; i < count; i++) {
    at = path.indexOf("/", at + 1);
    if (at < 0) return "";
  }
  return path.slice(at + 1);
}

/** 412 for a name holding NUL (Swift's check_utf8 on the path); invalid UTF-8 never decodes this far */
export function checkName(name: string): string {
  if (name.includes("\0")) throw invalidUtf8();
  return name;
}

/** X-Object-Manifest (dlo): `container/prefix`, both non-empty, as given (URL-encoded) and stored decoded */
export function dloManifest(c: Ctx): string | undefined {
  const value = requestHeader(c, "x-object-manifest");
  if (value === undefined) return undefined;
  const slash = value.indexOf("/");
  const malformed = () => badRequest("X-Object-Manifest must be in the format container/prefix");
  if (slash <= 0 || slash === value.length - 1 || value[slash + 1] === "/" || /[?&]/.test(value)) throw malformed();
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    throw malformed();
  }
  return checkName(decoded);
}

/** Content-Disposition, Content-Encoding (and X-Object-Manifest is the caller's) as stored */
export function storedHeaders(c: Ctx): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["content-disposition", "content-encoding"]) {
    const value = requestHeader(c, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** X-Delete-At (epoch seconds) or X-Delete-After (seconds from now), in epoch ms; 400 for one past or malformed. */
export function deleteAt(c: Ctx, now: number): number | undefined {
  const after = requestHeader(c, "x-delete-after");
  const at = requestHeader(c, "x-delete-at");
  if (after !== undefined) {
    if (!/^\d+$/.test(after.trim())) throw badRequest("Non-integer X-Delete-After");
    return now + Number(after.trim()) * 1000;
  }
  if (at === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(at.trim())) throw badRequest("Non-integer X-Delete-At");
  const ms = Math.floor(Number(at.trim())) * 1000;
  if (ms <= now) throw badRequest("X-Delete-At in past");
  return ms;
}

const unquote = (tag: string) => tag.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
const matches = (header: string, etag: string) => header.split(",").some((t) => t.trim() === "*" || unquote(t) === etag);

/**
 * If-Match / If-None-Match / If-Modified-Since / If-Unmodified-Since against an object (Swift's order):
 * "412" or "304" when the condition fails, undefined when the request goes on.
 */
export function conditions(c: Ctx, etag: string, modifiedAt: number): 304 | 412 | undefined {
  const ifMatch = requestHeader(c, "if-match");
  const ifNoneMatch = requestHeader(c, "if-none-match");
  const read = c.req.method === "GET" || c.req.method === "HEAD";
  if (ifMatch !== undefined && !matches(ifMatch, etag)) return 412;
  if (ifNoneMatch !== undefined && matches(ifNoneMatch, etag)) return read ? 304 : 412;
  // compared as Last-Modified sends it: whole seconds, rounded up (httpDate)
  const lastModified = Math.ceil(modifiedAt / 1000) * 1000;
  const since = requestHeader(c, "if-modified-since");
  if (ifNoneMatch === undefined && since !== undefined && read) {
    const t = Date.parse(since);
    if (!Number.isNaN(t) && lastModified <= t) return 304;
  }
  const unmodified = requestHeader(c, "if-unmodified-since");
  if (ifMatch === undefined && unmodified !== undefined) {
    const t = Date.parse(unmodified);
    if (!Number.isNaN(t) && lastModified > t) return 412;
  }
  return undefined;
}

/**
 * PUT's If-None-Match: * refuses to overwrite: true when the write must create the object (writeObject
 * checks it again in its update; a refusal here spares reading the body).
 */
export function checkPutConditions(c: Ctx, exists: boolean): boolean {
  const ifNoneMatch = requestHeader(c, "if-none-match");
  if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== "*") throw badRequest("If-None-Match only supports *");
  if (ifNoneMatch !== undefined && exists) throw preconditionFailed();
  return ifNoneMatch !== undefined;
}

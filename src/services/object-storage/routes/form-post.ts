// Swift's formpost middleware: a browser's multipart/form-data POST to /v1/AUTH_x/container[/prefix]
// uploads its file fields as objects (`<prefix><filename>`), signed by an HMAC of
// "path\nredirect\nmax_file_size\nmax_file_count\nexpires" with one of the account's or the container's
// Temp-URL keys. As in Swift the form's fields are read in order and each file is checked (signature,
// expiry, size, count) with the fields before it: a form with no file is a 400 whatever its signature, and
// the files uploaded before a failing one stay. Every answer is a 303 to `redirect` with status and message
// in its query, else a text/plain status line; a bad or expired signature is a 401, a malformed form a 400.

import { ApiError, reason } from "../../../kernel/errors.js";
import { escapeMarkup } from "../../../kernel/http/render.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { streamedBody } from "../../../kernel/http/stream.js";
import { BlobTooLarge } from "../../../kernel/blobs/types.js";
import { guessContentType } from "../content-type.js";
import { formBoundary, MultipartInvalid, MultipartReader } from "../multipart.js";
import { writeObject } from "../operations/objects.js";
import { containerNotFound } from "../errors.js";
import { findContainer } from "../read.js";
import { write, type Deps } from "./common.js";
import { MAX_OBJECT_NAME } from "./object-input.js";
import { parseSignature, signatureMatches, tempUrlKeys } from "./temp-url.js";

const MAX_VALUE = 4096;

class FormInvalid extends Error {}
class FormUnauthorized extends Error {}

/** Whether this POST is a form upload (formpost looks at no other). */
export const isFormPost = (c: Ctx) => formBoundary(requestHeader(c, "content-type")) !== undefined;

export async function formPost(c: Ctx, d: Deps, projectId: string, container: string): Promise<Response> {
  const reader = streamedBody(c).stream.getReader();
  const source: AsyncIterator<Uint8Array> = { next: () => reader.read() as Promise<IteratorResult<Uint8Array>> };
  try {
    return await translate(c, d, projectId, container, new MultipartReader(source, formBoundary(requestHeader(c, "content-type"))!));
  } catch (error) {
    if (error instanceof MultipartInvalid) return text(c, 400, `FormPost: ${error.message}`);
    if (error instanceof FormInvalid) return text(c, 400, `FormPost: ${error.message}`);
    if (error instanceof FormUnauthorized) return text(c, 401, `FormPost: ${title(error.message)}`);
    throw error;
  } finally {
    void reader.cancel().catch(() => {});
  }
}

async function translate(c: Ctx, d: Deps, projectId: string, container: string, form: MultipartReader): Promise<Response> {
  const attributes: Record<string, string> = {};
  let status = "";
  let message = "";
  let failureBody: string | undefined;
  let files = 0;
  for (let part = await form.next(); part; part = await form.next()) {
    if (part.filename) {
      files++;
      const maxCount = integer(attributes["max_file_count"], "max_file_count not an integer");
      if (files > maxCount) {
        status = "400 Bad Request";
        message = "max file count exceeded";
        break;
      }
      const result = await upload(c, d, projectId, container, attributes, part.filename, part.headers, form);
      status = result.status;
      if (!result.status.startsWith("2")) {
        failureBody = result.body;
        break;
      }
    } else {
      let value = "";
      for await (const chunk of form.body()) if (value.length < MAX_VALUE) value += chunk.toString("utf8", 0, Math.min(chunk.length, MAX_VALUE - value.length));
      if (part.name !== undefined) attributes[part.name.toLowerCase()] = value.replace(/[\r\n-]+$/, "");
    }
  }
  if (!status) {
    status = "400 Bad Request";
    message = "no files to process";
  }
  const redirect = attributes["redirect"];
  if (!redirect) {
    const body = failureBody ?? (message ? `${status}\r\nFormPost: ${title(message)}` : status);
    return text(c, Number(status.slice(0, 3)), body);
  }
  const location = `${redirect}${redirect.includes("?") ? "&" : "?"}status=${encodeURIComponent(status.slice(0, 3))}&message=${encodeURIComponent(message)}`;
  const body = `<html><body><p><a href="${location}">Click to continue...</a></p></body></html>`;
  return c.body(body, 303, { location, "content-length": String(Buffer.byteLength(body)) });
}

/** One file field as formpost's PUT subrequest: checked against the fields before it, then written. */
async function upload(c: Ctx, d: Deps, projectId: string, container: string, attributes: Record<string, string>, filename: string, headers: Record<string, string>, form: MultipartReader): Promise<{ status: string; body?: string }> {
  const keys = tempUrlKeys(d, projectId, container);
  if (!keys.length) throw new FormUnauthorized("invalid signature");
  const maxSize = integer(attributes["max_file_size"], "max_file_size not an integer");
  const now = d.kernel.clock.now();
  let deleteAt: number | undefined;
  if (attributes["x_delete_at"] !== undefined) deleteAt = integer(attributes["x_delete_at"], "x_delete_at not an integer: Unix timestamp required.") * 1000;
  if (attributes["x_delete_after"] !== undefined) deleteAt = now + integer(attributes["x_delete_after"], "x_delete_after not an integer: Number of seconds required.") * 1000;
  const expiresRaw = attributes["expires"] || "0";
  const expires = integer(expiresRaw, "expired not an integer");
  const signature = attributes["signature"] ?? "";
  // the client signed a wall-clock time: it runs out on the virtual clock, counted from first use (as temp URLs)
  if (d.kernel.clientTime.expired(`formpost ${expiresRaw} ${signature}`, expires * 1000)) throw new FormUnauthorized("form expired");
  const { digest, given } = parseSignature(signature);
  if (!digest) throw new FormUnauthorized("invalid signature");
  const path = new URL(c.req.url).pathname;
  const v1 = path.slice(path.indexOf("/v1/"));
  const signed = `\n${attributes["redirect"] ?? ""}\n${attributes["max_file_size"] || "0"}\n${attributes["max_file_count"] || "0"}\n${expiresRaw}`;
  if (!keys.some(([key]) => [path, v1].some((p) => signatureMatches(digest, key, `${p}${signed}`, given)))) throw new FormUnauthorized("invalid signature");

  let prefix = v1.split("/").slice(4).join("/");
  try {
    prefix = decodeURIComponent(prefix);
  } catch {
    // taken as sent
  }
  const name = `${prefix}${filename}`;
  try {
    if (!findContainer(d.state(), projectId, container)) throw containerNotFound();
    if (name.length > MAX_OBJECT_NAME) throw new ApiError(400, "BadRequest", `Object name length of ${name.length} longer than ${MAX_OBJECT_NAME}`);
    if (name.includes("\0")) throw new ApiError(412, "PreconditionFailed", "Invalid UTF8 or contains NULL");
    if (deleteAt !== undefined && deleteAt <= now) throw new ApiError(400, "BadRequest", "X-Delete-At in past");
  } catch (error) {
    return failed(error);
  }
  let ref;
  try {
    ref = await d.kernel.blobs.put(form.body(), { maxBytes: maxSize, owner: projectId });
  } catch (error) {
    if (error instanceof BlobTooLarge) throw new FormInvalid("max_file_size exceeded");
    throw error;
  }
  const contentType = attributes["content-type"] || headers["content-type"] || guessContentType(name);
  const stored: Record<string, string> = {};
  const encoding = attributes["content-encoding"] ?? headers["content-encoding"];
  if (encoding) stored["content-encoding"] = encoding;
  try {
    write(c, d, (s, w) => writeObject(s, w, projectId, container, { name, parts: [ref], etag: ref.md5, contentType, metadata: {}, headers: stored, deleteAt }));
  } catch (error) {
    d.kernel.blobs.delete(ref.id);
    return failed(error);
  }
  return { status: "201 Created" };
}

/** a refused subrequest's status line and body */
function failed(error: unknown): { status: string; body: string } {
  if (!(error instanceof ApiError)) throw error;
  return { status: `${error.status} ${reason(error.status)}`, body: `<html><h1>${reason(error.status)}</h1><p>${escapeMarkup(error.message)}</p></html>` };
}

function integer(value: string | undefined, complaint: string): number {
  if (value === undefined || value === "") return 0;
  if (!/^\s*[+-]?\d+\s*$/.test(value)) throw new FormInvalid(complaint);
  return Number(value);
}

/** Python's str.title() */
const title = (value: string) => value.toLowerCase().replace(/(^|[^a-z])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());

const text = (c: Ctx, status: number, body: string) => c.body(body, status as 400, { "content-type": "text/plain", "content-length": String(Buffer.byteLength(body)) });

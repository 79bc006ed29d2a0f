// Request bodies: JSON parsed once, size-limited, validated by zod. Every failure is an ApiError (400, or
// 413 for size) that the owning service renders in its own envelope; nothing here can become a 500.
// A service route's body is read by the edge (service-app.ts) within the route's limit; the control API
// reads its own, within the limit it names.

import { constants as bufferConstants } from "node:buffer";
import type { z } from "zod";
import { ApiError, badRequest } from "../errors.js";
import { requestHeader, type Ctx } from "./context.js";

/** 413; `close`: the rest of the body was not read, so the connection cannot carry another request. */
export const bodyTooLarge = (maxBytes: number, close = false) =>
  new ApiError(413, undefined, `Request body is larger than ${maxBytes} bytes.`, close ? { Connection: "close" } : {});

/**
 * How much of a body past its limit is read and thrown away before the 413 is answered. A client sending a
 * body writes all of it before it reads an answer; a socket closed while its bytes still arrive is reset,
 * and the reset takes the unread 413 with it (a broken pipe instead of the answer). Past either bound the
 * 413 goes at once, with `Connection: close`.
 */
export const DRAIN_BYTES = 16 * 1024 * 1024;
/** real time, not virtual: how long a slow sender's rest is waited for */
export const DRAIN_MS = 5000;

const utf8 = new TextDecoder();

/** The longest text a body may be read into: the longest string the runtime holds (about 512 MiB). */
export const MAX_TEXT_BYTES = bufferConstants.MAX_STRING_LENGTH;

/**
 * The body as text, at most `maxBytes`: a declared Content-Length past it is refused without keeping a byte,
 * a chunked body as soon as it grows past it (not once it is all in memory); either way the rest is drained
 * first, within bounds (DRAIN_BYTES). Hono keeps the text for later readers.
 */
export async function readText(c: Ctx, maxBytes: number = c.get("bodyLimit")): Promise<string> {
  const declared = requestHeader(c, "content-length");
  const cache = c.req.bodyCache as { text?: Promise<string> };
  if (declared !== undefined && Number(declared) > maxBytes) {
    const body = cache.text ? null : c.req.raw.body;
    throw bodyTooLarge(maxBytes, body !== null && (Number(declared) > DRAIN_BYTES || !(await drained(body.getReader(), DRAIN_BYTES))));
  }
  // a body read before (the fault gate) is in Hono's cache, read within that reader's limit: measured here
  if (cache.text) {
    const text = await cache.text;
    if (Buffer.byteLength(text) > maxBytes) throw bodyTooLarge(maxBytes);
    return text;
  }
  // a declared length bounds what node's parser reads (checked above); a chunked body is counted as it comes
  const text = declared !== undefined || !c.req.raw.body ? await c.req.text() : await readCapped(c.req.raw.body, maxBytes);
  if (declared !== undefined && text.length > maxBytes) throw bodyTooLarge(maxBytes);
  cache.text = Promise.resolve(text);
  return text;
}

async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw bodyTooLarge(maxBytes, !(await drained(reader, DRAIN_BYTES)));
    chunks.push(value);
  }
  return utf8.decode(Buffer.concat(chunks));
}

/**
 * Reads the rest of a refused body and throws it away, up to `maxBytes` and DRAIN_MS; whether it all came.
 * What does not is cancelled (the connection then closes after the 413).
 */
async function drained(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<boolean> {
  let left = maxBytes;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), DRAIN_MS);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === "late") break;
      if (next.done) return true;
      left -= next.value.byteLength;
      if (left < 0) break;
    }
  } catch {
    // the client went away: nobody is left to read an answer
    return false;
  } finally {
    clearTimeout(timer);
  }
  void reader.cancel().catch(() => {});
  return false;
}

/** The body parsed as JSON; `maxBytes` overrides the route's limit. */
export async function readJson(c: Ctx, maxBytes?: number): Promise<unknown> {
  const text = await readText(c, maxBytes);
  if (text.trim() === "") throw badRequest("The request body is empty; a JSON object was expected.");
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw badRequest(`Malformed request body: it nests deeper than ${MAX_JSON_DEPTH} levels.`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Malformed request body: it is not valid JSON.");
  }
}

/**
 * How deep a JSON document may nest. Free-form values (metadata, binding:profile) are stored as given, and
 * a recursive walk of a value thousands of levels deep (immer's, a clone, a view) overflows the stack; no
 * real client nests past a handful of levels.
 */
export const MAX_JSON_DEPTH = 100;

/** Below this length the loop walks the text itself; a loop of a thousand turns or more is optimized on the spot. */
const SCANNED_IN_JS_BELOW = 512;

/**
 * Runs of whole strings (escapes included; one never closed runs to the end, as nothing after its quote
 * counts) and characters that are neither brackets nor a quote. Linear: no alternative can start like
 * another, and what may follow a string's body always matches, so nothing backtracks.
 */
const NOT_BRACKETS = /(?:"(?:[^"\\]|\\[\s\S])*(?:"|\\?$)|[^"[\]{}])+/g;

/**
 * The deepest nesting of arrays and objects in a JSON text, strings skipped; linear, nothing parsed. A longer
 * text is first cut down to its brackets by the regexp engine (as fast as the loop, measured from 1 KB to
 * 120 KB), so the loop walks a few characters: walking the seed's thousands at startup sent it through V8's
 * optimizing compiler, whose own code then stayed resident (about 5 MiB of RSS after start).
 */
export function jsonDepth(text: string): number {
  if (text.length >= JUMPED_FROM) return depthJumpingStrings(text);
  return depthOf(text.length < SCANNED_IN_JS_BELOW ? text : text.replace(NOT_BRACKETS, ""));
}

/**
 * From this length (a state snapshot, not a request) strings are jumped over with indexOf instead: the
 * regexp's copy of what is left costs more than the loop saves (170 ms against 125 ms for an 81 MiB snapshot).
 */
const JUMPED_FROM = 4 * 1024 * 1024;

/** depthOf, finding each string's closing quote with indexOf (a quote after an odd run of backslashes is escaped). */
function depthJumpingStrings(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escapedAt(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) break; // never closed: nothing after it counts
      i = end;
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return deepest;
}

/** Whether the quote at `at` follows an odd run of backslashes (each backslash is counted for one quote only). */
function escapedAt(text: string, at: number): boolean {
  let k = at - 1;
  while (text.charCodeAt(k) === 0x5c) k--;
  return (at - 1 - k) % 2 === 1;
}

function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return deepest;
}

/** Formats zod issues the way users read them: `Invalid input for field 'auth.identity.methods': ...`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `Invalid input for field '${issue.path.join(".")}': ${issue.message}` : issue.message))
    .join("; ");
}

/**
 * Parses `value` with `schema`; a failure is a 400 naming the fields. `once`: for a document read once
 * (a seed world), zod's compiled fast path costs more to generate than it saves (startup time).
 */
export function validate<T extends z.ZodType>(schema: T, value: unknown, once = false): z.output<T> {
  const result = schema.safeParse(value, once ? { jitless: true } : undefined);
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

/** The JSON a body holds, or undefined when it holds none (the fault gate's look: the route's own read refuses it). */
export function parseQuietly(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Names longer than this are no resource's (Nova's and Neutron's are at most 255) and match no rule. */
const MAX_NAME_MATCHED = 4096;

/** The `name` of a create or update body's one resource (`{"server": {"name": ...}}`). */
export function bodyResourceName(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const values = Object.values(body as Record<string, unknown>);
  if (values.length !== 1 || !values[0] || typeof values[0] !== "object") return undefined;
  const name = (values[0] as Record<string, unknown>).name;
  return typeof name === "string" && name.length <= MAX_NAME_MATCHED ? name : undefined;
}

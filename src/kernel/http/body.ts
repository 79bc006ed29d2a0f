// Request bodies: JSON parsed once, size-limited, validated by zod. Every failure is an ApiError (400, or
// 413 for size) that the owning service renders in its own envelope; nothing here can become a 500.
// A service route's body is read by the edge (service-app.ts) within the route's limit; the control API
// reads its own, within the limit it names.

import type { z } from "zod";
import { ApiError, badRequest } from "../errors.js";
import { requestHeader, type Ctx } from "./context.js";

export const bodyTooLarge = (maxBytes: number) => new ApiError(413, undefined, `Request body is larger than ${maxBytes} bytes.`);

const utf8 = new TextDecoder();

/**
 * The body as text, at most `maxBytes`: a declared Content-Length past it is refused before reading, a
 * chunked body as soon as it grows past it (not once it is all in memory). Hono keeps the text for later readers.
 */
export async function readText(c: Ctx, maxBytes: number = c.get("bodyLimit")): Promise<string> {
  const declared = requestHeader(c, "content-length");
  if (declared !== undefined && Number(declared) > maxBytes) throw bodyTooLarge(maxBytes);
  const cache = c.req.bodyCache as { text?: Promise<string> };
  // a declared length bounds what node reads; a body read before (the fault gate) is in Hono's cache
  const text = declared !== undefined || cache.text || !c.req.raw.body ? await c.req.text() : await readCapped(c.req.raw.body, maxBytes);
  if (Buffer.byteLength(text) > maxBytes) throw bodyTooLarge(maxBytes);
  cache.text ??= Promise.resolve(text);
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
    if (size > maxBytes) {
      void reader.cancel().catch(() => {});
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return utf8.decode(Buffer.concat(chunks));
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
  return depthOf(text.length < SCANNED_IN_JS_BELOW ? text : text.replace(NOT_BRACKETS, ""));
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

/** The `name` of a create or update body's one resource (`{"server": {"name": ...}}`). */
export function bodyResourceName(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const values = Object.values(body as Record<string, unknown>);
  if (values.length !== 1 || !values[0] || typeof values[0] !== "object") return undefined;
  const name = (values[0] as Record<string, unknown>).name;
  return typeof name === "string" ? name : undefined;
}

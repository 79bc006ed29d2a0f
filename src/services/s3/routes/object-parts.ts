// GetObject and HeadObject with `?partNumber=N`: the Nth part of a multipart object (206, its Content-Range,
// x-amz-mp-parts-count), or the whole of a single-part object as its part 1. A part past the last is 416
// InvalidPartNumber, a partNumber with a Range header 400, as S3 answers them.

import type { Readable } from "node:stream";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import { streamResponse } from "../../../kernel/http/stream.js";
import { invalidPartNumber, invalidPartNumberRange, invalidRequest } from "../errors.js";
import { MAX_PARTS } from "../operations/multipart.js";
import type { StoredObject } from "../storage.js";
import { query } from "./request.js";

export interface ObjectPart {
  number: number;
  /** the object's parts: absent for an object not uploaded in parts */
  count?: number;
  start: number;
  end: number;
}

/** How many parts a completed multipart upload made the object of (its ETag ends `-N`); undefined for other objects. */
export function partsCount(o: StoredObject): number | undefined {
  const n = /-(\d+)$/.exec(o.etag)?.[1];
  return n !== undefined && Number(n) === o.parts.length ? o.parts.length : undefined;
}

/** The part `?partNumber` asks for; undefined without one. */
export function partOf(c: Ctx, o: StoredObject): ObjectPart | undefined {
  const text = query(c, "partNumber");
  if (text === undefined) return undefined;
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < 1 || number > MAX_PARTS) throw invalidPartNumber();
  if (requestHeader(c, "range") !== undefined) throw invalidRequest("Cannot specify both Range header and partNumber query parameter");
  const count = partsCount(o);
  if (number > (count ?? 1)) throw invalidPartNumberRange();
  if (count === undefined) return { number, start: 0, end: o.size - 1 };
  let start = 0;
  for (let i = 0; i < number - 1; i++) start += o.parts[i]!.size;
  return { number, count, start, end: start + o.parts[number - 1]!.size - 1 };
}

export function partResponse(c: Ctx, o: StoredObject, part: ObjectPart, read: (range: { start: number; end: number }) => Readable, contentType: string, headers: Record<string, string>): Response {
  const length = part.end - part.start + 1;
  const all: Record<string, string> = { ...headers, "accept-ranges": "bytes" };
  if (part.count !== undefined) all["x-amz-mp-parts-count"] = String(part.count);
  if (length > 0) all["content-range"] = `bytes ${part.start}-${part.end}/${o.size}`;
  const status = length > 0 ? 206 : 200;
  if (c.req.method === "HEAD" || length === 0) return c.body(null, status as 200, { ...all, "content-type": contentType, "content-length": String(length) });
  return streamResponse(c, read({ start: part.start, end: part.end }), { status, length, contentType, headers: all });
}

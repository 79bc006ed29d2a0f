// Bodies that are bytes, not JSON: what a `body: "stream"` route's handler reads (the request body as it
// arrives, never buffered whole) and how a handler answers with bytes (a stream, Content-Length, Range).

import { finished, Readable } from "node:stream";
import { ApiError } from "../errors.js";
import { requestHeader, type Ctx } from "./context.js";

export interface StreamedBody {
  /** the request body as a web stream, read as it arrives (empty when there is none) */
  stream: ReadableStream<Uint8Array>;
  /** the route's limit: hand it on (blobs.put's maxBytes), so a chunked body is refused once it grows past it */
  maxBytes: number;
  /** the declared Content-Length (already checked against maxBytes), undefined for a chunked body */
  length: number | undefined;
}

/** The body of a `body: "stream"` route. The edge refused a declared Content-Length past the limit already. */
export function streamedBody(c: Ctx): StreamedBody {
  const declared = requestHeader(c, "content-length");
  const incoming = (c.env as { incoming?: Readable } | undefined)?.incoming;
  return {
    stream: incoming ? socketBody(incoming) : c.req.raw.body ?? new ReadableStream({ start: (controller) => controller.close() }),
    maxBytes: c.get("bodyLimit"),
    length: declared === undefined ? undefined : Number(declared),
  };
}

/**
 * node's request as a web stream, read only as the consumer pulls. Unlike Readable.toWeb, a consumer that
 * stops early (a body past the limit) leaves the connection usable: the rest is read and dropped, so the
 * client gets its 413 and may send its next request on the same connection.
 */
function socketBody(incoming: Readable): ReadableStream<Uint8Array> {
  const chunks = incoming.iterator({ destroyOnReturn: false });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value as Buffer);
        } catch {
          // the client went away mid-body: nobody is left to answer, but it is no emulator fault
          controller.error(new ApiError(400, undefined, "The request body was cut off before its end."));
        }
      },
      async cancel() {
        await chunks.return?.();
        incoming.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

export interface BytesAnswer {
  /** 200 unless told */
  status?: number;
  /** the number of bytes the body holds, sent as Content-Length */
  length?: number;
  /** application/octet-stream unless told */
  contentType?: string;
  headers?: Record<string, string>;
}

/**
 * An answer whose body is a node Readable or a web stream, written as it is read, or bytes already in hand
 * (a small blob: one buffer costs a fraction of a stream's per-answer setup).
 */
export function streamResponse(c: Ctx, body: Readable | ReadableStream<Uint8Array> | Uint8Array, answer: BytesAnswer = {}): Response {
  const headers: Record<string, string> = { "content-type": answer.contentType ?? "application/octet-stream", ...answer.headers };
  if (answer.length !== undefined) headers["content-length"] = String(answer.length);
  if (body instanceof Uint8Array) return c.body(body as Uint8Array<ArrayBuffer>, (answer.status ?? 200) as 200, headers);
  const stream = body instanceof Readable ? webOf(body) : body;
  return c.body(stream, (answer.status ?? 200) as 200, headers);
}

/**
 * A node Readable as a web stream holding at most one chunk beyond the source's own buffer. Unlike
 * Readable.toWeb, which copies every Buffer chunk (to detach it from node's pool), the chunks pass as they
 * are: the only reader is the response writer, which hands them to the socket and never transfers them
 * (that copy of every byte served tripled a download's CPU, bench/object-streaming.mjs). A cancel (the client
 * went away) destroys the source.
 */
function webOf(readable: Readable): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        readable.on("data", (chunk: Uint8Array | string) => {
          controller.enqueue(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk);
          if ((controller.desiredSize ?? 0) <= 0) readable.pause();
        });
        readable.pause();
        finished(readable, (error) => {
          // after a cancel the stream is closed already: nothing is left to tell
          try {
            if (error) controller.error(error);
            else controller.close();
          } catch {}
        });
      },
      pull() {
        readable.resume();
      },
      cancel() {
        readable.destroy();
      },
    },
    { highWaterMark: 1 },
  );
}

/** An inclusive byte range, as HTTP Range and the blob store count. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The request's `Range: bytes=...` over a body of `size` bytes: undefined when there is none or it is not
 * one range this answers (several ranges, another unit: the whole body is the answer then, as RFC 9110
 * allows); a 416 ApiError, carrying Content-Range, when it lies past the end.
 */
export function requestedRange(c: Ctx, size: number): ByteRange | undefined {
  const header = requestHeader(c, "range");
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    // a suffix: the last N bytes
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    if (match[2] !== "" && Number(match[2]) < start) return undefined;
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) {
    throw new ApiError(416, undefined, "The requested range is not satisfiable.", { "Content-Range": `bytes */${size}` });
  }
  return { start, end };
}

/**
 * Answers a download of `size` bytes: 200 with all of them, or 206 with the requested range and its
 * Content-Range (a 416 for one past the end). `open` reads the bytes (a blob's, say).
 */
export function bytesResponse(
  c: Ctx,
  size: number,
  open: (range: ByteRange | undefined) => Readable | ReadableStream<Uint8Array> | Uint8Array,
  answer: Omit<BytesAnswer, "status" | "length"> = {},
): Response {
  const range = requestedRange(c, size);
  const headers: Record<string, string> = { "accept-ranges": "bytes", ...answer.headers };
  if (!range) return streamResponse(c, open(undefined), { ...answer, headers, length: size });
  headers["content-range"] = `bytes ${range.start}-${range.end}/${size}`;
  return streamResponse(c, open(range), { ...answer, headers, status: 206, length: range.end - range.start + 1 });
}

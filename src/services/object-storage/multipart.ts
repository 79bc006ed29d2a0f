// A multipart/form-data reader for formpost: parts read one after the other as the body arrives, each
// part's bytes handed on in chunks and never gathered whole. Linear in the body: the boundary is at most
// 70 characters (RFC 2046), each byte is searched a bounded number of times, and a part's headers, like
// the preamble before the first boundary, have a fixed limit.

import { ByteQueue } from "./byte-queue.js";

export class MultipartInvalid extends Error {}

const MAX_HEADERS = 16 * 1024;
const MAX_PREAMBLE = 64 * 1024;
const CRLF = Buffer.from("\r\n");

export interface PartHeaders {
  /** lower-case names */
  headers: Record<string, string>;
  /** Content-Disposition's name and filename, when given */
  name?: string;
  filename?: string;
}

export class MultipartReader {
  #buf = new ByteQueue();
  #ended = false;
  #started = false;
  readonly #dash: Buffer;
  readonly #delimiter: Buffer;

  constructor(
    private readonly source: AsyncIterator<Uint8Array>,
    boundary: string,
  ) {
    if (boundary === "" || boundary.length > 70) throw new MultipartInvalid("invalid starting boundary");
    this.#dash = Buffer.from(`--${boundary}`);
    this.#delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  #fill(): Promise<boolean> {
    return this.#buf.pull(this.source);
  }

  /** The next part's headers, or undefined after the closing boundary (or at the end of the body). */
  async next(): Promise<PartHeaders | undefined> {
    if (this.#ended) return undefined;
    if (!this.#started) {
      // the first boundary, after an optional preamble (searched once: each pass looks at new bytes only)
      for (let from = 0; ; ) {
        const at = this.#buf.view().indexOf(this.#dash, from);
        if (at >= 0) {
          this.#buf.drop(at);
          break;
        }
        from = Math.max(0, this.#buf.length - this.#dash.length + 1);
        if (this.#buf.length > MAX_PREAMBLE || !(await this.#fill())) throw new MultipartInvalid("invalid starting boundary");
      }
      this.#started = true;
    }
    // the queue starts with --boundary: "--" after it closes the body, else the line ends and headers follow
    while (this.#buf.length < this.#dash.length + 2 && (await this.#fill()));
    if (this.#buf.length < this.#dash.length + 2 || this.#buf.view().subarray(this.#dash.length, this.#dash.length + 2).toString() === "--") {
      this.#ended = true;
      return undefined;
    }
    let end: number;
    for (let from = this.#dash.length; ; ) {
      end = this.#buf.view().indexOf("\r\n\r\n", from);
      if (end >= 0) break;
      from = Math.max(this.#dash.length, this.#buf.length - 3);
      if (this.#buf.length > MAX_HEADERS || !(await this.#fill())) throw new MultipartInvalid("invalid part headers");
    }
    const lines = this.#buf.view().subarray(this.#dash.length, end).toString("utf8").split("\r\n");
    this.#buf.drop(end + 4);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { headers, ...disposition(headers["content-disposition"] ?? "") };
  }

  /** The current part's bytes, chunk by chunk, up to the next boundary (which the next call of next() reads). */
  async *body(): AsyncGenerator<Buffer> {
    const keep = this.#delimiter.length - 1;
    for (;;) {
      const at = this.#buf.view().indexOf(this.#delimiter);
      if (at >= 0) {
        if (at > 0) yield this.#buf.shift(at);
        this.#buf.drop(CRLF.length);
        return;
      }
      if (this.#buf.length > keep) yield this.#buf.shift(this.#buf.length - keep);
      if (!(await this.#fill())) throw new MultipartInvalid("the body ended inside a part");
    }
  }
}

/** Content-Disposition's `name` and `filename` (quoted or not) */
function disposition(value: string): { name?: string; filename?: string } {
  const out: { name?: string; filename?: string } = {};
  for (const match of value.matchAll(/;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    const key = match[1]!.toLowerCase();
    const v = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3]!;
    if (key === "name" || key === "filename") out[key] = v;
  }
  return out;
}

/** The boundary of a multipart/form-data Content-Type, or undefined for any other type. */
export function formBoundary(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const [type, ...params] = contentType.split(";");
  if (type!.trim().toLowerCase() !== "multipart/form-data") return undefined;
  for (const param of params) {
    const eq = param.indexOf("=");
    if (eq > 0 && param.slice(0, eq).trim().toLowerCase() === "boundary") return param.slice(eq + 1).trim().replace(/^"(.*)"$/, "$1");
  }
  return undefined;
}

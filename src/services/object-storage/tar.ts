// A tar reader for bulk's extract-archive, read as the body arrives, in one pass (linear in the archive):
// ustar, GNU long names ('L') and pax headers ('x' per member, 'g' for the rest), as Python's tarfile in
// stream mode reads them. Like tarfile, a bad first header fails the archive ("empty file", "bad checksum",
// "truncated header") and a bad later one ends it; member data cut short while read is "unexpected end of data".

import { ByteQueue } from "./byte-queue.js";

export class TarError extends Error {}

const BLOCK = 512;
/** the largest long name or pax header kept (tarfile has none; these are read into memory) */
const MAX_META = 1024 * 1024;

export interface TarMember {
  name: string;
  size: number;
  /** a regular file (tarfile's isfile()) */
  file: boolean;
  pax: Record<string, string>;
}

export class TarReader {
  #buf = new ByteQueue();
  #offset = 0;
  #global: Record<string, string> = {};
  /** the unread data of the current member, and its padding */
  #pending = 0;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  #fill(): Promise<boolean> {
    return this.#buf.pull(this.source);
  }

  /** `n` bytes (fewer only at the end of the body); with `some`, whatever is there, up to `n` */
  async #take(n: number, some = false): Promise<Buffer> {
    while (this.#buf.length < (some ? 1 : n) && (await this.#fill()));
    const out = this.#buf.shift(Math.min(n, this.#buf.length));
    this.#offset += out.length;
    return out;
  }

  /** Passes over what is left of the current member's data and its padding. */
  async #skipPending(): Promise<void> {
    while (this.#pending > 0) {
      const chunk = await this.#take(Math.min(this.#pending, 64 * 1024), true);
      // tarfile's stream skips forward without complaint: the archive then ends at the next header
      if (!chunk.length) break;
      this.#pending -= chunk.length;
    }
  }

  /** The next member, or undefined at the end of the archive. */
  async next(): Promise<TarMember | undefined> {
    await this.#skipPending();
    let longName: string | undefined;
    let pax: Record<string, string> = {};
    for (;;) {
      const first = this.#offset === 0;
      const header = await this.#take(BLOCK);
      const fail = (why: string) => {
        if (first) throw new TarError(why);
        return undefined;
      };
      if (header.length === 0) return fail("empty file");
      if (header.length < BLOCK) return fail("truncated header");
      if (header.every((b) => b === 0)) return fail("empty file");
      if (!checksumOk(header)) return fail("bad checksum");
      const size = number(header.subarray(124, 136));
      if (size === undefined) return fail("invalid header");
      const type = String.fromCharCode(header[156]!);
      const padded = Math.ceil(size / BLOCK) * BLOCK;
      if (type === "L" || type === "x" || type === "g") {
        if (size > MAX_META) throw new TarError("header too long");
        const data = await this.#take(padded);
        if (data.length < padded) throw new TarError("unexpected end of data");
        const text = data.subarray(0, size);
        if (type === "L") longName = cString(text);
        else if (type === "x") pax = { ...pax, ...paxRecords(text) };
        else this.#global = { ...this.#global, ...paxRecords(text) };
        continue;
      }
      const magic = header.subarray(257, 263).toString("latin1");
      const prefix = magic === "ustar\0" ? cString(header.subarray(345, 500)) : "";
      const all = { ...this.#global, ...pax };
      let name = longName ?? (prefix ? `${prefix}/${cString(header.subarray(0, 100))}` : cString(header.subarray(0, 100)));
      if (all["path"] !== undefined) name = all["path"];
      const paxSize = all["size"] !== undefined && /^\d+$/.test(all["size"]) ? Number(all["size"]) : undefined;
      const dataSize = paxSize ?? size;
      // tarfile's REGULAR_TYPES: a file, an old-style file, a contiguous file (a GNU sparse one is left out here)
      const file = type === "0" || type === "\0" || type === "7";
      this.#pending = Math.ceil(dataSize / BLOCK) * BLOCK;
      return { name, size: dataSize, file, pax: all };
    }
  }

  /** The current member's data, chunk by chunk; its padding is skipped by the next call of next(). */
  async *data(size: number): AsyncGenerator<Buffer> {
    let left = size;
    while (left > 0) {
      const chunk = await this.#take(Math.min(left, 64 * 1024), true);
      if (!chunk.length) throw new TarError("unexpected end of data");
      left -= chunk.length;
      this.#pending -= chunk.length;
      yield chunk;
    }
  }
}

/** NUL-terminated, as UTF-8 (tarfile decodes names with surrogateescape; invalid bytes become U+FFFD here) */
function cString(bytes: Buffer): string {
  const nul = bytes.indexOf(0);
  return bytes.subarray(0, nul < 0 ? bytes.length : nul).toString("utf8");
}

/** An octal field (NUL- or space-terminated), or GNU's base-256; undefined when it is neither */
function number(field: Buffer): number | undefined {
  if (field[0]! & 0x80) {
    let value = 0;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!;
    return Number.isSafeInteger(value) ? value : undefined;
  }
  const text = field.toString("latin1").replace(/[\0 ]+$/, "").replace(/^[\0 ]+/, "");
  if (text === "") return 0;
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}

/** tarfile's check: the sum of the header's bytes with the checksum field as spaces, unsigned or signed */
function checksumOk(header: Buffer): boolean {
  const stored = number(header.subarray(148, 156));
  if (stored === undefined) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 32 : header[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  return stored === unsigned || stored === signed;
}

/** pax records: "<length> <key>=<value>\n" */
function paxRecords(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(data.subarray(at, space).toString("latin1"));
    if (!Number.isSafeInteger(length) || length <= space - at || at + length > data.length) throw new TarError("invalid header");
    const record = data.subarray(space + 1, at + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

// Generated identifiers: UUID-shaped resource ids (as the real cloud uses), opaque nanoid tokens and secrets.
// One seedable generator feeds them all, so `--random-seed` makes every id, token and secret reproducible.

import { randomBytes } from "node:crypto";
import { customRandom, urlAlphabet } from "nanoid";

/** A seeded stream of floats in [0, 1) whose position can be saved and restored. */
export interface SeededRandom {
  (): number;
  save(): number[];
  restore(saved: number[]): void;
}

/** sfc32: small, fast, good enough for ids; deterministic for a given seed. */
export function seededRandom(seed: number): SeededRandom {
  const s = [0x9e3779b9 ^ seed, 0x243f6a88 ^ Math.imul(seed, 0x85ebca6b), 0xb7e15162 ^ Math.imul(seed, 0xc2b2ae35), 1];
  const next = (() => {
    // plain index reads: destructuring the state array costs more than the rest of the step
    let a = s[0] >>> 0;
    let b = s[1] >>> 0;
    let c = s[2] >>> 0;
    let d = s[3] >>> 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    s[0] = a; s[1] = b; s[2] = c; s[3] = d;
    return (t >>> 0) / 4294967296;
  }) as SeededRandom;
  // as unsigned 32-bit words (the step keeps them signed): what a snapshot holds
  next.save = () => s.map((word) => word >>> 0);
  next.restore = (saved) => s.splice(0, 4, ...saved);
  for (let i = 0; i < 16; i++) next();
  return next;
}

export function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

// Ids are formatted as bytes in one scratch buffer and read out as one flat string each: a string built
// by concatenation is a tree that every later hash or regexp test (a header value check) must flatten.
const HEX_CODES = Buffer.from("0123456789abcdef", "latin1");
const DASH = 0x2d;
/** digit positions a uuid's dashes come before: 8-4-4-4-12 */
const UUID_DASHES = [8, 12, 16, 20];
const scratch = Buffer.alloc(64);

export class Ids {
  #random: SeededRandom;
  #start: number[];
  #token: () => string;
  #secret: () => string;

  constructor(seed: number) {
    this.#random = seededRandom(seed);
    this.#start = this.#random.save();
    const bytes = (size: number) => {
      const out = new Uint8Array(size);
      for (let i = 0; i < size; i++) out[i] = Math.floor(this.#random() * 256);
      return out;
    };
    this.#token = customRandom(urlAlphabet, 43, bytes);
    this.#secret = customRandom(urlAlphabet, 32, bytes);
  }

  /** Restarts the stream from the seed: the emulator hands out the same ids as a fresh one. */
  reset(): void {
    this.#random.restore(this.#start);
  }

  /** The stream's position, for restore(). */
  save(): number[] {
    return this.#random.save();
  }

  restore(position: number[]): void {
    this.#random.restore(position);
  }

  /**
   * Writes 32 hex digits from the stream (32 bits per 8 digits) at the start of `scratch`, with a dash
   * before each digit position listed in `dashes`; returns the length written.
   */
  #hexInto(dashes: readonly number[], at = 0): number {
    let pos = at;
    let dash = 0;
    for (let i = 0; i < 32; i += 8) {
      const word = (this.#random() * 4294967296) >>> 0;
      for (let d = 0; d < 8; d++) {
        if (dashes[dash] === i + d) {
          scratch[pos++] = DASH;
          dash++;
        }
        scratch[pos++] = HEX_CODES[(word >>> (28 - 4 * d)) & 15];
      }
    }
    return pos;
  }

  /** RFC 4122 version-4 shape: 8-4-4-4-12 (Nova, Cinder, Neutron ids). */
  uuid(): string {
    return this.#uuidAfter(0);
  }

  /**
   * `req-<uuid>`, a request id as a log row keeps it: one flat string. Joined with `+` or a template, it
   * would be a rope of the two (32 bytes more, and the uuid's own string kept beside it).
   */
  requestId(): string {
    scratch.write("req-", 0, "latin1");
    return this.#uuidAfter(4);
  }

  #uuidAfter(at: number): string {
    const end = this.#hexInto(UUID_DASHES, at);
    scratch[at + 14] = HEX_CODES[4];
    scratch[at + 19] = HEX_CODES[8 + Math.floor(this.#random() * 4)];
    return scratch.toString("latin1", 0, end);
  }

  /** 32 hex characters, no dashes (Keystone ids). */
  hexId(): string {
    return scratch.toString("latin1", 0, this.#hexInto([]));
  }

  /** url-safe, about 22 characters (Keystone audit ids). */
  auditId(): string {
    return this.#secret().slice(0, 22);
  }

  token(): string {
    return "gAAAAA" + this.#token();
  }

  secret(): string {
    return this.#secret();
  }

  /** a float in [0, 1) from the same seeded stream */
  random(): number {
    return this.#random();
  }
}

/**
 * `req-<uuid>` request ids, as every OpenStack service returns in x-openstack-request-id: a uuid whose
 * first four groups are drawn once from the seeded stream and whose last group counts the requests.
 * Unique within a run (and across runs with other seeds), reproducible with the same seed, and cheap on
 * a path every request takes: drawing a whole uuid per request cost about a microsecond.
 */
export class RequestIds {
  /** `req-` and the first four groups, then the twelve digits each id writes (one flat string each) */
  readonly #text = Buffer.alloc(REQUEST_ID_LENGTH);
  #count = 0;

  constructor(seed: number) {
    this.#text.write(`req-${new Ids(seed).uuid().slice(0, 24)}`, 0, "latin1");
  }

  next(): string {
    let n = ++this.#count;
    for (let at = REQUEST_ID_LENGTH - 1; at >= REQUEST_ID_LENGTH - 12; at--) {
      this.#text[at] = HEX_CODES[n % 16];
      n = Math.floor(n / 16);
    }
    return this.#text.toString("latin1");
  }
}

const REQUEST_ID_LENGTH = "req-".length + 36;

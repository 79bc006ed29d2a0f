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
    let [a, b, c, d] = s;
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
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
  next.save = () => [...s];
  next.restore = (saved) => s.splice(0, 4, ...saved);
  for (let i = 0; i < 16; i++) next();
  return next;
}

export function randomSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

const HEX = "0123456789abcdef";

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

  #hex(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += HEX[Math.floor(this.#random() * 16)];
    return s;
  }

  /** RFC 4122 version-4 shape: 8-4-4-4-12 (Nova, Cinder, Neutron ids). */
  uuid(): string {
    const h = this.#hex(32);
    const variant = HEX[8 + Math.floor(this.#random() * 4)];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** 32 hex characters, no dashes (Keystone ids). */
  hexId(): string {
    return this.#hex(32);
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

  /** `req-<uuid>` as every OpenStack service returns in x-openstack-request-id. */
  requestId(): string {
    return `req-${this.uuid()}`;
  }

  /** a float in [0, 1) from the same seeded stream */
  random(): number {
    return this.#random();
  }
}

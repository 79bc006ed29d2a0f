// Per-subnet IP allocation as plain data in the store: lowest free pool address first, in O(1) per request
// however many addresses are in use. Bitmaps of 1024 addresses live lazily in one shared Dict, with summary
// bitmaps ("this child is full") above them, so a request reads and writes a few 32-word chunks.

import { dictDelete, dictEntries, dictGet, dictSet, emptyDict, type Dict } from "../../kernel/store/dict.js";
import { cidrContains, fixedOffsetAllowed, formatCidr, type Cidr, type IpRange } from "./cidr.js";
import type { IpVersion } from "./ip.js";

const SPAN = 1024; // bits per chunk: 32 words of 32 bits
const WORDS = 32;
/** Addresses of one pool that the allocator hands out; the rest of a huge IPv6 pool is never reached. */
export const MAX_POOL_SIZE = 2 ** 32;
/** Addresses of all pools together; positions stay exact JavaScript numbers well below 2^53. */
export const MAX_CAPACITY = 2 ** 40;

/** A bitmap of 1024 bits; `n` counts the bits set. Empty chunks are deleted, never stored. */
export interface Chunk {
  n: number;
  w: number[];
}
export type IpamChunks = Dict<Chunk>;

export function emptyIpamChunks(): IpamChunks {
  return emptyDict();
}

/** One allocation pool, placed in the position space that concatenates all pools. */
export interface IpamPool {
  /** offset of the pool's first address from the network address, decimal (IPv6 offsets pass 2^53) */
  start: string;
  /** addresses in the pool, at most MAX_POOL_SIZE */
  size: number;
  /** position of the pool's first address */
  base: number;
}

/**
 * A subnet's allocator. Addresses are numbered by position: pool by pool, in address order, 0 to
 * capacity-1. A bitmap over positions records which pool addresses are used (chunk keys
 * `<subnetId>:<level>:<index>`, level 0 the addresses, level k+1 a bit per full level-k chunk). Fixed IPs
 * outside the pools go to a sparse bitmap over offsets (`<subnetId>:x:<offset / 1024>`).
 */
export interface IpamState {
  version: IpVersion;
  prefix: number;
  pools: IpamPool[];
  capacity: number;
  /** the level of the single summary chunk that covers every position (0 when capacity <= 1024) */
  top: number;
  /** every position below the cursor is in use, so the lowest free one is found from here */
  cursor: number;
  /** addresses in use, in the pools or not */
  used: number;
  /** pool addresses in use */
  poolUsed: number;
}

export type SpecificResult = "ok" | "in-use" | "invalid-for-subnet";

/** A fresh allocator; pools must lie in the CIDR and not overlap (validatePools or defaultPools). */
export function newIpam(cidr: Cidr, pools: readonly IpRange[]): IpamState {
  const sorted = [...pools].sort((a, b) => (a.start.value < b.start.value ? -1 : a.start.value > b.start.value ? 1 : 0));
  const placed: IpamPool[] = [];
  let capacity = 0;
  let previousEnd = -1n;
  for (const pool of sorted) {
    if (!cidrContains(cidr, pool.start) || !cidrContains(cidr, pool.end) || pool.end.value < pool.start.value || pool.start.value <= previousEnd) {
      throw new RangeError(`allocation pools must be disjoint ranges within ${formatCidr(cidr)}`);
    }
    previousEnd = pool.end.value;
    const full = pool.end.value - pool.start.value + 1n;
    const size = Math.min(full > BigInt(MAX_POOL_SIZE) ? MAX_POOL_SIZE : Number(full), MAX_CAPACITY - capacity);
    if (size <= 0) break; // beyond MAX_CAPACITY: those addresses count as outside the pools
    placed.push({ start: String(pool.start.value - cidr.network), size, base: capacity });
    capacity += size;
  }
  let top = 0;
  while (SPAN ** (top + 1) < capacity) top++;
  return { version: cidr.version, prefix: cidr.prefix, pools: placed, capacity, top, cursor: 0, used: 0, poolUsed: 0 };
}

/** Takes the lowest free pool address; returns its offset from the network address, or undefined when none is left. */
export function allocateNext(ipam: IpamState, chunks: IpamChunks, subnetId: string): bigint | undefined {
  const position = findFree(ipam, chunks, subnetId, ipam.cursor);
  if (position === undefined) {
    ipam.cursor = ipam.capacity; // exhausted: later requests fail at once until a release
    return undefined;
  }
  mark(ipam, chunks, subnetId, position, true);
  ipam.cursor = position + 1;
  ipam.used++;
  ipam.poolUsed++;
  return offsetAt(ipam, position);
}

/**
 * Takes the address at `offset` (a fixed IP asked for by a port). Any address of the subnet will do,
 * inside the pools or not, except what check_subnet_ip refuses (see fixedOffsetAllowed); `routerPort`
 * lets router ports take the IPv6 subnet-router anycast address.
 */
export function allocateSpecific(ipam: IpamState, chunks: IpamChunks, subnetId: string, offset: bigint, options: { routerPort?: boolean } = {}): SpecificResult {
  if (!fixedOffsetAllowed(ipam.version, ipam.prefix, offset, options.routerPort ?? false)) return "invalid-for-subnet";
  const position = positionOf(ipam, offset);
  if (position === undefined) {
    const [key, bit] = outsideSlot(subnetId, offset);
    if (testBit(dictGet(chunks, key), bit)) return "in-use";
    setBit(chunks, key, bit);
  } else {
    if (testBit(dictGet(chunks, leafKey(subnetId, position)), position % SPAN)) return "in-use";
    mark(ipam, chunks, subnetId, position, true);
    ipam.poolUsed++;
    if (position === ipam.cursor) ipam.cursor++;
  }
  ipam.used++;
  return "ok";
}

/** Frees the address at `offset`; returns whether it was in use. A freed pool address is the next one handed out if it is the lowest. */
export function release(ipam: IpamState, chunks: IpamChunks, subnetId: string, offset: bigint): boolean {
  if (offset < 0n) return false;
  const position = positionOf(ipam, offset);
  if (position === undefined) {
    const [key, bit] = outsideSlot(subnetId, offset);
    if (!testBit(dictGet(chunks, key), bit)) return false;
    clearBit(chunks, key, bit);
  } else {
    if (!testBit(dictGet(chunks, leafKey(subnetId, position)), position % SPAN)) return false;
    mark(ipam, chunks, subnetId, position, false);
    ipam.poolUsed--;
    if (position < ipam.cursor) ipam.cursor = position;
  }
  ipam.used--;
  return true;
}

export function isUsed(ipam: IpamState, chunks: IpamChunks, subnetId: string, offset: bigint): boolean {
  if (offset < 0n) return false;
  const position = positionOf(ipam, offset);
  if (position !== undefined) return testBit(dictGet(chunks, leafKey(subnetId, position)), position % SPAN);
  const [key, bit] = outsideSlot(subnetId, offset);
  return testBit(dictGet(chunks, key), bit);
}

/** Whether `offset` lies in one of the subnet's allocation pools (as far as the allocator reaches). */
export function inPools(ipam: IpamState, offset: bigint): boolean {
  return positionOf(ipam, offset) !== undefined;
}

/** Addresses in use, inside the pools or not. */
export function usedCount(ipam: IpamState): number {
  return ipam.used;
}

/** Pool addresses still free. */
export function freeCount(ipam: IpamState): number {
  return ipam.capacity - ipam.poolUsed;
}

/**
 * Deletes the subnet's chunks; returns how many there were. Free when nothing is in use (empty chunks are
 * never kept); otherwise it walks the whole Dict once, so release addresses first where that is cheap.
 */
export function dropSubnet(chunks: IpamChunks, subnetId: string, ipam: IpamState): number {
  if (ipam.used === 0) return 0;
  const prefix = `${subnetId}:`;
  const keys: string[] = [];
  for (const [key] of dictEntries(chunks)) if (key.startsWith(prefix)) keys.push(key);
  for (const key of keys) dictDelete(chunks, key);
  return keys.length;
}

// --- positions and offsets ---

function positionOf(ipam: IpamState, offset: bigint): number | undefined {
  for (const pool of ipam.pools) {
    const delta = offset - BigInt(pool.start);
    if (delta >= 0n && delta < BigInt(pool.size)) return pool.base + Number(delta);
  }
  return undefined;
}

function offsetAt(ipam: IpamState, position: number): bigint {
  let pool = ipam.pools[0];
  for (const candidate of ipam.pools) if (candidate.base <= position) pool = candidate;
  return BigInt(pool.start) + BigInt(position - pool.base);
}

// --- the summary tree over positions ---

const chunkKey = (subnetId: string, level: number, index: number) => `${subnetId}:${level}:${index}`;
const leafKey = (subnetId: string, position: number) => chunkKey(subnetId, 0, Math.floor(position / SPAN));

function outsideSlot(subnetId: string, offset: bigint): [key: string, bit: number] {
  return [`${subnetId}:x:${offset / BigInt(SPAN)}`, Number(offset % BigInt(SPAN))];
}

/** How many bits of chunk `index` at `level` stand for something: 1024, less in the last chunk. */
function bitsIn(ipam: IpamState, level: number, index: number): number {
  return Math.min(SPAN, Math.ceil(ipam.capacity / SPAN ** level) - index * SPAN);
}

/** The lowest free position at or after `from`: the rest of its leaf, then up the tree to the next non-full sibling. */
function findFree(ipam: IpamState, chunks: IpamChunks, subnetId: string, from: number): number | undefined {
  if (from >= ipam.capacity) return undefined;
  let index = Math.floor(from / SPAN);
  const bit = firstZero(dictGet(chunks, chunkKey(subnetId, 0, index)), from % SPAN, bitsIn(ipam, 0, index));
  if (bit >= 0) return index * SPAN + bit;
  for (let level = 1; level <= ipam.top; level++) {
    const child = index;
    index = Math.floor(child / SPAN);
    const next = firstZero(dictGet(chunks, chunkKey(subnetId, level, index)), (child % SPAN) + 1, bitsIn(ipam, level, index));
    if (next >= 0) return lowestFreeUnder(ipam, chunks, subnetId, level - 1, index * SPAN + next);
  }
  return undefined;
}

/** The lowest free position under a chunk that its parent says is not full. */
function lowestFreeUnder(ipam: IpamState, chunks: IpamChunks, subnetId: string, level: number, index: number): number {
  for (;;) {
    const bit = firstZero(dictGet(chunks, chunkKey(subnetId, level, index)), 0, bitsIn(ipam, level, index));
    if (bit < 0) throw new Error(`ipam summary out of step for subnet ${subnetId}`);
    if (level === 0) return index * SPAN + bit;
    index = index * SPAN + bit;
    level--;
  }
}

/**
 * Sets (used) or clears a position's bit and carries the change up: a parent's bit flips only when its
 * child becomes full (the count after setting) or stops being full (the count before clearing).
 */
function mark(ipam: IpamState, chunks: IpamChunks, subnetId: string, position: number, used: boolean): void {
  let index = Math.floor(position / SPAN);
  let bit = position % SPAN;
  for (let level = 0; ; level++) {
    const key = chunkKey(subnetId, level, index);
    const count = used ? setBit(chunks, key, bit) : clearBit(chunks, key, bit);
    if (count < bitsIn(ipam, level, index) || level === ipam.top) return;
    bit = index % SPAN;
    index = Math.floor(index / SPAN);
  }
}

// --- bits in one chunk ---

function testBit(chunk: Chunk | undefined, bit: number): boolean {
  return chunk !== undefined && (chunk.w[bit >>> 5] & (1 << (bit & 31))) !== 0;
}

/** Sets a bit known to be clear; returns the chunk's new count. */
function setBit(chunks: IpamChunks, key: string, bit: number): number {
  const chunk = dictGet(chunks, key);
  if (!chunk) {
    const w = new Array<number>(WORDS).fill(0);
    w[bit >>> 5] = 1 << (bit & 31);
    dictSet(chunks, key, { n: 1, w });
    return 1;
  }
  chunk.w[bit >>> 5] |= 1 << (bit & 31);
  return ++chunk.n;
}

/** Clears a bit known to be set, deleting the chunk when it empties; returns the count before. */
function clearBit(chunks: IpamChunks, key: string, bit: number): number {
  const chunk = dictGet(chunks, key) as Chunk;
  const before = chunk.n;
  if (before === 1) dictDelete(chunks, key);
  else {
    chunk.w[bit >>> 5] &= ~(1 << (bit & 31));
    chunk.n = before - 1;
  }
  return before;
}

/** The lowest clear bit in [from, limit), or -1. At most 32 word reads. */
function firstZero(chunk: Chunk | undefined, from: number, limit: number): number {
  if (from >= limit) return -1;
  if (!chunk) return from;
  for (let word = from >>> 5; word << 5 < limit; word++) {
    let free = ~chunk.w[word];
    if (word === from >>> 5) free &= -1 << (from & 31);
    if (free !== 0) {
      const bit = (word << 5) + 31 - Math.clz32(free & -free);
      return bit < limit ? bit : -1;
    }
  }
  return -1;
}

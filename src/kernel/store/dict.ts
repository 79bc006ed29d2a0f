// A persistent string-keyed map kept as plain nested data (a small hash trie), so that an immer write
// copies one path of 32-slot nodes and one bucket of at most eight entries, never the whole map.
// Plain arrays and objects only: the store exports to JSON and imports back unchanged.

import { isDraftValue, latest } from "./draft-read.js";

const BITS = 5;
const WIDTH = 1 << BITS; // 32 slots per node
const MASK = WIDTH - 1;
const BUCKET_MAX = 8;
const MAX_DEPTH = 6; // 6 * 5 = 30 of the 32 hash bits; deeper buckets only hold true collisions

export type Entry<V> = [key: string, value: V];
export interface Bucket<V> {
  e: Entry<V>[];
}
export type Slot<V> = DictNode<V> | Bucket<V> | null;
export type DictNode<V> = Slot<V>[];
export interface Dict<V> {
  size: number;
  root: DictNode<V>;
}

export function emptyDict<V>(): Dict<V> {
  return { size: 0, root: newNode() };
}

function newNode<V>(): DictNode<V> {
  return new Array(WIDTH).fill(null);
}

/** FNV-1a, 32 bits: cheap and well spread for ids and names. */
export function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function slotIndex(h: number, depth: number): number {
  return (h >>> (depth * BITS)) & MASK;
}

export function dictGet<V>(dict: Dict<V>, key: string): V | undefined {
  const h = hash(key);
  // the walk reads plain data (draft-read.ts): a lookup in a recipe makes no draft of the nodes and entries
  // it passes, only, for a value that is an object, of the one path to it (the caller may change it)
  let node = latest(latest(dict).root);
  for (let depth = 0; ; depth++) {
    const i = slotIndex(h, depth);
    const slot = latest(node[i]);
    if (slot === null || slot === undefined) return undefined;
    if (Array.isArray(slot)) {
      node = slot;
      continue;
    }
    const entries = latest(slot.e);
    for (let j = 0; j < entries.length; j++) {
      const entry = latest(entries[j]);
      if (entry[0] !== key) continue;
      const value = entry[1];
      return value !== null && typeof value === "object" && isDraftValue(dict) ? draftAt(dict, h, depth, j) : value;
    }
    return undefined;
  }
}

/** The value of entry j of the bucket at `depth` on h's path, read through the draft (a draft of it). */
function draftAt<V>(dict: Dict<V>, h: number, depth: number, j: number): V {
  let node = dict.root;
  for (let d = 0; d < depth; d++) node = node[slotIndex(h, d)] as DictNode<V>;
  return (node[slotIndex(h, depth)] as Bucket<V>).e[j][1];
}

export function dictHas<V>(dict: Dict<V>, key: string): boolean {
  return dictGet(dict, key) !== undefined;
}

/** Sets key to value (value must not be undefined). Works on plain data or on an immer draft. */
export function dictSet<V>(dict: Dict<V>, key: string, value: V): void {
  const h = hash(key);
  let node = dict.root;
  for (let depth = 0; ; depth++) {
    const i = slotIndex(h, depth);
    const slot = node[i];
    if (slot === null || slot === undefined) {
      node[i] = { e: [[key, value]] };
      dict.size++;
      return;
    }
    if (Array.isArray(slot)) {
      node = slot;
      continue;
    }
    const entries = slot.e;
    const plain = latest(entries);
    for (let j = 0; j < plain.length; j++) {
      if (latest(plain[j])[0] === key) {
        entries[j][1] = value;
        return;
      }
    }
    if (entries.length < BUCKET_MAX || depth >= MAX_DEPTH) {
      entries.push([key, value]);
      dict.size++;
      return;
    }
    // Split the full bucket one level down, then retry the insert there.
    const child = newNode<V>();
    for (const [k, v] of entries) placeInFreshNode(child, k, v, depth + 1);
    node[i] = child;
    node = child;
  }
}

function placeInFreshNode<V>(node: DictNode<V>, key: string, value: V, depth: number): void {
  const h = hash(key);
  for (;;) {
    const i = slotIndex(h, depth);
    const slot = node[i];
    if (slot === null || slot === undefined) {
      node[i] = { e: [[key, value]] };
      return;
    }
    if (Array.isArray(slot)) {
      node = slot;
      depth++;
      continue;
    }
    if (slot.e.length < BUCKET_MAX || depth >= MAX_DEPTH) {
      slot.e.push([key, value]);
      return;
    }
    const child = newNode<V>();
    for (const [k, v] of slot.e) placeInFreshNode(child, k, v, depth + 1);
    node[i] = child;
    node = child;
    depth++;
  }
}

/**
 * Removes key; returns whether it was there. A node left holding no more than one bucket's worth of
 * entries folds back into a bucket in its parent, so a map that grew and shrank (tokens, ports, addresses
 * under churn) is as small as one that never grew: the trie holds what is in it, not what once was.
 */
export function dictDelete<V>(dict: Dict<V>, key: string): boolean {
  const h = hash(key);
  const path: Array<[DictNode<V>, number]> = [];
  let node = dict.root;
  for (let depth = 0; ; depth++) {
    const i = slotIndex(h, depth);
    const slot = node[i];
    if (slot === null || slot === undefined) return false;
    if (Array.isArray(slot)) {
      path.push([node, i]);
      node = slot;
      continue;
    }
    const j = latest(latest(slot).e).findIndex((entry) => latest(entry)[0] === key);
    if (j < 0) return false;
    if (slot.e.length === 1) node[i] = null;
    else slot.e.splice(j, 1);
    dict.size--;
    foldUp(path, node);
    return true;
  }
}

/** Walks back up a delete's path, replacing each node that only buckets a few entries by one bucket. */
function foldUp<V>(path: Array<[DictNode<V>, number]>, node: DictNode<V>): void {
  for (let k = path.length - 1; k >= 0; k--) {
    // counted on plain data first: most nodes hold too much to fold, and need no draft of their buckets
    if (!isSmallNode(latest(node))) return;
    const entries = smallNodeEntries(node);
    if (entries === undefined) return;
    const [parent, i] = path[k];
    parent[i] = entries.length === 0 ? null : { e: entries };
    node = parent;
  }
}

/** Whether a node holds only buckets and at most BUCKET_MAX entries in all (read on plain data). */
function isSmallNode<V>(node: DictNode<V>): boolean {
  let count = 0;
  for (const slot of node) {
    const bucket = latest(slot);
    if (bucket === null || bucket === undefined) continue;
    if (Array.isArray(bucket)) return false;
    count += latest(bucket.e).length;
    if (count > BUCKET_MAX) return false;
  }
  return true;
}

/** A node's entries (in walk order) when it holds only buckets and at most BUCKET_MAX entries in all. */
function smallNodeEntries<V>(node: DictNode<V>): Entry<V>[] | undefined {
  const out: Entry<V>[] = [];
  for (const slot of node) {
    if (slot === null || slot === undefined) continue;
    if (Array.isArray(slot) || out.length + slot.e.length > BUCKET_MAX) return undefined;
    out.push(...slot.e);
  }
  return out;
}

/**
 * Every entry read as plain data (draft-read.ts): inside a recipe, a walk that only reads (counting, finding)
 * makes no draft of the nodes and entries it passes. The values are the current ones, not drafts: change
 * nothing through them.
 */
export function* dictReadEntries<V>(dict: Dict<V>): Generator<Readonly<Entry<V>>> {
  yield* readWalk(latest(latest(dict).root));
}

function* readWalk<V>(node: DictNode<V>): Generator<Readonly<Entry<V>>> {
  for (const value of node) {
    const slot = latest(value);
    if (slot === null || slot === undefined) continue;
    if (Array.isArray(slot)) yield* readWalk(slot);
    else for (const entry of latest(slot.e)) yield latest(entry);
  }
}

/** Every entry, in hash order (stable for a given set of keys). */
export function* dictEntries<V>(dict: Dict<V>): Generator<Entry<V>> {
  yield* walk(dict.root);
}

function* walk<V>(node: DictNode<V>): Generator<Entry<V>> {
  for (const slot of node) {
    if (slot === null || slot === undefined) continue;
    if (Array.isArray(slot)) yield* walk(slot);
    else yield* slot.e;
  }
}

// A persistent string-keyed map kept as plain nested data (a small hash trie), so that an immer write
// copies one path of 16-slot nodes and one bucket of at most 32 entries, never the whole map. A node splits
// a full bucket 16 ways, so buckets hold 2 to 32 entries whatever the size: a bucket's own cost (48 bytes,
// its array and store) is spread over several entries. Maps of older builds' snapshots keep their 32-slot
// nodes: a map's geometry is its root's width, and every node of it has that width.
// Plain arrays and objects only: the store exports to JSON and imports back unchanged.

import { isDraftValue, latest } from "./draft-read.js";

/** The width of a new map's nodes; older builds' maps have 32 (`OLD_WIDTH`). */
export const WIDTH = 16;
export const OLD_WIDTH = 32;
const BUCKET_MAX = 32;

/** Hash bits a node of this width reads (4 or 5). */
export const bitsOf = (width: number): number => (width === WIDTH ? 4 : 5);
/** The deepest level that still splits: deeper buckets hold only true collisions (all 32 hash bits used). */
export const maxDepthOf = (bits: number): number => (bits === 4 ? 7 : 6);

export type Entry<V> = [key: string, value: V];
/**
 * A bucket: its entries side by side in one array, key, value, key, value. Its first element is a key, so
 * a string, which tells it from a node (a node's slots hold null, nodes and buckets, never a string). No
 * object around it and no array per entry: each cost every entry tens of bytes, and a draft of its own on
 * a write.
 */
export type Bucket<V> = Array<string | V>;
export type Slot<V> = DictNode<V> | Bucket<V> | null;
export type DictNode<V> = Slot<V>[];
export interface Dict<V> {
  size: number;
  root: DictNode<V>;
}

/** Whether a slot that is not empty is a bucket (else a node). */
export function isBucket<V>(slot: DictNode<V> | Bucket<V>): slot is Bucket<V> {
  return typeof slot[0] === "string";
}

export function emptyDict<V>(): Dict<V> {
  return { size: 0, root: newNode(bitsOf(WIDTH)) };
}

function newNode<V>(bits: number): DictNode<V> {
  return new Array(1 << bits).fill(null);
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

function slotIndex(h: number, depth: number, bits: number): number {
  return (h >>> (depth * bits)) & ((1 << bits) - 1);
}

export function dictGet<V>(dict: Dict<V>, key: string): V | undefined {
  return lookup(dict, key, true);
}

/**
 * The value under `key` as plain data: inside a recipe `dictGet` drafts the path to a value that is an
 * object (the caller may change it); this drafts nothing. Never change what it answers (table.ts `peek`).
 */
export function dictPeek<V>(dict: Dict<V>, key: string): Readonly<V> | undefined {
  return lookup(dict, key, false);
}

function lookup<V>(dict: Dict<V>, key: string, draft: boolean): V | undefined {
  const h = hash(key);
  // the walk reads plain data (draft-read.ts): a lookup in a recipe makes no draft of the nodes and entries
  // it passes, only, for a value that is an object, of the one path to it (the caller may change it)
  let node = latest(latest(dict).root);
  const bits = bitsOf(node.length);
  for (let depth = 0; ; depth++) {
    const i = slotIndex(h, depth, bits);
    const slot = latest(node[i]);
    if (slot === null || slot === undefined) return undefined;
    if (!isBucket(slot)) {
      node = slot;
      continue;
    }
    const entries = slot;
    for (let j = 0; j < entries.length; j += 2) {
      if (entries[j] !== key) continue;
      const value = entries[j + 1] as V;
      if (value === null || typeof value !== "object") return value;
      if (!draft) return latest(value);
      return isDraftValue(dict) ? draftAt(dict, h, depth, bits, j + 1) : value;
    }
    return undefined;
  }
}

/** Slot j of the bucket at `depth` on h's path (a value's), read through the draft (a draft of it). */
function draftAt<V>(dict: Dict<V>, h: number, depth: number, bits: number, j: number): V {
  let node = dict.root;
  for (let d = 0; d < depth; d++) node = node[slotIndex(h, d, bits)] as DictNode<V>;
  return (node[slotIndex(h, depth, bits)] as Bucket<V>)[j] as V;
}

export function dictHas<V>(dict: Dict<V>, key: string): boolean {
  return dictGet(dict, key) !== undefined;
}

/** Sets key to value (value must not be undefined). Works on plain data or on an immer draft. */
export function dictSet<V>(dict: Dict<V>, key: string, value: V): void {
  const h = hash(key);
  let node = dict.root;
  const bits = bitsOf(latest(node).length);
  const maxDepth = maxDepthOf(bits);
  for (let depth = 0; ; depth++) {
    const i = slotIndex(h, depth, bits);
    const slot = node[i];
    if (slot === null || slot === undefined) {
      node[i] = [key, value];
      dict.size++;
      return;
    }
    const plain = latest(slot);
    if (!isBucket(plain)) {
      node = slot as DictNode<V>;
      continue;
    }
    const entries = slot as Bucket<V>;
    const replace = replaceable(dict, plain, value);
    for (let j = 0; j < plain.length; j += 2) {
      if (plain[j] === key) {
        if (!replace) {
          entries[j + 1] = value;
          return;
        }
        const copy = plain.slice();
        copy[j + 1] = value;
        node[i] = copy;
        return;
      }
    }
    if (plain.length < 2 * BUCKET_MAX || depth >= maxDepth) {
      if (replace) node[i] = plain.concat([key, value]);
      else entries.push(key, value);
      dict.size++;
      return;
    }
    // Split the full bucket one level down, then retry the insert there.
    const child = newNode<V>(bits);
    for (let j = 0; j < entries.length; j += 2) placeInFreshNode(child, entries[j] as string, entries[j + 1] as V, depth + 1, bits);
    node[i] = child;
    node = child;
  }
}

function placeInFreshNode<V>(node: DictNode<V>, key: string, value: V, depth: number, bits: number): void {
  const h = hash(key);
  for (;;) {
    const i = slotIndex(h, depth, bits);
    const slot = node[i];
    if (slot === null || slot === undefined) {
      node[i] = [key, value];
      return;
    }
    if (!isBucket(slot)) {
      node = slot;
      depth++;
      continue;
    }
    if (slot.length < 2 * BUCKET_MAX || depth >= maxDepthOf(bits)) {
      node[i] = slot.concat([key, value]);
      return;
    }
    const child = newNode<V>(bits);
    for (let j = 0; j < slot.length; j += 2) placeInFreshNode(child, slot[j] as string, slot[j + 1] as V, depth + 1, bits);
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
  const bits = bitsOf(latest(node).length);
  for (let depth = 0; ; depth++) {
    const i = slotIndex(h, depth, bits);
    const slot = node[i];
    if (slot === null || slot === undefined) return false;
    const plain = latest(slot);
    if (!isBucket(plain)) {
      path.push([node, i]);
      node = slot as DictNode<V>;
      continue;
    }
    let j = 0;
    while (j < plain.length && plain[j] !== key) j += 2;
    if (j >= plain.length) return false;
    if (plain.length === 2) node[i] = null;
    else if (replaceable(dict, plain)) node[i] = plain.slice(0, j).concat(plain.slice(j + 2));
    else (slot as Bucket<V>).splice(j, 2);
    dict.size--;
    foldUp(path, node);
    return true;
  }
}

/**
 * Whether a write may put a new bucket in place of `plain` rather than change it through its draft: always
 * on plain data; in a recipe, when the bucket holds no object value and none is being set. A new bucket is
 * its exact size, where one grown by `push` keeps room for a dozen more slots (about half a map's bytes
 * were that room), and it makes no draft of the old one. A value that is an object must stay behind the
 * draft: read through a new plain array it would be handed back as the base object, not as a draft.
 */
function replaceable<V>(dict: Dict<V>, plain: Bucket<V>, value?: V): boolean {
  if (!isDraftValue(dict)) return true;
  if (value !== null && typeof value === "object") return false;
  for (let j = 1; j < plain.length; j += 2) {
    const v = plain[j];
    if (v !== null && typeof v === "object") return false;
  }
  return true;
}

/** Walks back up a delete's path, replacing each node that only buckets a few entries by one bucket. */
function foldUp<V>(path: Array<[DictNode<V>, number]>, node: DictNode<V>): void {
  for (let k = path.length - 1; k >= 0; k--) {
    // counted on plain data first: most nodes hold too much to fold, and need no draft of their buckets
    if (!isSmallNode(latest(node))) return;
    const entries = smallNodeEntries(node);
    if (entries === undefined) return;
    const [parent, i] = path[k];
    parent[i] = entries.length === 0 ? null : entries;
    node = parent;
  }
}

/** Whether a node holds only buckets and at most BUCKET_MAX entries in all (read on plain data). */
function isSmallNode<V>(node: DictNode<V>): boolean {
  let count = 0;
  for (const slot of node) {
    const plain = latest(slot);
    if (plain === null || plain === undefined) continue;
    if (!isBucket(plain)) return false;
    count += plain.length;
    if (count > 2 * BUCKET_MAX) return false;
  }
  return true;
}

/** A node's entries side by side (in walk order) when it holds only buckets and at most BUCKET_MAX entries in all. */
function smallNodeEntries<V>(node: DictNode<V>): Bucket<V> | undefined {
  const out: Bucket<V> = [];
  for (const slot of node) {
    if (slot === null || slot === undefined) continue;
    if (!isBucket(latest(slot)) || out.length + slot.length > 2 * BUCKET_MAX) return undefined;
    out.push(...(slot as Bucket<V>));
  }
  // its exact size (pushes leave room to grow)
  return out.slice();
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
    if (!isBucket(slot)) yield* readWalk(slot);
    else for (let j = 0; j < slot.length; j += 2) yield [slot[j] as string, slot[j + 1] as V];
  }
}

/** Every entry, in hash order (stable for a given set of keys). */
export function* dictEntries<V>(dict: Dict<V>): Generator<Entry<V>> {
  yield* walk(dict.root);
}

function* walk<V>(node: DictNode<V>): Generator<Entry<V>> {
  for (const slot of node) {
    if (slot === null || slot === undefined) continue;
    if (!isBucket(latest(slot))) yield* walk(slot as DictNode<V>);
    else for (let j = 0; j < slot.length; j += 2) yield [slot[j] as string, slot[j + 1] as V];
  }
}

// A persistent map kept in byte order of its keys (Swift lists names by their UTF-8 bytes): a B+tree of
// plain arrays, so an immer write copies one root-to-leaf path of nodes of at most 64 entries, and a page
// of a listing after a marker costs O(log n + page), never O(n).

const MAX = 64;

export interface Leaf<V> {
  k: string[];
  v: V[];
}
export interface Branch<V> {
  /** k[i] is a lower bound of every key under c[i] (its smallest key when written) */
  k: string[];
  c: SortedNode<V>[];
}
export type SortedNode<V> = Leaf<V> | Branch<V>;
export interface SortedMap<V> {
  size: number;
  root: SortedNode<V>;
}

export function emptySortedMap<V>(): SortedMap<V> {
  return { size: 0, root: { k: [], v: [] } };
}

const isBranch = <V>(node: SortedNode<V>): node is Branch<V> => "c" in node;

/** UTF-16 code units ordered as UTF-8 bytes order their code points: surrogates go above U+E000..U+FFFF. */
const unit = (c: number) => (c < 0xd800 ? c : c < 0xe000 ? c + 0x2000 : c - 0x800);

/** Byte order of the UTF-8 encodings of `a` and `b`. */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unit(x) - unit(y);
  }
  return a.length - b.length;
}

/** the first index whose key is >= key (inclusive) or > key */
function lowerIndex(keys: string[], key: string, inclusive: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const cmp = compareNames(keys[mid]!, key);
    if (cmp < 0 || (!inclusive && cmp === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** the child of a branch that holds `key` if anything does: the last whose bound is <= key, or the first */
function childIndex<V>(node: Branch<V>, key: string): number {
  return Math.max(0, lowerIndex(node.k, key, false) - 1);
}

export function sortedGet<V>(map: SortedMap<V>, key: string): V | undefined {
  let node = map.root;
  while (isBranch(node)) node = node.c[childIndex(node, key)]!;
  const i = lowerIndex(node.k, key, true);
  return node.k[i] === key ? node.v[i] : undefined;
}

/** Sets key to value; true when the key is new. */
export function sortedSet<V>(map: SortedMap<V>, key: string, value: V): boolean {
  const added = insert(map.root, key, value);
  if (added.split) map.root = { k: [map.root.k[0] ?? "", added.split.k[0]!], c: [map.root, added.split] };
  if (added.isNew) map.size++;
  return added.isNew;
}

function insert<V>(node: SortedNode<V>, key: string, value: V): { isNew: boolean; split?: SortedNode<V> } {
  if (!isBranch(node)) {
    const i = lowerIndex(node.k, key, true);
    if (node.k[i] === key) {
      node.v[i] = value;
      return { isNew: false };
    }
    node.k.splice(i, 0, key);
    node.v.splice(i, 0, value);
    if (node.k.length <= MAX) return { isNew: true };
    const half = node.k.length >> 1;
    return { isNew: true, split: { k: node.k.splice(half), v: node.v.splice(half) } };
  }
  const i = childIndex(node, key);
  if (compareNames(key, node.k[i]!) < 0) node.k[i] = key;
  const added = insert(node.c[i]!, key, value);
  if (added.split) {
    node.k.splice(i + 1, 0, added.split.k[0]!);
    node.c.splice(i + 1, 0, added.split);
    if (node.k.length > MAX) {
      const half = node.k.length >> 1;
      return { isNew: added.isNew, split: { k: node.k.splice(half), c: node.c.splice(half) } };
    }
  }
  return { isNew: added.isNew };
}

/** Removes key; returns its value. An emptied node leaves its parent; a root of one child gives way to it. */
export function sortedDelete<V>(map: SortedMap<V>, key: string): V | undefined {
  const removed = remove(map.root, key);
  if (removed === undefined) return undefined;
  map.size--;
  while (isBranch(map.root) && map.root.c.length === 1) map.root = map.root.c[0]!;
  if (isBranch(map.root) && map.root.c.length === 0) map.root = { k: [], v: [] };
  return removed.value;
}

function remove<V>(node: SortedNode<V>, key: string): { value: V } | undefined {
  if (!isBranch(node)) {
    const i = lowerIndex(node.k, key, true);
    if (node.k[i] !== key) return undefined;
    const value = node.v[i]!;
    node.k.splice(i, 1);
    node.v.splice(i, 1);
    return { value };
  }
  const i = childIndex(node, key);
  const child = node.c[i]!;
  const removed = remove(child, key);
  if (removed && child.k.length === 0) {
    node.k.splice(i, 1);
    node.c.splice(i, 1);
  }
  return removed;
}

export interface SortedScan {
  /** where to start: a key and whether the key itself is included */
  start?: { key: string; inclusive: boolean };
  /** descending from start (or from the last key) */
  reverse?: boolean;
}

/** Entries in byte order of their keys (or reverse) from `start`; a consumer stops when it has enough. */
export function* sortedEntries<V>(map: SortedMap<V>, scan: SortedScan = {}): Generator<[string, V]> {
  yield* walk(map.root, scan.start, scan.reverse ?? false);
}

function* walk<V>(node: SortedNode<V>, start: SortedScan["start"], reverse: boolean): Generator<[string, V]> {
  const step = reverse ? -1 : 1;
  if (!isBranch(node)) {
    let i: number;
    if (!start) i = reverse ? node.k.length - 1 : 0;
    else if (reverse) i = lowerIndex(node.k, start.key, !start.inclusive) - 1;
    else i = lowerIndex(node.k, start.key, start.inclusive);
    for (; i >= 0 && i < node.k.length; i += step) yield [node.k[i]!, node.v[i]!];
    return;
  }
  const first = start ? childIndex(node, start.key) : reverse ? node.c.length - 1 : 0;
  for (let i = first; i >= 0 && i < node.c.length; i += step) yield* walk(node.c[i]!, i === first ? start : undefined, reverse);
}

// Values many rows hold alike, kept once: an empty list or map that a row has not filled, a snapshot that
// every row made from the same source shares. They are frozen: the store changes rows only through immer
// drafts, which copy a shared value on the first write and never touch it, so a write that reached one
// directly (a bug) throws instead of changing every row that holds it.

const EMPTY_LIST: readonly never[] = Object.freeze([]);
const EMPTY_MAP: Readonly<Record<string, never>> = Object.freeze({});

/** `list` itself, or the one shared empty list when it is empty. */
export function sharedList<T>(list: T[]): T[] {
  return list.length === 0 ? (EMPTY_LIST as unknown as T[]) : list;
}

/**
 * `list` as a row keeps it: the shared empty list, or a copy of exactly its length. A list built by `push`
 * holds room for 17 items after the first (152 bytes for one port id); the copy holds what it has.
 */
export function exactList<T>(list: T[]): T[] {
  return list.length === 0 ? (EMPTY_LIST as unknown as T[]) : list.slice();
}

/** `map` itself, or the one shared empty map when it has no key. */
export function sharedMap<V>(map: Record<string, V>): Record<string, V> {
  for (const _ in map) return map;
  return EMPTY_MAP as Record<string, V>;
}

const INTERNED_MAX = 1024;
const interned = new Map<string, object>();

/**
 * One frozen copy of each distinct plain value (a flavor snapshot that thousands of servers hold alike),
 * found by its JSON. At most INTERNED_MAX are remembered (the oldest forgotten first): the cost of a miss is
 * one more copy, never a wrong value.
 */
export function intern<V extends object>(value: V): V {
  const key = JSON.stringify(value);
  const known = interned.get(key);
  if (known !== undefined) return known as V;
  if (interned.size >= INTERNED_MAX) interned.delete(interned.keys().next().value!);
  interned.set(key, deepFreeze(value));
  return value;
}

const words = new Map<string, string>();

/**
 * One copy of a string that many rows hold alike and that is built anew for each (a port's
 * `compute:<zone>` owner): each build is a string of its own in the heap. At most INTERNED_MAX are kept.
 */
export function internString(value: string): string {
  const known = words.get(value);
  if (known !== undefined) return known;
  if (words.size >= INTERNED_MAX) words.delete(words.keys().next().value!);
  words.set(value, value);
  return value;
}

function deepFreeze<V extends object>(value: V): V {
  for (const child of Object.values(value)) if (child !== null && typeof child === "object") deepFreeze(child);
  return Object.freeze(value);
}

// Structural checks for collections that arrive from outside (a state snapshot being imported): a Dict or
// Table that passes reads back exactly what it holds. Each returns what is wrong, or undefined.

import { dictEntries, dictGet, hash, type Dict, type DictNode } from "./dict.js";
import { groupOfRow, scan, scanIds, type Grouping, type IdList, type RowNode, type Table } from "./table.js";

const WIDTH = 32;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const isNode = (v: unknown): v is unknown[] => Array.isArray(v) && v.length === WIDTH;

/**
 * A map that reads back what it holds. A bucket kept as { e: [[key, value], ...] } (builds before buckets
 * were arrays of keys and values side by side, as their snapshots hold them) is rewritten in place, so an
 * older snapshot or --data-dir imports.
 */
export function dictProblem(value: unknown): string | undefined {
  if (!isObject(value) || !isNode(value.root) || typeof value.size !== "number") return "not a map";
  let count = 0;
  const walk = (node: unknown[], depth: number, prefix: number): string | undefined => {
    for (let i = 0; i < WIDTH; i++) {
      if (isObject(node[i]) && Array.isArray((node[i] as { e?: unknown }).e)) {
        const e = (node[i] as { e: unknown[] }).e;
        node[i] = e.every(isPair) ? e.flat(1) : e;
      }
      const slot = node[i];
      const path = (prefix | (i << (depth * 5))) >>> 0;
      if (slot === null) continue;
      if (!Array.isArray(slot) || slot.length === 0) return "a map node holds something else";
      if (typeof slot[0] !== "string") {
        if (!isNode(slot)) return "a map node holds something else";
        if (depth >= 6) return "a map is nested too deep";
        const problem = walk(slot, depth + 1, path);
        if (problem) return problem;
        continue;
      }
      if (slot.length % 2 !== 0) return "a map bucket does not hold keys and values side by side";
      for (let j = 0; j < slot.length; j += 2) {
        const key = slot[j];
        if (typeof key !== "string" || slot[j + 1] === undefined) return "a map entry is not a key and a value";
        const bits = Math.min(32, (depth + 1) * 5);
        const mask = bits === 32 ? 0xffffffff : (1 << bits) - 1;
        if (((hash(key) & mask) >>> 0) !== ((path & mask) >>> 0)) return `map key ${key} is in the wrong place`;
        count++;
      }
    }
    return undefined;
  };
  return walk(value.root as DictNode<unknown>, 0, 0) ?? (count === value.size ? undefined : "map size does not match its entries");
}

/** An entry as older builds kept it: [key, value], the key a string. */
const isPair = (entry: unknown): boolean => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string";

export function tableProblem(value: unknown): string | undefined {
  const problem = trieProblem(value, "table", (node, d) => {
    const row = node[d];
    return isObject(row) && typeof row.id === "string" ? row.id : undefined;
  });
  if (problem) return problem;
  const t = value as unknown as Table<{ id: string }>;
  if (t.also !== undefined && (!Array.isArray(t.also) || t.also.length > 8)) return "table indexes are not valid";
  for (const grouping of [t.groups, ...(t.also ?? [])]) {
    if (grouping === undefined) continue;
    const groupProblem = groupsProblem(t, grouping);
    if (groupProblem) return groupProblem;
  }
  return undefined;
}

/**
 * A group's list of ids. A member kept as { id } (builds before the lists held the ids themselves, as
 * their snapshots hold them) is rewritten as its id in place, so an older snapshot imports.
 */
function idListProblem(value: unknown): string | undefined {
  return trieProblem(value, "group", (node, d) => {
    const member = node[d];
    if (isObject(member) && typeof member.id === "string" && Object.keys(member).length === 1) node[d] = member.id;
    return typeof node[d] === "string" ? (node[d] as string) : undefined;
  });
}

/** Rows in a trie by sequence, each indexed under its key (`keyAt` reads a leaf slot's key, undefined when it has none). */
function trieProblem(value: unknown, what: string, keyAt: (node: unknown[], d: number) => string | undefined): string | undefined {
  if (!isObject(value) || !isNode(value.rows)) return `not a ${what}`;
  const t = value as unknown as IdList;
  if (![t.size, t.next, t.depth].every(Number.isInteger) || t.depth < 1 || t.next > WIDTH ** t.depth) return `${what} counters are not valid`;
  const indexProblem = dictProblem(t.index);
  if (indexProblem) return `${what} index: ${indexProblem}`;
  let count = 0;
  const walk = (node: RowNode<unknown>, level: number, base: number): string | undefined => {
    for (let d = 0; d < WIDTH; d++) {
      const slot = node[d];
      if (slot === null) continue;
      const seq = base + d * WIDTH ** level;
      if (level > 0) {
        if (!isNode(slot)) return `a ${what} node holds something else`;
        const problem = walk(slot as RowNode<unknown>, level - 1, seq);
        if (problem) return problem;
        continue;
      }
      const key = keyAt(node, d);
      if (key === undefined) return what === "table" ? "a table row has no id" : "a group member is not an id";
      if (seq >= t.next) return `a ${what} row lies beyond the ${what}'s end`;
      if (dictGet(t.index, key) !== seq) return `${what} row ${key} is not indexed`;
      count++;
    }
    return undefined;
  };
  return walk(t.rows as RowNode<unknown>, t.depth - 1, 0) ?? (count === t.size && t.index.size === t.size ? undefined : `${what} size does not match its rows`);
}

/** A grouped table's groups list exactly the rows whose field holds the group's value. */
function groupsProblem(t: Table<{ id: string }>, groups: unknown): string | undefined {
  if (!isObject(groups) || typeof groups.by !== "string") return "table groups are not valid";
  const by = groups.by;
  const membersProblem = dictProblem(groups.members);
  if (membersProblem) return `table groups: ${membersProblem}`;
  // each row's group, from one pass over the table (a lookup per member would walk the table's tries again)
  const groupOf = new Map<string, string>();
  for (const row of scan(t)) {
    const key = groupOfRow(groups as unknown as Grouping, row);
    if (key !== undefined) groupOf.set(row.id, key);
  }
  let listed = 0;
  for (const [group, members] of dictEntries(groups.members as Dict<string | IdList>)) {
    // a group of one is its row's id
    if (typeof members === "string") {
      if (groupOf.get(members) !== group) return `table group ${group} lists row ${members}, which is not in it`;
      listed++;
      continue;
    }
    // a list of ids, with a list's fields only (older builds' lists were tables without groups)
    if (isObject(members) && Object.keys(members).some((key) => !["size", "next", "depth", "rows", "index"].includes(key))) return `table group ${group} is not a list of ids`;
    const problem = idListProblem(members);
    if (problem) return `table group ${group}: ${problem}`;
    for (const id of scanIds(members)) {
      if (groupOf.get(id) !== group) return `table group ${group} lists row ${id}, which is not in it`;
      listed++;
    }
  }
  // every member is a distinct row of its group (a group table's ids are unique, a row has one group)
  const grouped = groupOf.size;
  return listed === grouped ? undefined : "table groups do not list every row";
}

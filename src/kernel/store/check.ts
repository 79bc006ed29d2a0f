// Structural checks for collections that arrive from outside (a state snapshot being imported): a Dict or
// Table that passes reads back exactly what it holds. Each returns what is wrong, or undefined.

import { bitsOf, dictEntries, dictGet, hash, maxDepthOf, OLD_WIDTH, WIDTH as MAP_WIDTH, type Dict, type DictNode } from "./dict.js";
import { seqSetProblem, seqsFrom, type SeqSet } from "./seq-set.js";
import { groupOfRow, scan, seqOf, type GroupMembers, type Grouping, type RowNode, type Table, type TableOptions } from "./table.js";

const WIDTH = 32;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
const isNode = (v: unknown): v is unknown[] => Array.isArray(v) && v.length === WIDTH;

/**
 * A map that reads back what it holds. A bucket kept as { e: [[key, value], ...] } (builds before buckets
 * were arrays of keys and values side by side, as their snapshots hold them) is rewritten in place, so an
 * older snapshot or --data-dir imports.
 */
export function dictProblem(value: unknown): string | undefined {
  if (!isObject(value) || !Array.isArray(value.root) || typeof value.size !== "number") return "not a map";
  // a map's nodes are all as wide as its root: 16 slots, or 32 in an older build's map
  const width = value.root.length;
  if (width !== MAP_WIDTH && width !== OLD_WIDTH) return "not a map";
  const bits = bitsOf(width);
  let count = 0;
  const walk = (node: unknown[], depth: number, prefix: number): string | undefined => {
    for (let i = 0; i < width; i++) {
      if (isObject(node[i]) && Array.isArray((node[i] as { e?: unknown }).e)) {
        const e = (node[i] as { e: unknown[] }).e;
        node[i] = e.every(isPair) ? e.flat(1) : e;
      }
      const slot = node[i];
      const path = (prefix | (i << (depth * bits))) >>> 0;
      if (slot === null) continue;
      if (!Array.isArray(slot) || slot.length === 0) return "a map node holds something else";
      if (typeof slot[0] !== "string") {
        if (slot.length !== width) return "a map node holds something else";
        if (depth >= maxDepthOf(bits)) return "a map is nested too deep";
        const problem = walk(slot, depth + 1, path);
        if (problem) return problem;
        continue;
      }
      if (slot.length % 2 !== 0) return "a map bucket does not hold keys and values side by side";
      for (let j = 0; j < slot.length; j += 2) {
        const key = slot[j];
        if (typeof key !== "string" || slot[j + 1] === undefined) return "a map entry is not a key and a value";
        const used = Math.min(32, (depth + 1) * bits);
        const mask = used === 32 ? 0xffffffff : (1 << used) - 1;
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

/** A table whose rows read back and whose indexes list exactly the rows they should (the store's own check). */
export function tableProblem(value: unknown): string | undefined {
  const problem = tableRowsProblem(value);
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
 * A table's indexes are this build's: each one it holds is one `options` names, on the same field and
 * skipping the empty value alike (an index this build lacks, or keeps another way, would answer lists
 * wrongly). One it does not hold is built from the rows on import (table.ts `addMissingGroupings`).
 */
export function indexesProblem<T extends { id: string }>(t: Table<T>, options: TableOptions<T>): string | undefined {
  if (t.groups !== undefined && t.groups.by !== options.groupBy) return `table groups by ${t.groups.by} are not this build's`;
  for (const grouping of t.also ?? []) {
    if (!(options.alsoGroupBy as string[] | undefined)?.includes(grouping.by)) return `table index ${grouping.by} is not this build's`;
    const skips = (options.skipEmpty as string[] | undefined)?.includes(grouping.by) ?? false;
    if ((grouping.skipEmpty === true) !== skips) return `table index ${grouping.by} is not kept as this build keeps it`;
  }
  return undefined;
}

/**
 * A table whose rows read back, its indexes not looked at: an older build's snapshot, whose indexes an
 * import builds again from the rows (table.ts `rebuildGroupings`).
 */
export function tableRowsProblem(value: unknown): string | undefined {
  if (!isObject(value) || !isNode(value.rows)) return "not a table";
  const t = value as unknown as Table<{ id: string }>;
  if (![t.size, t.next, t.depth].every(Number.isInteger) || t.depth < 1 || t.next > WIDTH ** t.depth) return "table counters are not valid";
  const indexProblem = dictProblem(t.index);
  if (indexProblem) return `table index: ${indexProblem}`;
  let count = 0;
  const walk = (node: RowNode<unknown>, level: number, base: number): string | undefined => {
    for (let d = 0; d < WIDTH; d++) {
      const slot = node[d];
      if (slot === null) continue;
      const seq = base + d * WIDTH ** level;
      if (level > 0) {
        if (!isNode(slot)) return "a table node holds something else";
        const problem = walk(slot as RowNode<unknown>, level - 1, seq);
        if (problem) return problem;
        continue;
      }
      if (!isObject(slot) || typeof slot.id !== "string") return "a table row has no id";
      if (seq >= t.next) return "a table row lies beyond the table's end";
      if (dictGet(t.index, slot.id) !== seq) return `table row ${slot.id} is not indexed`;
      count++;
    }
    return undefined;
  };
  return walk(t.rows as RowNode<unknown>, t.depth - 1, 0) ?? (count === t.size && t.index.size === t.size ? undefined : "table size does not match its rows");
}

/** A grouped table's groups list exactly the rows whose field holds the group's value. */
function groupsProblem(t: Table<{ id: string }>, groups: unknown): string | undefined {
  if (!isObject(groups) || typeof groups.by !== "string") return "table groups are not valid";
  const membersProblem = dictProblem(groups.members);
  if (membersProblem) return `table groups: ${membersProblem}`;
  // each row's group by its sequence number, from one pass over the table
  const groupAt = new Map<number, [id: string, group: string]>();
  for (const row of scan(t)) {
    const key = groupOfRow(groups as unknown as Grouping, row);
    if (key !== undefined) groupAt.set(seqOf(t, row.id)!, [row.id, key]);
  }
  let listed = 0;
  for (const [group, members] of dictEntries(groups.members as Dict<GroupMembers>)) {
    if (typeof members !== "number") {
      const problem = seqSetProblem(members);
      if (problem) return `table group ${group}: ${problem}`;
    }
    // a group of one is its row's sequence number
    for (const seq of typeof members === "number" ? [members] : seqsFrom(members as SeqSet)) {
      const [id, actual] = groupAt.get(seq) ?? [];
      if (actual !== group) return id === undefined ? `table group ${group} lists ${seq}, which is no row` : `table group ${group} lists row ${id}, which is not in it`;
      listed++;
    }
  }
  // every member is a distinct row of its group (a set holds each number once, a row has one group)
  return listed === groupAt.size ? undefined : "table groups do not list every row";
}

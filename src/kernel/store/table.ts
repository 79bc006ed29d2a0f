// A persistent table of rows with an `id`, kept in insertion order: rows live in a 32-way radix trie keyed
// by an insertion sequence number, and a Dict maps id -> sequence. An insert, update or delete touches one
// path of small nodes (cost grows with log32 n), and a page after a marker costs O(log n + page). A table
// made with `groupBy` also keeps, per value of that field (a project id), the ids of its rows in insertion
// order, so one group's page costs the same however many rows the other groups hold.

import { emptyDict, dictGet, dictSet, dictDelete, type Dict } from "./dict.js";
import { latest } from "./draft-read.js";

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

export type RowSlot<T> = RowNode<T> | T | null;
export type RowNode<T> = RowSlot<T>[];
export interface Table<T extends { id: string }> {
  size: number;
  /** next insertion sequence number */
  next: number;
  /** levels of the radix trie; capacity is 32^depth */
  depth: number;
  rows: RowNode<T>;
  index: Dict<number>;
  /** with `groupBy`: the field's value -> the ids of the rows holding it, in insertion order */
  groups?: { by: string; members: Dict<Table<Member>> };
}

/** A group's entry: the row's id (the row itself stays in the table). */
export interface Member {
  id: string;
}

export interface TableOptions<T> {
  /** a string field whose rows are listed together often (`projectId`): each value's rows are indexed */
  groupBy?: keyof T & string;
}

export function emptyTable<T extends { id: string }>(options: TableOptions<T> = {}): Table<T> {
  const table: Table<T> = { size: 0, next: 0, depth: 1, rows: newNode(), index: emptyDict() };
  if (options.groupBy !== undefined) table.groups = { by: options.groupBy, members: emptyDict() };
  return table;
}

const groupOf = <T extends { id: string }>(table: Table<T>, row: T): string | undefined => {
  const value = table.groups && (row as Record<string, unknown>)[table.groups.by];
  return typeof value === "string" ? value : undefined;
};

function join<T extends { id: string }>(table: Table<T>, group: string | undefined, id: string): void {
  if (group === undefined || !table.groups) return;
  const members = dictGet(table.groups.members, group) ?? emptyTable<Member>();
  put(members, { id });
  dictSet(table.groups.members, group, members);
}

function leave<T extends { id: string }>(table: Table<T>, group: string | undefined, id: string): void {
  if (group === undefined || !table.groups) return;
  const members = dictGet(table.groups.members, group);
  if (!members) return;
  remove(members, id);
  if (members.size === 0) dictDelete(table.groups.members, group);
}

function newNode<T>(): RowNode<T> {
  return new Array(WIDTH).fill(null);
}

function digit(seq: number, level: number): number {
  // level counts down from depth-1 (the root) to 0 (the leaves)
  return Math.floor(seq / WIDTH ** level) & MASK;
}

function rowAt<T extends { id: string }>(table: Table<T>, seq: number): T | undefined {
  let node: RowNode<T> = table.rows;
  for (let level = table.depth - 1; level > 0; level--) {
    const child = node[digit(seq, level)] as RowNode<T> | null;
    if (!child) return undefined;
    node = child;
  }
  return (node[digit(seq, 0)] as T | null) ?? undefined;
}

export function get<T extends { id: string }>(table: Table<T>, id: string): T | undefined {
  const seq = dictGet(table.index, id);
  return seq === undefined ? undefined : rowAt(table, seq);
}

export function has<T extends { id: string }>(table: Table<T>, id: string): boolean {
  return dictGet(table.index, id) !== undefined;
}

/** Inserts a new row, or replaces the row with the same id in place (keeping its position). */
export function put<T extends { id: string }>(table: Table<T>, row: T): void {
  const existing = dictGet(table.index, row.id);
  if (existing !== undefined) {
    if (table.groups) {
      // a row that changes group (a volume transferred to another project) joins the new group last
      const before = groupOf(table, rowAt(table, existing)!);
      const after = groupOf(table, row);
      if (before !== after) {
        leave(table, before, row.id);
        join(table, after, row.id);
      }
    }
    setAt(table, existing, row);
    return;
  }
  const seq = table.next++;
  while (seq >= WIDTH ** table.depth) {
    const root = newNode<T>();
    root[0] = table.rows;
    table.rows = root;
    table.depth++;
  }
  setAt(table, seq, row);
  dictSet(table.index, row.id, seq);
  table.size++;
  join(table, groupOf(table, row), row.id);
}

function setAt<T extends { id: string }>(table: Table<T>, seq: number, row: T | null): void {
  let node: RowNode<T> = table.rows;
  for (let level = table.depth - 1; level > 0; level--) {
    const d = digit(seq, level);
    let child = node[d] as RowNode<T> | null;
    if (!child) {
      child = newNode<T>();
      node[d] = child;
    }
    node = child;
  }
  node[digit(seq, 0)] = row;
}

/** Removes the row with this id; returns the removed row. Empty nodes are pruned so scans skip them. */
export function remove<T extends { id: string }>(table: Table<T>, id: string): T | undefined {
  const seq = dictGet(table.index, id);
  if (seq === undefined) return undefined;
  const path: Array<[RowNode<T>, number]> = [];
  let node: RowNode<T> = table.rows;
  for (let level = table.depth - 1; level > 0; level--) {
    const d = digit(seq, level);
    path.push([node, d]);
    node = node[d] as RowNode<T>;
  }
  const row = node[digit(seq, 0)] as T;
  node[digit(seq, 0)] = null;
  for (let i = path.length - 1; i >= 0 && isEmptyNode(node); i--) {
    const [parent, d] = path[i];
    parent[d] = null;
    node = parent;
  }
  dictDelete(table.index, id);
  table.size--;
  leave(table, groupOf(table, row), id);
  return row;
}

/** Whether every slot of a node is empty, read without drafting the rows it holds (draft-read.ts). */
function isEmptyNode<T>(node: RowNode<T>): boolean {
  return latest(node).every((slot) => slot === null);
}

export interface ScanOptions {
  /** start after the row with this id (exclusive) */
  after?: string;
  /** newest first */
  reverse?: boolean;
}

/** Rows in insertion order (or reverse). Unknown `after` ids yield nothing; callers check first. */
export function* scan<T extends { id: string }>(table: Table<T>, options: ScanOptions = {}): Generator<T> {
  const reverse = options.reverse ?? false;
  let start: number;
  if (options.after !== undefined) {
    const seq = dictGet(table.index, options.after);
    if (seq === undefined) return;
    start = reverse ? seq - 1 : seq + 1;
  } else {
    start = reverse ? table.next - 1 : 0;
  }
  if (start < 0 || start >= table.next) return;
  yield* walkFrom(table.rows, table.depth - 1, start, reverse);
}

/**
 * One group's rows (a table made with `groupBy`), in insertion order or reverse, after the row `after`
 * (which must be in the group: otherwise nothing). Costs O(log n + rows read), whatever other groups hold.
 */
export function* scanGroup<T extends { id: string }>(table: Table<T>, group: string, options: ScanOptions = {}): Generator<T> {
  if (!table.groups) throw new Error("scanGroup needs a table made with groupBy");
  const members = dictGet(table.groups.members, group);
  if (!members) return;
  for (const member of scan(members, options)) {
    const row = get(table, member.id);
    if (row) yield row;
  }
}

/** How many rows a group holds (0 for an unknown group). */
export function groupSize<T extends { id: string }>(table: Table<T>, group: string): number {
  if (!table.groups) throw new Error("groupSize needs a table made with groupBy");
  return dictGet(table.groups.members, group)?.size ?? 0;
}

function* walkFrom<T>(node: RowNode<T>, level: number, seq: number, reverse: boolean): Generator<T> {
  const first = digit(seq, level);
  const step = reverse ? -1 : 1;
  for (let d = first; d >= 0 && d < WIDTH; d += step) {
    const slot = node[d];
    if (slot === null || slot === undefined) continue;
    if (level === 0) {
      yield slot as T;
    } else if (d === first) {
      // only the first child starts part-way; later ones are walked whole
      yield* walkFrom(slot as RowNode<T>, level - 1, seq, reverse);
    } else {
      yield* walkFrom(slot as RowNode<T>, level - 1, reverse ? WIDTH ** level - 1 : 0, reverse);
    }
  }
}

export function values<T extends { id: string }>(table: Table<T>): T[] {
  return Array.from(scan(table));
}

export function find<T extends { id: string }>(table: Table<T>, predicate: (row: T) => boolean): T | undefined {
  for (const row of scan(table)) if (predicate(row)) return row;
  return undefined;
}

export function filter<T extends { id: string }>(table: Table<T>, predicate: (row: T) => boolean): T[] {
  const out: T[] = [];
  for (const row of scan(table)) if (predicate(row)) out.push(row);
  return out;
}

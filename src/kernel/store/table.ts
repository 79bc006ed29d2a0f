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
export interface Table<T extends { id: string }> extends Trie<T> {
  /** with `groupBy`: the field's value -> the ids of the rows holding it, in insertion order */
  groups?: Grouping;
  /** with `alsoGroupBy`: more fields indexed the same way (a port's device and network) */
  also?: Grouping[];
}

/** One field's index: each value -> the ids of the rows holding it, in the order they came to hold it. */
export interface Grouping {
  by: string;
  members: Dict<GroupMembers>;
  /** with `skipEmpty`: rows whose field is the empty string are in no group (`indexes` says so) */
  skipEmpty?: true;
}

/**
 * A group: the id of its one row, or a list of its rows' ids once it has two or more. Most groups of a
 * device or name index hold one row, and a list's nodes would cost several hundred bytes each.
 */
export type GroupMembers = string | IdList;

/**
 * A group's rows' ids in the order they joined: a table's trie and index whose rows are the ids themselves
 * (the rows stay in their table). An id is a string already in the heap; an object around it cost 32 bytes
 * a member, and a port is a member of two or three groups.
 */
export type IdList = Trie<string>;

/** What a table and an id list share: rows in a trie by insertion sequence, keys indexed to sequences. */
export interface Trie<S> {
  size: number;
  /** next insertion sequence number */
  next: number;
  /** levels of the radix trie; capacity is 32^depth */
  depth: number;
  rows: RowNode<S>;
  index: Dict<number>;
}

export interface TableOptions<T> {
  /** a string field whose rows are listed together often (`projectId`): each value's rows are indexed */
  groupBy?: keyof T & string;
  /**
   * More string fields indexed the same way, or boolean flags (the rows where it is true are the group
   * "true"). A row's indexed field must change only through `put`, `regroup` or a write followed by
   * `fieldChanged` (a write straight to the field alone leaves the index behind).
   */
  alsoGroupBy?: Array<GroupField<T>>;
  /**
   * Fields of `alsoGroupBy` whose empty string is not indexed: a port's name and device, which most ports
   * leave empty. A group of nearly every row finds nothing a scan would not, and each row's place in it
   * costs a write and memory. A filter on such a value reads rows another way (`indexes` tells).
   */
  skipEmpty?: Array<GroupField<T>>;
}

/**
 * A field a table may index: one of the row's own, or a dotted path into an object field (`scope.project`:
 * the rows whose `scope` holds a `project`, grouped by it). A path's object must never change in place.
 */
export type GroupField<T> = (keyof T & string) | `${keyof T & string}.${string}`;

export function emptyTable<T extends { id: string }>(options: TableOptions<T> = {}): Table<T> {
  const table: Table<T> = { size: 0, next: 0, depth: 1, rows: newNode(), index: emptyDict() };
  if (options.groupBy !== undefined) table.groups = { by: options.groupBy, members: emptyDict() };
  if (options.alsoGroupBy?.length) table.also = options.alsoGroupBy.map((by) => newGrouping(by, options));
  return table;
}

function newGrouping<T>(by: string, options: TableOptions<T>): Grouping {
  return options.skipEmpty?.includes(by as GroupField<T>) ? { by, members: emptyDict(), skipEmpty: true } : { by, members: emptyDict() };
}

/** The options a table was made with (an empty table like it: a rebuild keeps its indexes). */
export function optionsOf<T extends { id: string }>(table: Table<T>): TableOptions<T> {
  return {
    groupBy: table.groups?.by as (keyof T & string) | undefined,
    alsoGroupBy: table.also?.map((g) => g.by as GroupField<T>),
    skipEmpty: table.also?.filter((g) => g.skipEmpty).map((g) => g.by as GroupField<T>),
  };
}

function groupingsOf<T extends { id: string }>(table: Table<T>): Grouping[] {
  if (!table.groups) return table.also ?? [];
  return table.also ? [table.groups, ...table.also] : [table.groups];
}

/** The group a field's value puts a row in: a string is its own group; `true` is the group "true" (a flag's set rows); anything else none. */
export function groupKey(value: unknown): string | undefined {
  return typeof value === "string" ? value : value === true ? "true" : undefined;
}

/** The value at a group field (a dotted path reads into nested objects), undefined where it leads nowhere. */
export function fieldValue(row: unknown, by: string): unknown {
  if (!by.includes(".")) return (row as Record<string, unknown> | undefined)?.[by];
  let value = row;
  for (const part of by.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The group a value puts a row in under this index (none for an empty string it skips). */
function keyIn(grouping: Grouping, value: unknown): string | undefined {
  return grouping.skipEmpty && value === "" ? undefined : groupKey(value);
}

/** The group the row is in under this index, if any. */
export function groupOfRow(grouping: Grouping, row: object): string | undefined {
  return keyIn(grouping, fieldValue(row, grouping.by));
}

/**
 * Whether the table's index of field `by` keeps a group for `value`: false with no such index, or for an
 * empty string it skips. A filter reads the group only then; otherwise it reads the rows another way.
 */
export function indexes<T extends { id: string }>(table: Table<T>, by: string, value: string): boolean {
  const grouping = groupingsOf(table).find((g) => g.by === by);
  return grouping !== undefined && keyIn(grouping, value) !== undefined;
}

/** Puts the row in its group; `fresh`: a row new to the table, which no group can list yet (no lookup). */
function join(grouping: Grouping, group: string | undefined, id: string, fresh = false): void {
  if (group === undefined) return;
  const members = dictGet(grouping.members, group);
  if (members === undefined || members === id) {
    dictSet(grouping.members, group, id);
    return;
  }
  if (typeof members !== "string") {
    if (fresh || !has(members, id)) insert(members, id, id);
    return;
  }
  const list: IdList = { size: 0, next: 0, depth: 1, rows: newNode(), index: emptyDict() };
  insert(list, members, members);
  insert(list, id, id);
  dictSet(grouping.members, group, list);
}

function leave(grouping: Grouping, group: string | undefined, id: string): void {
  if (group === undefined) return;
  const members = dictGet(grouping.members, group);
  if (members === undefined) return;
  if (typeof members === "string") {
    if (members === id) dictDelete(grouping.members, group);
    return;
  }
  if (!cut(members, id)) return;
  if (members.size === 0) dictDelete(grouping.members, group);
  // back to the bare id once one row is left
  else if (members.size === 1) dictSet(grouping.members, group, walkFrom(members.rows, members.depth - 1, 0, false).next().value!);
}

/**
 * Sets a row's indexed field to `value` and moves it between that field's groups (it joins the new group
 * last). The way to change a field an `alsoGroupBy` index keeps.
 */
export function regroup<T extends { id: string }, K extends keyof T & string>(table: Table<T>, row: T, field: K, value: T[K] & string): void {
  const grouping = groupingsOf(table).find((g) => g.by === field);
  const before = (row as Record<string, unknown>)[field];
  row[field] = value;
  if (!grouping || before === value) return;
  leave(grouping, keyIn(grouping, before), row.id);
  join(grouping, keyIn(grouping, value), row.id);
}

/**
 * Moves a row between one field's groups after the field was changed in place from `before` (code that
 * writes several fields at once, then tells the index). Nothing happens when it did not change.
 */
export function fieldChanged<T extends { id: string }>(table: Table<T>, row: T, field: keyof T & string, before: unknown): void {
  const grouping = groupingsOf(table).find((g) => g.by === field);
  const after = (row as Record<string, unknown>)[field];
  if (!grouping || before === after) return;
  leave(grouping, keyIn(grouping, before), row.id);
  join(grouping, keyIn(grouping, after), row.id);
}

/**
 * Adds the indexes `options` names that `table` lacks, built from its rows (a table from a snapshot of a
 * build that did not index that field yet).
 */
export function addMissingGroupings<T extends { id: string }>(table: Table<T>, options: TableOptions<T>): void {
  const missing: Grouping[] = [];
  if (options.groupBy !== undefined && !table.groups) missing.push((table.groups = { by: options.groupBy, members: emptyDict() }));
  for (const by of options.alsoGroupBy ?? []) {
    if (groupingsOf(table).some((g) => g.by === by)) continue;
    const grouping = newGrouping(by, options);
    (table.also ??= []).push(grouping);
    missing.push(grouping);
  }
  if (missing.length === 0) return;
  for (const row of scan(table)) for (const grouping of missing) join(grouping, groupOfRow(grouping, row), row.id);
}

function newNode<T>(): RowNode<T> {
  return new Array(WIDTH).fill(null);
}

function digit(seq: number, level: number): number {
  // level counts down from depth-1 (the root) to 0 (the leaves)
  return Math.floor(seq / WIDTH ** level) & MASK;
}

function rowAt<S>(trie: Trie<S>, seq: number): S | undefined {
  let node: RowNode<S> = trie.rows;
  for (let level = trie.depth - 1; level > 0; level--) {
    const child = node[digit(seq, level)] as RowNode<S> | null;
    if (!child) return undefined;
    node = child;
  }
  return (node[digit(seq, 0)] as S | null) ?? undefined;
}

export function get<T extends { id: string }>(table: Table<T>, id: string): T | undefined {
  const seq = dictGet(table.index, id);
  return seq === undefined ? undefined : rowAt(table, seq);
}

/**
 * The row as it is now, to read only. Inside a recipe `get` drafts the row and every trie node on its path
 * (the caller may change it), a proxy each that the commit walks again; this reads the same row as plain
 * data (draft-read.ts) and drafts nothing, for the lookups that only look (a check, a view, an id to follow).
 * Never change what it answers, nor anything inside it: the change would reach the committed state unseen.
 */
export function peek<T extends { id: string }>(table: Table<T>, id: string): Readonly<T> | undefined {
  const plain = latest(table);
  const seq = dictGet(latest(plain.index), id);
  if (seq === undefined) return undefined;
  let node: RowNode<T> = latest(plain.rows);
  for (let level = plain.depth - 1; level > 0; level--) {
    const child = latest(node[digit(seq, level)] as RowNode<T> | null);
    if (!child) return undefined;
    node = child;
  }
  return latest(node[digit(seq, 0)] as T | null) ?? undefined;
}

export function has<T extends { id: string }>(table: Table<T> | IdList, id: string): boolean {
  return dictGet(table.index, id) !== undefined;
}

/** Inserts a new row, or replaces the row with the same id in place (keeping its position). */
export function put<T extends { id: string }>(table: Table<T>, row: T): void {
  const existing = dictGet(table.index, row.id);
  if (existing !== undefined) {
    const groupings = groupingsOf(table);
    if (groupings.length > 0) {
      // a row that changes group (a volume transferred to another project) joins the new group last
      const old = rowAt(table, existing)!;
      for (const grouping of groupings) {
        const before = groupOfRow(grouping, old);
        const after = groupOfRow(grouping, row);
        if (before !== after) {
          leave(grouping, before, row.id);
          join(grouping, after, row.id);
        }
      }
    }
    setAt(table, existing, row);
    return;
  }
  insert(table, row.id, row);
  for (const grouping of groupingsOf(table)) join(grouping, groupOfRow(grouping, row), row.id, true);
}

/** Adds `value` under the new `key` at the end of the insertion order. */
function insert<S>(trie: Trie<S>, key: string, value: S): void {
  const seq = trie.next++;
  while (seq >= WIDTH ** trie.depth) {
    const root = newNode<S>();
    root[0] = trie.rows;
    trie.rows = root;
    trie.depth++;
  }
  setAt(trie, seq, value);
  dictSet(trie.index, key, seq);
  trie.size++;
}

function setAt<S>(trie: Trie<S>, seq: number, row: S | null): void {
  let node: RowNode<S> = trie.rows;
  for (let level = trie.depth - 1; level > 0; level--) {
    const d = digit(seq, level);
    let child = node[d] as RowNode<S> | null;
    if (!child) {
      child = newNode<S>();
      node[d] = child;
    }
    node = child;
  }
  node[digit(seq, 0)] = row;
}

/**
 * Moves the table's insertion counter on to at least `next` (a rebuilt table continuing an old one's
 * sequence numbers), growing the trie so that the counter stays within its capacity.
 */
export function continueFrom<T extends { id: string }>(table: Table<T>, next: number): void {
  if (next <= table.next) return;
  table.next = next;
  while (table.next > WIDTH ** table.depth) {
    const root = newNode<T>();
    root[0] = table.rows;
    table.rows = root;
    table.depth++;
  }
}

/** Removes the row with this id; returns the removed row. Empty nodes are pruned so scans skip them. */
export function remove<T extends { id: string }>(table: Table<T>, id: string): T | undefined {
  const row = cut(table, id);
  if (row === undefined) return undefined;
  for (const grouping of groupingsOf(table)) leave(grouping, groupOfRow(grouping, row), id);
  return row;
}

/** Takes out what `key` holds (undefined when nothing), pruning the nodes it leaves empty. */
function cut<S>(trie: Trie<S>, key: string): S | undefined {
  const seq = dictGet(trie.index, key);
  if (seq === undefined) return undefined;
  const path: Array<[RowNode<S>, number]> = [];
  let node: RowNode<S> = trie.rows;
  for (let level = trie.depth - 1; level > 0; level--) {
    const d = digit(seq, level);
    path.push([node, d]);
    node = node[d] as RowNode<S>;
  }
  const value = node[digit(seq, 0)] as S;
  node[digit(seq, 0)] = null;
  for (let i = path.length - 1; i >= 0 && isEmptyNode(node); i--) {
    const [parent, d] = path[i];
    parent[d] = null;
    node = parent;
  }
  dictDelete(trie.index, key);
  trie.size--;
  return value;
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
export function scan<T extends { id: string }>(table: Table<T>, options: ScanOptions = {}): Generator<T> {
  return scanTrie(table, options);
}

/** A group's ids in the order they joined (or reverse), after the id `after`, as `scan` reads a table. */
export function scanIds(list: IdList, options: ScanOptions = {}): Generator<string> {
  return scanTrie(list, options);
}

function* scanTrie<S>(trie: Trie<S>, options: ScanOptions): Generator<S> {
  const reverse = options.reverse ?? false;
  let start: number;
  if (options.after !== undefined) {
    const seq = dictGet(trie.index, options.after);
    if (seq === undefined) return;
    start = reverse ? seq - 1 : seq + 1;
  } else {
    start = reverse ? trie.next - 1 : 0;
  }
  if (start < 0 || start >= trie.next) return;
  yield* walkFrom(trie.rows, trie.depth - 1, start, reverse);
}

/**
 * One group's rows (a table made with `groupBy`), in insertion order or reverse, after the row `after`
 * (which must be in the group: otherwise nothing). Costs O(log n + rows read), whatever other groups hold.
 */
export function* scanGroup<T extends { id: string }>(table: Table<T>, group: string, options: ScanOptions & { by?: string } = {}): Generator<T> {
  const grouping = options.by === undefined ? table.groups : groupingsOf(table).find((g) => g.by === options.by);
  if (!grouping) throw new Error(`scanGroup needs a table grouped by ${options.by ?? "its groupBy field"}`);
  const members = dictGet(grouping.members, group);
  if (members === undefined) return;
  if (typeof members === "string") {
    // a group of one: after its row (or after an id it does not hold) there is nothing
    const row = options.after === undefined ? get(table, members) : undefined;
    if (row) yield row;
    return;
  }
  for (const id of scanIds(members, options)) {
    const row = get(table, id);
    if (row) yield row;
  }
}

/**
 * One group's rows in the table's own insertion order, which a group's order is not once a row moved into
 * it (`regroup` makes it join last), with `after` and `reverse` as `scan` has them: the rows past the row
 * `after` in that order, nothing when the table has no such row. Costs O(k log k) for the group's k rows.
 */
export function groupInTableOrder<T extends { id: string }>(table: Table<T>, group: string, options: ScanOptions & { by?: string } = {}): T[] {
  const seq = (row: T) => dictGet(table.index, row.id)!;
  const rows = Array.from(scanGroup(table, group, { by: options.by })).sort((a, b) => seq(a) - seq(b));
  if (options.reverse) rows.reverse();
  if (options.after === undefined) return rows;
  const from = dictGet(table.index, options.after);
  if (from === undefined) return [];
  return rows.filter((row) => (options.reverse ? seq(row) < from : seq(row) > from));
}

/** Whether the table keeps an index of field `by` (its groupBy or one of its alsoGroupBy). */
export function groupedBy<T extends { id: string }>(table: Table<T>, by: string): boolean {
  return groupingsOf(table).some((g) => g.by === by);
}

/** How many rows a group holds (0 for an unknown group). */
export function groupSize<T extends { id: string }>(table: Table<T>, group: string, by?: string): number {
  const grouping = by === undefined ? table.groups : groupingsOf(table).find((g) => g.by === by);
  if (!grouping) throw new Error(`groupSize needs a table grouped by ${by ?? "its groupBy field"}`);
  const members = dictGet(grouping.members, group);
  return members === undefined ? 0 : typeof members === "string" ? 1 : members.size;
}

/** The position of a row in insertion order (its sequence number), or undefined. */
export function seqOf<T extends { id: string }>(table: Table<T>, id: string): number | undefined {
  return dictGet(table.index, id);
}

/**
 * The rows from sequence `seq` on (or back), walked with a stack of its own: one generator frame however
 * deep the trie, where one per level cost every row a resumption of each (a third of a scan's time).
 */
function* walkFrom<T>(root: RowNode<T>, top: number, seq: number, reverse: boolean): Generator<T> {
  const step = reverse ? -1 : 1;
  const edge = reverse ? MASK : 0;
  const nodes: Array<RowNode<T>> = [];
  const next: number[] = [];
  nodes[top] = root;
  next[top] = digit(seq, top);
  // the first descent follows seq's own digits; every node reached after it is walked whole
  let onPath = true;
  let level = top;
  for (;;) {
    const d = next[level]!;
    if (d < 0 || d >= WIDTH) {
      if (level === top) return;
      level++;
      onPath = false;
      continue;
    }
    next[level] = d + step;
    const slot = nodes[level]![d];
    if (slot === null || slot === undefined) {
      onPath = false;
      continue;
    }
    if (level === 0) {
      yield slot as T;
      continue;
    }
    level--;
    nodes[level] = slot as RowNode<T>;
    next[level] = onPath ? digit(seq, level) : edge;
  }
}

/**
 * Rows of several streams over one table (each in insertion order, such as a scan and some scanGroups)
 * merged into one in insertion order, each row once. Costs O(k) a row for k streams.
 */
export function* mergeInOrder<T extends { id: string }>(table: Table<T>, streams: Array<Iterable<T>>, reverse = false): Generator<T> {
  const heads = streams.map((stream) => {
    const it = stream[Symbol.iterator]();
    return { it, row: undefined as T | undefined, seq: Infinity };
  });
  const advance = (head: (typeof heads)[number]) => {
    const next = head.it.next();
    head.row = next.done ? undefined : next.value;
    const seq = next.done ? undefined : dictGet(table.index, next.value.id);
    // newest first (reverse) orders by the negated sequence
    head.seq = seq === undefined ? Infinity : reverse ? -seq : seq;
  };
  for (const head of heads) advance(head);
  let last = Number.NaN;
  for (;;) {
    let min: (typeof heads)[number] | undefined;
    for (const head of heads) if (head.row !== undefined && (min === undefined || head.seq < min.seq)) min = head;
    if (min === undefined) return;
    const row = min.row!;
    const seq = min.seq;
    advance(min);
    if (seq === last) continue;
    last = seq;
    yield row;
  }
}

export function values<T extends { id: string }>(table: Table<T>): T[] {
  return Array.from(scan(table));
}

/**
 * The first row the predicate accepts. Inside a recipe the predicate reads every row as plain data
 * (draft-read.ts) and only the row found is handed back, read again through the table as given (a draft
 * when the table is a draft, or when it holds one), so a search drafts one row, not each row it passes.
 * The predicate must not change the row it is given.
 */
export function find<T extends { id: string }>(table: Table<T>, predicate: (row: T) => boolean): T | undefined {
  for (const row of readRows(table)) if (predicate(row)) return get(table, row.id);
  return undefined;
}

/** Every row the predicate accepts, in insertion order; read as `find` reads (only the rows kept are drafted). */
export function filter<T extends { id: string }>(table: Table<T>, predicate: (row: T) => boolean): T[] {
  const out: T[] = [];
  for (const row of readRows(table)) if (predicate(row)) out.push(get(table, row.id)!);
  return out;
}

/** Every row in insertion order as plain data: inside a recipe, nothing read is drafted. Change nothing through them. */
export function* readRows<T extends { id: string }>(table: Table<T>): Generator<T> {
  const plain = latest(table);
  yield* readWalk(latest(plain.rows), plain.depth - 1);
}

/** Every row in order, as plain data, with a stack of its own (walkFrom's, whole and forward). */
function* readWalk<T>(root: RowNode<T>, top: number): Generator<T> {
  const nodes: Array<RowNode<T>> = [];
  const next: number[] = [];
  nodes[top] = root;
  next[top] = 0;
  let level = top;
  for (;;) {
    const d = next[level]!;
    if (d >= WIDTH) {
      if (level === top) return;
      level++;
      continue;
    }
    next[level] = d + 1;
    const slot = latest(nodes[level]![d]);
    if (slot === null || slot === undefined) continue;
    if (level === 0) {
      yield slot as T;
      continue;
    }
    level--;
    nodes[level] = slot as RowNode<T>;
    next[level] = 0;
  }
}

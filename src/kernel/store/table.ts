// A persistent table of rows with an `id`, kept in insertion order: rows live in a 32-way radix trie keyed
// by an insertion sequence number, and a Dict maps id -> sequence. An insert, update or delete touches one
// path of small nodes (cost grows with log32 n), and a page after a marker costs O(log n + page). A table
// made with `groupBy` also keeps, per value of that field (a project id), the sequence numbers of its rows
// (seq-set.ts), so one group's page costs the same however many rows the other groups hold.

import { emptyDict, dictGet, dictPeek, dictSet, dictDelete, dictEntries, type Dict } from "./dict.js";
import { latest } from "./draft-read.js";
import { freezeSeqSet, seqAdd, seqDelete, seqFirst, seqHas, seqSetOf, seqsFrom, type SeqSet } from "./seq-set.js";

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

export type RowSlot<T> = RowNode<T> | T | null;
export type RowNode<T> = RowSlot<T>[];
export interface Table<T extends { id: string }> extends Trie<T> {
  /** with `groupBy`: the field's value -> the rows holding it, in the table's order */
  groups?: Grouping;
  /** with `alsoGroupBy`: more fields indexed the same way (a port's device and network) */
  also?: Grouping[];
}

/** One field's index: each value -> the rows holding it, by their sequence numbers in the table. */
export interface Grouping {
  by: string;
  members: Dict<GroupMembers>;
  /** with `skipEmpty`: rows whose field is the empty string are in no group (`indexes` says so) */
  skipEmpty?: true;
}

/**
 * A group: the sequence number of its one row, or the set of them once it has two or more. Most groups of
 * a device or name index hold one row. A group never changes in place: a write stores a new one.
 */
export type GroupMembers = number | SeqSet;

/** A table's rows in a trie by insertion sequence, their ids indexed to sequences. */
interface Trie<S> {
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

/** Puts the row (its sequence number) in its group. */
function join(grouping: Grouping, group: string | undefined, seq: number): void {
  if (group === undefined) return;
  const members = dictPeek(grouping.members, group);
  if (members === undefined) dictSet(grouping.members, group, seq);
  else if (typeof members === "number") {
    if (members !== seq) dictSet(grouping.members, group, seqSetOf(members < seq ? [members, seq] : [seq, members]));
  } else {
    const next = seqAdd(members, seq);
    if (next !== members) dictSet(grouping.members, group, next);
  }
}

function leave(grouping: Grouping, group: string | undefined, seq: number): void {
  if (group === undefined) return;
  const members = dictPeek(grouping.members, group);
  if (members === undefined) return;
  if (typeof members === "number") {
    if (members === seq) dictDelete(grouping.members, group);
    return;
  }
  const next = seqDelete(members, seq);
  if (next === members) return;
  if (next === undefined) dictDelete(grouping.members, group);
  // back to the bare number once one row is left
  else dictSet(grouping.members, group, next.size === 1 ? seqFirst(next) : next);
}

/** Moves the row at `seq` from one group of the index to another (nothing when they are the same). */
function move(grouping: Grouping, seq: number, before: unknown, after: unknown): void {
  const from = keyIn(grouping, before);
  const to = keyIn(grouping, after);
  if (from === to) return;
  leave(grouping, from, seq);
  join(grouping, to, seq);
}

/**
 * Sets a row's indexed field to `value` and moves it between that field's groups. The way to change a
 * field an `alsoGroupBy` index keeps.
 */
export function regroup<T extends { id: string }, K extends keyof T & string>(table: Table<T>, row: T, field: K, value: T[K] & string): void {
  const before = (row as Record<string, unknown>)[field];
  row[field] = value;
  fieldChanged(table, row, field, before);
}

/**
 * Moves a row between one field's groups after the field was changed in place from `before` (code that
 * writes several fields at once, then tells the index). Nothing happens when it did not change.
 */
export function fieldChanged<T extends { id: string }>(table: Table<T>, row: T, field: keyof T & string, before: unknown): void {
  const grouping = groupingsOf(table).find((g) => g.by === field);
  const after = (row as Record<string, unknown>)[field];
  if (!grouping || before === after) return;
  const seq = dictPeek(table.index, row.id);
  if (seq !== undefined) move(grouping, seq, before, after);
}

/**
 * Adds the indexes `options` names that `table` lacks, built from its rows (a table from a snapshot of a
 * build that did not index that field yet), and freezes the groups it has (their sets arrive from JSON).
 */
export function addMissingGroupings<T extends { id: string }>(table: Table<T>, options: TableOptions<T>): void {
  for (const grouping of groupingsOf(table)) for (const [, members] of dictEntries(grouping.members)) if (typeof members !== "number") freezeSeqSet(members);
  const missing: Grouping[] = [];
  if (options.groupBy !== undefined && !table.groups) missing.push((table.groups = { by: options.groupBy, members: emptyDict() }));
  for (const by of options.alsoGroupBy ?? []) {
    if (groupingsOf(table).some((g) => g.by === by)) continue;
    const grouping = newGrouping(by, options);
    (table.also ??= []).push(grouping);
    missing.push(grouping);
  }
  fillGroupings(table, missing);
}

/**
 * Replaces the table's indexes with the ones `options` names, built from its rows: a table from a snapshot
 * of a build that kept its groups another way keeps its rows and is indexed as this build indexes it.
 */
export function rebuildGroupings<T extends { id: string }>(table: Table<T>, options: TableOptions<T>): void {
  delete table.groups;
  delete table.also;
  if (options.groupBy !== undefined) table.groups = { by: options.groupBy, members: emptyDict() };
  if (options.alsoGroupBy?.length) table.also = options.alsoGroupBy.map((by) => newGrouping(by, options));
  fillGroupings(table, groupingsOf(table));
}

/** Fills empty indexes from the table's rows in one pass, each group's set built at once. */
function fillGroupings<T extends { id: string }>(table: Table<T>, groupings: Grouping[]): void {
  if (groupings.length === 0) return;
  const seqs = groupings.map(() => new Map<string, number[]>());
  for (const [, seq] of dictEntries(table.index)) {
    const row = rowAt(table, seq)!;
    groupings.forEach((grouping, g) => {
      const group = groupOfRow(grouping, row);
      if (group === undefined) return;
      const list = seqs[g]!.get(group);
      if (list) list.push(seq);
      else seqs[g]!.set(group, [seq]);
    });
  }
  groupings.forEach((grouping, g) => {
    for (const [group, list] of seqs[g]!) {
      list.sort((a, b) => a - b);
      dictSet(grouping.members, group, list.length === 1 ? list[0]! : seqSetOf(list));
    }
  });
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
  return seq === undefined ? undefined : rowPeek(plain, seq);
}

/** The row at `seq`, read as `peek` reads it. */
function rowPeek<T extends { id: string }>(table: Table<T>, seq: number): Readonly<T> | undefined {
  const plain = latest(table);
  let node: RowNode<T> = latest(plain.rows);
  for (let level = plain.depth - 1; level > 0; level--) {
    const child = latest(node[digit(seq, level)] as RowNode<T> | null);
    if (!child) return undefined;
    node = child;
  }
  return latest(node[digit(seq, 0)] as T | null) ?? undefined;
}

export function has<T extends { id: string }>(table: Table<T>, id: string): boolean {
  return dictGet(table.index, id) !== undefined;
}

/** Inserts a new row, or replaces the row with the same id in place (keeping its position). */
export function put<T extends { id: string }>(table: Table<T>, row: T): void {
  const existing = dictGet(table.index, row.id);
  if (existing !== undefined) {
    const groupings = groupingsOf(table);
    if (groupings.length > 0) {
      // a row that changes group (a volume transferred to another project) moves between the groups
      const old = rowPeek(table, existing)!;
      for (const grouping of groupings) move(grouping, existing, fieldValue(old, grouping.by), fieldValue(row, grouping.by));
    }
    setAt(table, existing, row);
    return;
  }
  const seq = insert(table, row.id, row);
  for (const grouping of groupingsOf(table)) join(grouping, groupOfRow(grouping, row), seq);
}

/** Adds `value` under the new `key` at the end of the insertion order; answers its sequence number. */
function insert<S>(trie: Trie<S>, key: string, value: S): number {
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
  return seq;
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
  const seq = dictGet(table.index, id);
  if (seq === undefined) return undefined;
  const row = cut(table, id, seq);
  for (const grouping of groupingsOf(table)) leave(grouping, groupOfRow(grouping, row), seq);
  return row;
}

/** Takes out the row `key` holds at `seq`, pruning the nodes it leaves empty. */
function cut<S>(trie: Trie<S>, key: string, seq: number): S {
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
 * One group's rows (a table made with `groupBy`, or the index `by`) in the table's order or reverse, after
 * the row `after` (which must be in the group: otherwise nothing). Costs O(log n + rows read), whatever
 * other groups hold.
 */
export function scanGroup<T extends { id: string }>(table: Table<T>, group: string, options: ScanOptions & { by?: string } = {}): Generator<T> {
  return groupRows(table, group, options, true);
}

/**
 * One group's rows as `scanGroup` reads them, with `after` as `scan` has it: the group's rows past the row
 * `after` in the table (which need not be in the group), nothing when the table has no such row.
 */
export function scanGroupPast<T extends { id: string }>(table: Table<T>, group: string, options: ScanOptions & { by?: string } = {}): Generator<T> {
  return groupRows(table, group, options, false);
}

/** One group's rows in the table's order, as plain data (`peek`'s read): inside a recipe nothing read is drafted. Change nothing through them. */
export function* readGroup<T extends { id: string }>(table: Table<T>, group: string, by?: string): Generator<Readonly<T>> {
  const plain = latest(table);
  const grouping = by === undefined ? plain.groups : groupingsOf(plain).find((g) => g.by === by);
  if (!grouping) throw new Error(`a group's rows need a table grouped by ${by ?? "its groupBy field"}`);
  const members = dictPeek(grouping.members, group);
  if (members === undefined) return;
  for (const seq of typeof members === "number" ? [members] : seqsFrom(members)) {
    const row = rowPeek(plain, seq);
    if (row) yield row;
  }
}

function* groupRows<T extends { id: string }>(table: Table<T>, group: string, options: ScanOptions & { by?: string }, afterInGroup: boolean): Generator<T> {
  const grouping = options.by === undefined ? table.groups : groupingsOf(table).find((g) => g.by === options.by);
  if (!grouping) throw new Error(`a group's rows need a table grouped by ${options.by ?? "its groupBy field"}`);
  const members = dictPeek(grouping.members, group);
  if (members === undefined) return;
  let after: number | undefined;
  if (options.after !== undefined) {
    after = dictPeek(table.index, options.after);
    if (after === undefined) return;
    if (afterInGroup && !(typeof members === "number" ? members === after : seqHas(members, after))) return;
  }
  if (typeof members === "number") {
    const past = after === undefined || (options.reverse ? members < after : members > after);
    const row = past ? rowAt(table, members) : undefined;
    if (row) yield row;
    return;
  }
  for (const seq of seqsFrom(members, after, options.reverse)) {
    const row = rowAt(table, seq);
    if (row) yield row;
  }
}

/** Whether the table keeps an index of field `by` (its groupBy or one of its alsoGroupBy). */
export function groupedBy<T extends { id: string }>(table: Table<T>, by: string): boolean {
  return groupingsOf(table).some((g) => g.by === by);
}

/** How many rows a group holds (0 for an unknown group). */
export function groupSize<T extends { id: string }>(table: Table<T>, group: string, by?: string): number {
  const grouping = by === undefined ? table.groups : groupingsOf(table).find((g) => g.by === by);
  if (!grouping) throw new Error(`groupSize needs a table grouped by ${by ?? "its groupBy field"}`);
  const members = dictPeek(grouping.members, group);
  return members === undefined ? 0 : typeof members === "number" ? 1 : members.size;
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

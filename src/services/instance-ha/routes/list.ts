// Masakari's list semantics (masakari/api/openstack/common.py, db/sqlalchemy/api.py): filters, repeated
// sort_key/sort_dir (default created_at desc), limit (at most the emulator's page size) and marker (a
// uuid; unknown is a 400 MarkerNotFound). The default order streams over the table and stops at the page.

import { queryParam, queries, type Ctx } from "../../../kernel/http/context.js";
import { dictGet } from "../../../kernel/store/dict.js";
import { find, get, scan, type Table } from "../../../kernel/store/table.js";
import { seqKey, type InstanceHaState, type SeqKind } from "../state.js";
import { badRequest } from "../errors.js";
import { queryBool } from "../schemas/parameter-types.js";

export interface ListQuery {
  limit: number;
  marker: string | undefined;
  sort: Array<[string, "asc" | "desc"]>;
}

export function listQuery(c: Ctx, maxLimit: number, sortKeys: readonly string[]): ListQuery {
  const rawLimit = queryParam(c, "limit");
  let limit = maxLimit;
  if (rawLimit !== undefined) {
    if (!/^-?\d+$/.test(rawLimit.trim())) throw badRequest("limit param must be an integer");
    const n = Number(rawLimit);
    if (n < 0) throw badRequest("limit param must be positive");
    limit = Math.min(n, maxLimit);
  }
  const dirs = queries(c)["sort_dir"] ?? [];
  for (const dir of dirs) if (dir !== "asc" && dir !== "desc") throw badRequest("Unknown sort direction, must be 'desc' or 'asc'");
  // a direction without a key sorts by created_at
  const keys = queries(c)["sort_key"] ?? (dirs.length ? ["created_at"] : []);
  const sort = keys.map((key, i): [string, "asc" | "desc"] => {
    if (!sortKeys.includes(key)) throw badRequest(`Invalid sort_key: ${key}`);
    return [key, (dirs[i] ?? dirs[0] ?? "desc") as "asc" | "desc"];
  });
  return { limit, marker: queryParam(c, "marker"), sort };
}

/** A boolean filter (strict, as oslo's bool_from_string): 400 for anything else. */
export function boolFilter(c: Ctx, name: string): boolean | undefined {
  const raw = queryParam(c, name);
  if (raw === undefined) return undefined;
  const value = queryBool(raw);
  if (value === undefined) throw badRequest(`Unrecognized value '${raw}' for ${name}, acceptable values are: true, false, 1, 0, yes, no, on, off, t, f, y, n`);
  return value;
}

type Value = string | number | boolean | null;

/**
 * The marker as a row's uuid: users pass a uuid, the SDK the integer `id` of the page's last row (looked
 * up in `seqIds`; vmoves, a notification's few, are scanned). 400 MarkerNotFound for neither.
 */
function markerRow<T extends { id: string; seq: number }>(table: Table<T>, marker: string, bySeq: (seq: number) => string | undefined): string {
  if (get(table, marker)) return marker;
  if (/^\d+$/.test(marker)) {
    const id = bySeq(Number(marker));
    if (id !== undefined && get(table, id)) return id;
  }
  throw badRequest(`Marker ${marker} could not be found.`);
}

/** `bySeq` for a table whose integer ids are in seqIds under `kind`. */
export const seqLookup = (s: InstanceHaState, kind: SeqKind) => (seq: number) => dictGet(s.seqIds, seqKey(kind, seq));

/** `bySeq` by scanning (a notification's vmoves). */
export const seqScan = <T extends { id: string; seq: number }>(table: Table<T>) => (seq: number) => find(table, (r) => r.seq === seq)?.id;

/** One page of the rows that `match`, ordered as `query` asks (`value` reads a sort key of a row). */
export function listPage<T extends { id: string; seq: number }>(
  table: Table<T>,
  query: ListQuery,
  match: (row: T) => boolean,
  value: (row: T, key: string) => Value,
  bySeq: (seq: number) => string | undefined,
): T[] {
  if (query.marker !== undefined) query = { ...query, marker: markerRow(table, query.marker, bySeq) };
  const byCreation = query.sort.length === 0 || (query.sort.length === 1 && query.sort[0]![0] === "created_at");
  if (byCreation) {
    // insertion order is creation order
    const reverse = query.sort[0]?.[1] !== "asc";
    const items: T[] = [];
    for (const row of scan(table, { after: query.marker, reverse })) {
      if (items.length === query.limit) break;
      if (match(row)) items.push(row);
    }
    return items;
  }
  const rows: T[] = [];
  for (const row of scan(table)) if (match(row) || row.id === query.marker) rows.push(row);
  const compare = (x: Value, y: Value) => (x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1);
  rows.sort((a, b) => {
    for (const [key, dir] of query.sort) {
      const order = compare(value(a, key), value(b, key));
      if (order !== 0) return dir === "asc" ? order : -order;
    }
    // ties: Masakari adds id to the sort keys, in the last key's direction
    return query.sort.at(-1)![1] === "asc" ? a.seq - b.seq : b.seq - a.seq;
  });
  const start = query.marker === undefined ? 0 : rows.findIndex((r) => r.id === query.marker) + 1;
  return rows.slice(start).filter(match).slice(0, query.limit);
}

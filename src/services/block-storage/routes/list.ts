// Cinder list semantics shared by its collections (cinder/api/common.py, v3 filters): scope (a project's
// own; an admin's all_tenants, which others may send and Cinder ignores), limit/marker/offset, sort
// (`sort=key:dir,...` or sort_key/sort_dir), newest first by default. Unsorted pages stream over the table
// (one project's rows only, where the table is grouped by project) and stop one row past the page.

import { queryParam, queries, type Ctx } from "../../../kernel/http/context.js";
import type { Caller } from "../../../kernel/operation.js";
import { get, groupedBy, scanGroupPast, scan, scanGroup, type ScanOptions, type Table } from "../../../kernel/store/table.js";
import { badRequest, invalidInput, itemNotFound } from "../errors.js";
import { queryBool } from "../schemas/parameter-types.js";

export interface Scoped {
  id: string;
  projectId: string;
}

export interface ListQuery {
  limit: number;
  marker: string | undefined;
  offset: number;
  sort: Array<[string, "asc" | "desc"]>;
  /** the projects listed: undefined for all (an admin's all_tenants without project_id) */
  projectId: string | undefined;
  /** the exact `name` filter, when the route has one: rows are read from the table's name index */
  name?: string;
}

function intParam(c: Ctx, name: string): number | undefined {
  const raw = queryParam(c, name);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) throw invalidInput(`${name} param must be an integer`);
  const n = Number(raw);
  if (n < 0) throw invalidInput(`${name} param must be positive`);
  return n;
}

export function listQuery(c: Ctx, caller: Caller, maxLimit: number, sortKeys: readonly string[]): ListQuery {
  const allTenants = queryBool(queryParam(c, "all_tenants") ?? "false") ?? false;
  const projectParam = queryParam(c, "project_id");
  const projectId = caller.isAdmin && allTenants ? projectParam : caller.projectId;
  const limit = Math.min(intParam(c, "limit") ?? maxLimit, maxLimit);
  const sort: Array<[string, "asc" | "desc"]> = [];
  const sortParam = queryParam(c, "sort");
  if (sortParam !== undefined) {
    for (const part of sortParam.split(",")) {
      const [key, dir = "desc"] = part.trim().split(":");
      sort.push([key!, dir as "asc" | "desc"]);
    }
  } else {
    const keys = queries(c)["sort_key"] ?? [];
    const dirs = queries(c)["sort_dir"] ?? [];
    keys.forEach((k, i) => sort.push([k, (dirs[i] ?? dirs[0] ?? "desc") as "asc" | "desc"]));
  }
  for (const [key, dir] of sort) {
    if (!sortKeys.includes(key)) throw invalidInput(`Invalid sort key: ${key}`);
    if (dir !== "asc" && dir !== "desc") throw invalidInput(`Invalid sort direction: ${dir}`);
  }
  return { limit, marker: queryParam(c, "marker"), offset: intParam(c, "offset") ?? 0, sort, projectId };
}

export interface ListPage<T> {
  items: T[];
  /** every matching row, for with_count */
  count: () => number;
}

/**
 * One page of `table` as `query` asks: rows of the listed projects that `match`, after the marker (which
 * must be one of those projects' rows, else 404 as Cinder's MarkerNotFound), sorted by `value` per key.
 */
export function listPage<T extends Scoped>(
  table: Table<T>,
  query: ListQuery,
  match: (row: T) => boolean,
  value: (row: T, key: string) => string | number | boolean | null,
): ListPage<T> {
  const inScope = (row: T) => query.projectId === undefined || row.projectId === query.projectId;
  const wanted = (row: T) => inScope(row) && match(row);
  if (query.marker !== undefined) {
    const row = get(table, query.marker);
    if (!row || !inScope(row)) throw itemNotFound(`Marker ${query.marker} could not be found.`);
  }
  // the rows so named come from the name index; one project's from its group
  const rowsInScope = (options: ScanOptions = {}): Iterable<T> => {
    if (query.name !== undefined && groupedBy(table, "name")) return scanGroupPast(table, query.name, { ...options, by: "name" });
    return query.projectId !== undefined && table.groups ? scanGroup(table, query.projectId, options) : scan(table, options);
  };
  const count = () => {
    let n = 0;
    for (const row of rowsInScope()) if (wanted(row)) n++;
    return n;
  };
  const sorted = query.sort.length > 0 && !(query.sort.length === 1 && query.sort[0]![0] === "created_at");
  if (!sorted) {
    // insertion order is creation order: newest first unless created_at:asc
    const reverse = !(query.sort.length === 1 && query.sort[0]![1] === "asc");
    const items: T[] = [];
    let skip = query.offset;
    for (const row of rowsInScope({ after: query.marker, reverse })) {
      if (!wanted(row)) continue;
      if (skip > 0) {
        skip--;
        continue;
      }
      if (items.length === query.limit) break;
      items.push(row);
    }
    return { items, count };
  }
  const rows: T[] = [];
  for (const row of rowsInScope({ reverse: true })) if (wanted(row) || row.id === query.marker) rows.push(row);
  rows.sort((a, b) => {
    for (const [key, dir] of query.sort) {
      const x = value(a, key);
      const y = value(b, key);
      if (x === y) continue;
      const less = x === null ? true : y === null ? false : x < y;
      return (less ? -1 : 1) * (dir === "asc" ? 1 : -1);
    }
    return 0;
  });
  let start = 0;
  if (query.marker !== undefined) start = rows.findIndex((r) => r.id === query.marker) + 1;
  const items = rows.slice(start).filter(wanted).slice(query.offset, query.offset + query.limit);
  return { items, count };
}

/** Cinder's metadata filter: a dict as JSON or as Python's repr (`{'k': 'v'}`). */
export function metadataFilter(raw: string | undefined): Record<string, string> | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw.replace(/'/g, '"'));
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error();
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    throw badRequest(`Invalid filter: metadata must be a dictionary, got ${raw}`);
  }
}

// Shared limit/marker paging over a Table, OpenStack style: a page costs O(page) plus whatever rows the
// filter skips, never a copy of the collection. Services render the `*_links` rel=next from `more`.

import { has, scan, type Table } from "./store/table.js";

export interface PageRequest<T> {
  limit?: number;
  marker?: string;
  reverse?: boolean;
  filter?: (row: T) => boolean;
}

export interface Page<T> {
  items: T[];
  /** true when at least one more matching row follows the page */
  more: boolean;
}

export class UnknownMarker extends Error {
  constructor(readonly marker: string) {
    super(`marker [${marker}] not found`);
  }
}

export function paginate<T extends { id: string }>(table: Table<T>, request: PageRequest<T>, maxLimit: number): Page<T> {
  if (request.marker !== undefined && !has(table, request.marker)) throw new UnknownMarker(request.marker);
  const limit = Math.min(request.limit ?? maxLimit, maxLimit);
  const items: T[] = [];
  for (const row of scan(table, { after: request.marker, reverse: request.reverse })) {
    if (request.filter && !request.filter(row)) continue;
    if (items.length === limit) return { items, more: true };
    items.push(row);
  }
  return { items, more: false };
}

/** Parses a `limit` query value: a non-negative integer, else undefined (callers reject with their own 400). */
export function parseLimit(value: string | undefined): number | undefined | "invalid" {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return "invalid";
  return Number(value);
}

// Shared limit/marker paging over a Table, OpenStack style: a page costs O(page) plus whatever rows the
// filter skips, never a copy of the collection. The link styles of the upstream APIs are declared below:
// a service picks its own (Nova's and Neutron's `<plural>_links` next, Keystone's `links` object).

import { groupedBy, has, scan, scanGroupPast, type Table } from "./store/table.js";

export interface PageRequest<T> {
  limit?: number;
  marker?: string;
  reverse?: boolean;
  filter?: (row: T) => boolean;
  /**
   * Every row the filter passes is in this group of a table made with `groupBy` (one project's), or of its
   * index `by`: only the group's rows are read, so the page costs the same however many rows other groups hold.
   */
  group?: string;
  by?: string;
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
  const options = { after: request.marker, reverse: request.reverse };
  // a group lists its rows in the table's order, so the rows past the marker are the same either way
  const grouped = request.group !== undefined && (request.by === undefined ? table.groups !== undefined : groupedBy(table, request.by));
  for (const row of grouped ? scanGroupPast(table, request.group!, { ...options, by: request.by }) : scan(table, options)) {
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

/** Where a list was asked for: the base URL the service answers with, the path and the query as sent. */
export interface ListUrl {
  base: string;
  path: string;
  query: string | URLSearchParams;
}

export interface NextLink {
  rel: "next";
  href: string;
}

/** The same request again with `marker` set: every other query parameter (limit, filters, sort) kept. */
export function markerUrl(url: ListUrl, marker: string): string {
  const query = new URLSearchParams(url.query);
  query.set("marker", marker);
  return `${url.base}${url.path}?${query.toString()}`;
}

// The link styles take the URL and the page's last key as functions: most pages link nothing, and parsing
// the request's URL for each would cost every list.

/**
 * Nova (nova/api/openstack/common.py, ViewBuilder._get_collection_links): `<plural>_links` [next] whenever
 * the page is full, even when nothing follows; `lastKey` is the page's last marker.
 */
export function novaNextLinks(url: () => ListUrl, count: number, limit: number, lastKey: () => string): NextLink[] | undefined {
  return count > 0 && count === limit ? [{ rel: "next", href: markerUrl(url(), lastKey()) }] : undefined;
}

/** Neutron (neutron/api/api_common.py): `<plural>_links` [next] only when more rows follow the page. */
export function neutronNextLinks(url: () => ListUrl, more: boolean, lastKey: () => string): NextLink[] | undefined {
  return more ? [{ rel: "next", href: markerUrl(url(), lastKey()) }] : undefined;
}

/** Keystone: every collection's `links` {self, previous, next}; self as the client addressed it, no paging. */
export function keystoneLinks(self: string): { self: string; previous: null; next: null } {
  return { self, previous: null, next: null };
}

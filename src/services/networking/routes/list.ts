// Neutron list semantics shared by every collection: filters on any attribute of the rendered record
// (a repeated parameter means OR, different ones AND, booleans as True/False; the tag filters as
// standard-attr-tag defines them), `fields=` selection,
// `limit`/`marker` paging with `<plural>_links`, and `sort_key`/`sort_dir`. An unknown filter is 400.

import { queryParam, queries, type Ctx } from "../../../kernel/http/context.js";
import { neutronNextLinks, type ListUrl } from "../../../kernel/pagination.js";
import { own } from "../../../kernel/own.js";
import { invalidAttribute, invalidInput } from "../errors.js";

/** Neutron links from the URL as the request reached it, with no forwarded host applied. */
function requestUrl(c: Ctx): ListUrl {
  const url = new URL(c.req.url);
  return { base: url.origin, path: url.pathname, query: url.searchParams };
}

/** Query parameters that steer the listing rather than filter it. */
const CONTROL_PARAMS = new Set(["fields", "limit", "marker", "page_reverse", "sort_key", "sort_dir", "verbose"]);

type View = Record<string, unknown>;

function matches(value: unknown, wanted: string[]): boolean {
  if (Array.isArray(value)) return value.some((v) => matches(v, wanted));
  return wanted.some((w) => {
    if (value === null || value === undefined) return w === "" || w.toLowerCase() === "none";
    if (typeof value === "boolean") return w.toLowerCase() === String(value);
    if (typeof value === "object") return false;
    return String(value) === w;
  });
}

/**
 * The standard-attr-tag filters: `tags` (every tag given), `tags-any` (at least one), `not-tags` (not all
 * of them), `not-tags-any` (none of them). Each takes a comma-separated list; repeated, the lists join.
 */
const TAG_FILTERS: Record<string, (tags: readonly unknown[], wanted: string[]) => boolean> = {
  tags: (tags, wanted) => wanted.every((w) => tags.includes(w)),
  "tags-any": (tags, wanted) => wanted.some((w) => tags.includes(w)),
  "not-tags": (tags, wanted) => !wanted.every((w) => tags.includes(w)),
  "not-tags-any": (tags, wanted) => !wanted.some((w) => tags.includes(w)),
};

function filterMatches(view: View, key: string, wanted: string[]): boolean {
  const tagTest = Object.hasOwn(TAG_FILTERS, key) ? TAG_FILTERS[key] : undefined;
  if (tagTest) {
    const tags = view.tags;
    return tagTest(Array.isArray(tags) ? tags : [], wanted.flatMap((w) => w.split(",")).filter((w) => w !== ""));
  }
  return matches(view[key], wanted);
}

/** Picks `fields=` keys; with none asked, the whole record. */
export function selectFields(view: View, fields: string[]): View {
  if (fields.length === 0) return view;
  const out: View = {};
  for (const f of fields) if (Object.hasOwn(view, f)) out[f] = view[f];
  return out;
}

export function fieldsOf(c: Ctx): string[] {
  return (queries(c)["fields"] ?? []).flatMap((f) => f.split(",")).filter((f) => f !== "");
}

/** Keeps the rows that pass, lazily (before they are rendered). */
export function* lazyFilter<A>(rows: Iterable<A>, keep: (row: A) => boolean): Generator<A> {
  for (const row of rows) if (keep(row)) yield row;
}

/** Renders lazily: listBody stops pulling rows once a page is full. */
export function* lazyMap<A, B>(rows: Iterable<A>, render: (row: A) => B): Generator<B> {
  for (const row of rows) yield render(row);
}

export interface ListOptions {
  /** query parameters the route filters on itself, before listBody (not attributes of the record) */
  ownFilters?: readonly string[];
}

/**
 * Renders a collection response body `{<plural>: [...], <plural>_links?: [...]}` from visible records,
 * rendered lazily by the caller (lazyMap). Without sort_key, rows are pulled only until the page after the
 * marker is full (plus one, to know whether a next link is due): a page costs O(rows before it + page),
 * not a render of the whole collection. A filter may name any attribute of the rendered record.
 */
export function listBody(c: Ctx, plural: string, views: Iterable<View>, maxLimit: number, options: ListOptions = {}): Record<string, unknown> {
  const filters: Array<[string, string[]]> = [];
  for (const [key, values] of Object.entries(queries(c))) {
    if (!CONTROL_PARAMS.has(key) && !options.ownFilters?.includes(key)) filters.push([key, values]);
  }
  const limitRaw = queryParam(c, "limit");
  let limit: number | undefined;
  if (limitRaw !== undefined) {
    if (!/^\d+$/.test(limitRaw)) throw invalidAttribute("limit", `'${limitRaw}' is not an integer`);
    limit = Math.min(Number(limitRaw), maxLimit) || undefined;
  }
  const marker = queryParam(c, "marker");
  const fields = fieldsOf(c);
  const sortKeys = queries(c)["sort_key"] ?? [];
  // sorting needs every matching row; otherwise stop one row past the page
  const stopAt = sortKeys.length === 0 && limit !== undefined ? limit + 1 : Infinity;

  let rows: View[] = [];
  let first = true;
  let markerSeen = marker === undefined || sortKeys.length > 0;
  for (const view of views) {
    if (first) {
      for (const [key] of filters) {
        const attribute = Object.hasOwn(TAG_FILTERS, key) ? "tags" : key;
        if (!Object.hasOwn(view, attribute)) throw invalidInput(`${key} is not a valid filter for ${plural}`);
      }
      first = false;
    }
    if (!filters.every(([key, wanted]) => filterMatches(view, key, wanted))) continue;
    if (!markerSeen) {
      if (view.id === marker) markerSeen = true;
      continue;
    }
    rows.push(view);
    if (rows.length >= stopAt) break;
  }
  if (sortKeys.length > 0) {
    const dirs = queries(c)["sort_dir"] ?? [];
    rows = [...rows].sort((a, b) => {
      for (let i = 0; i < sortKeys.length; i++) {
        const k = sortKeys[i];
        const dir = (dirs[i] ?? "asc") === "desc" ? -1 : 1;
        const av = own(a, k) as string | number;
        const bv = own(b, k) as string | number;
        if (av === bv) continue;
        return (av === null || av === undefined ? -1 : bv === null || bv === undefined ? 1 : av < bv ? -1 : 1) * dir;
      }
      return 0;
    });
    if (marker !== undefined) {
      const at = rows.findIndex((r) => r.id === marker);
      if (at < 0) throw invalidInput(`marker ${marker} was not found`);
      rows = rows.slice(at + 1);
    }
  } else if (!markerSeen) {
    throw invalidInput(`marker ${marker} was not found`);
  }
  const body: Record<string, unknown> = {};
  const page = limit !== undefined ? rows.slice(0, limit) : rows;
  body[plural] = page.map((v) => selectFields(v, fields));
  const links = limit !== undefined && neutronNextLinks(() => requestUrl(c), rows.length > limit, () => String(page[page.length - 1].id));
  if (links) body[`${plural}_links`] = links;
  return body;
}

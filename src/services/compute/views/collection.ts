// Nova's collection conventions for the rest of the compute API: self/bookmark links, limit/marker paging
// (nova/api/openstack/common.py) and the `<plural>_links` next link, which Nova adds whenever a page is full.

import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { novaNextLinks, type ListUrl } from "../../../kernel/pagination.js";
import { badRequest } from "../errors.js";

export interface Link {
  rel: string;
  href: string;
  type?: string;
}

/** `{base}/compute/v2.1/<collection>/<id>` (self) and `{base}/compute/<collection>/<id>` (bookmark). */
export function resourceLinks(c: Ctx, collection: string, id: string): Link[] {
  const base = baseUrl(c);
  return [
    { rel: "self", href: `${base}/compute/v2.1/${collection}/${id}` },
    { rel: "bookmark", href: `${base}/compute/${collection}/${id}` },
  ];
}

export interface PageParams {
  limit: number | undefined;
  marker: string | undefined;
}

/** `limit` (a non-negative integer) and `marker` from the query; anything else is 400. */
export function pageParams(c: Ctx): PageParams {
  const raw = queryParam(c, "limit");
  let limit: number | undefined;
  if (raw !== undefined) {
    if (!/^-?\d+$/.test(raw.trim())) throw badRequest("limit param must be an integer");
    limit = Number(raw);
    if (limit < 0) throw badRequest("limit param must be positive");
  }
  return { limit, marker: queryParam(c, "marker") };
}

export interface Paged<T> {
  items: T[];
  /** `<plural>_links` when the page is full, else undefined */
  links: Link[] | undefined;
}

/** The servers list's words for a marker it does not know. */
const markerNotListed = (marker: string) => badRequest(`marker [${marker}] not found`);

/** Nova's MarkerNotFound (instance actions, migrations). */
export const markerNotFound = (marker: string) => badRequest(`Marker ${marker} could not be found.`);

/**
 * One page of an ordered list: the items after `marker` (unknown marker: 400), at most `limit` (capped by
 * maxLimit). The next link keeps the request's other query parameters.
 */
export function page<T>(c: Ctx, rows: T[], keyOf: (row: T) => string, params: PageParams, maxLimit: number, unknown = markerNotListed): Paged<T> {
  let start = 0;
  if (params.marker !== undefined) {
    const at = rows.findIndex((r) => keyOf(r) === params.marker);
    if (at < 0) throw unknown(params.marker);
    start = at + 1;
  }
  const limit = Math.min(params.limit || maxLimit, maxLimit);
  const items = rows.slice(start, start + limit);
  return { items, links: novaNextLinks(() => listUrl(c), items.length, limit, () => keyOf(items[items.length - 1])) };
}

/** The list's URL as Nova links it: the base URL clients reach, the path and query as sent. */
export function listUrl(c: Ctx): ListUrl {
  const url = new URL(c.req.url);
  return { base: baseUrl(c), path: url.pathname, query: url.searchParams };
}

/** `{<plural>: items, <plural>_links?: links}` */
export function collectionBody(plural: string, items: unknown[], links: Link[] | undefined): Record<string, unknown> {
  return links ? { [plural]: items, [`${plural}_links`]: links } : { [plural]: items };
}

/** A non-negative integer filter such as minRam; anything else is 400 `Invalid <name> filter [<value>]`. */
export function intQuery(c: Ctx, name: string): number | undefined {
  const raw = queryParam(c, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim())) throw badRequest(`Invalid ${name} filter [${raw}]`);
  return Number(raw);
}

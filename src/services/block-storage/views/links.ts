// Cinder's links and paging: self (`/volume/v3/{project}/<collection>/<id>`) and bookmark
// (`/volume/{project}/<collection>/<id>`), and the `<plural>_links` next link a full page carries.

import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { novaNextLinks, type ListUrl } from "../../../kernel/pagination.js";

export interface Link {
  rel: string;
  href: string;
}

export function resourceLinks(c: Ctx, projectId: string, collection: string, id: string): Link[] {
  const base = baseUrl(c);
  return [
    { rel: "self", href: `${base}/volume/v3/${projectId}/${collection}/${id}` },
    { rel: "bookmark", href: `${base}/volume/${projectId}/${collection}/${id}` },
  ];
}

function listUrl(c: Ctx): ListUrl {
  const url = new URL(c.req.url);
  return { base: baseUrl(c), path: url.pathname, query: url.searchParams };
}

/**
 * `{<plural>: items, <plural>_links?: [next]}`: as Cinder (cinder/api/common.py), a next link whenever the
 * page is full (`limit` items), even when nothing follows.
 */
export function collectionBody(c: Ctx, plural: string, items: unknown[], limit: number, lastId: () => string): Record<string, unknown> {
  const links = novaNextLinks(() => listUrl(c), items.length, limit, lastId);
  return links ? { [plural]: items, [`${plural}_links`]: links } : { [plural]: items };
}

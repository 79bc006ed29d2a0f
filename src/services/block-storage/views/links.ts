// Cinder's links and paging: self (`/volume/v3/{project}/<collection>/<id>`) and bookmark
// (`/volume/{project}/<collection>/<id>`), and the `<plural>_links` next link a full page carries. As in
// Cinder (api/common.py _get_project_id_in_url), the project is the request's own, and only when its path
// names one: a link is followable with the token that got it, whosever the resource (an admin's listing).

import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { novaNextLinks, type ListUrl } from "../../../kernel/pagination.js";

export interface Link {
  rel: string;
  href: string;
}

export function resourceLinks(c: Ctx, collection: string, id: string): Link[] {
  const base = baseUrl(c);
  const project = c.req.param("project_id");
  const path = project === undefined ? `${collection}/${id}` : `${project}/${collection}/${id}`;
  return [
    { rel: "self", href: `${base}/volume/v3/${path}` },
    { rel: "bookmark", href: `${base}/volume/${path}` },
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

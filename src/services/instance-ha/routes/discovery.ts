// Masakari discovery (masakari/api/openstack/ha/versions.py): the versions list at the root and the v1
// document at /v1/, both without a token.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { MAX, MIN } from "../microversion.js";

function version(c: Ctx) {
  return {
    id: "v1.0",
    status: "CURRENT",
    version: MAX,
    min_version: MIN,
    updated: "2016-07-01T11:33:21Z",
    links: [
      { rel: "self", href: `${baseUrl(c)}/instance-ha/v1/` },
      { rel: "describedby", type: "text/html", href: "https://docs.openstack.org/" },
    ],
    "media-types": [{ base: "application/json", type: "application/vnd.openstack.masakari+json;version=1" }],
  };
}

export function discoveryRoutes(): RouteDef[] {
  const list = (c: Ctx) => {
    const { id, status, version: max, min_version, updated, links } = version(c);
    return c.json({ versions: [{ id, status, version: max, min_version, updated, links: links.slice(0, 1) }] });
  };
  return [
    { method: "GET", path: "/", operation: "instance-ha.versions.list", policy: "public", handler: list },
    { method: "GET", path: "/v1", operation: "instance-ha.version.show", policy: "public", handler: (c) => c.json({ version: version(c) }) },
    { method: "GET", path: "/v1/", operation: "instance-ha.version.show", policy: "public", handler: (c) => c.json({ version: version(c) }) },
  ];
}

// Cinder discovery: the versions document at /volume (300 Multiple Choices, tempest expects it) and the
// same one-entry list at /volume/v3. Served without a token.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { MAX, MIN } from "../microversion.js";

function versions(c: Ctx) {
  return {
    versions: [
      {
        id: "v3.0",
        status: "CURRENT",
        version: MAX,
        min_version: MIN,
        updated: "2022-08-31T00:00:00Z",
        links: [
          { rel: "describedby", type: "text/html", href: "https://docs.openstack.org/" },
          { rel: "self", href: `${baseUrl(c)}/volume/v3/` },
        ],
        "media-types": [{ base: "application/json", type: "application/vnd.openstack.volume+json;version=3" }],
      },
    ],
  };
}

export function discoveryRoutes(): RouteDef[] {
  return [
    { method: "GET", path: "/", operation: "block-storage.versions.list", policy: "public", handler: (c) => c.json(versions(c), 300) },
    { method: "GET", path: "/v3", operation: "block-storage.version.show", policy: "public", handler: (c) => c.json(versions(c)) },
  ];
}

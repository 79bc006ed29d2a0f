// Nova discovery: the versions document at /compute (no version segment: v2.0, then v2.1, as Nova lists
// them) and each version's own document at /compute/v2.1 and /compute/v2.
// Served without a token; tempest allows only these keys in a version entry.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { MAX, MIN } from "../microversion.js";
import type { ComputeDeps } from "./deps.js";

function entry(c: Ctx) {
  return {
    id: "v2.1",
    status: "CURRENT",
    version: MAX,
    min_version: MIN,
    updated: "2013-07-23T11:33:21Z",
    links: [{ rel: "self", href: `${baseUrl(c)}/compute/v2.1/` }],
  };
}

/** The v2.0 API Nova still lists first (served by the same code, without microversions). */
function legacyEntry(c: Ctx) {
  return {
    id: "v2.0",
    status: "SUPPORTED",
    version: "",
    min_version: "",
    updated: "2011-01-21T11:33:21Z",
    links: [{ rel: "self", href: `${baseUrl(c)}/compute/v2/` }],
  };
}

/** A version's own document: its entry, its media type and a describedby link. */
function versionDocument(c: Ctx, version: ReturnType<typeof entry>, mediaVersion: string) {
  return {
    version: {
      ...version,
      "media-types": [{ base: "application/json", type: `application/vnd.openstack.compute+json;version=${mediaVersion}` }],
      links: [...version.links, { rel: "describedby", type: "text/html", href: "https://docs.openstack.org/" }],
    },
  };
}

export function discoveryRoutes(_deps: ComputeDeps): RouteDef[] {
  return [
    { method: "GET", path: "/v2", operation: "compute.version.show", policy: "public", handler: (c) => c.json(versionDocument(c, legacyEntry(c), "2")) },
    { method: "GET", path: "/", operation: "compute.versions.list", policy: "public", handler: (c) => c.json({ versions: [legacyEntry(c), entry(c)] }) },
    {
      method: "GET",
      path: "/v2.1",
      operation: "compute.version.show",
      policy: "public",
      handler: (c) => c.json(versionDocument(c, entry(c), "2.1")),
    },
  ];
}

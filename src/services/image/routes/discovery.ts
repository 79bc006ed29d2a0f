// Glance's version discovery (300 at the root, 200 at /versions, every entry pointing at /v2/) and the
// info API (`/v2/info/import`: the import methods; `/v2/info/stores`: the one store this cloud has).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { IMPORT_METHODS } from "../operations/image-data.js";

/** the response header that tells clients which import methods the cloud offers */
export const importMethodsHeader = { "OpenStack-image-import-methods": IMPORT_METHODS.join(",") };

function versions(c: Ctx) {
  const href = `${baseUrl(c)}/image/v2/`;
  return {
    versions: ["v2.17", "v2.16", "v2.15", "v2.9", "v2.0"].map((id, i) => ({ id, status: i === 0 ? "CURRENT" : "SUPPORTED", links: [{ rel: "self", href }] })),
  };
}

export function discoveryRoutes(): RouteDef[] {
  return [
    { method: "GET", path: "/", operation: "image.versions.list", policy: "public", handler: (c) => c.json(versions(c), 300, importMethodsHeader) },
    { method: "GET", path: "/versions", operation: "image.versions.show", policy: "public", handler: (c) => c.json(versions(c), 200, importMethodsHeader) },
    {
      method: "GET",
      path: "/v2/info/import",
      operation: "image.info.import",
      handler: (c) =>
        c.json({ "import-methods": { description: "Import methods available.", type: "array", value: [...IMPORT_METHODS] } }),
    },
    {
      method: "GET",
      path: "/v2/info/stores",
      operation: "image.info.stores",
      handler: (c) => c.json({ stores: [{ id: "file", description: "Local file store", default: true }] }),
    },
  ];
}

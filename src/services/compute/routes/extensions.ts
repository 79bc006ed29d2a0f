// /extensions (Nova v2.1): the fixed list Nova answers since extensions went away, and one by alias
// (404 otherwise).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { itemNotFound } from "../errors.js";
import { NOVA_EXTENSIONS } from "../extensions-list.js";
import type { ComputeDeps } from "./deps.js";

const NAMESPACE = "http://docs.openstack.org/compute/ext/fake_xml";
const UPDATED = "2014-12-03T00:00:00Z";

const view = ([alias, name, description]: readonly [string, string, string]) => ({ alias, description, links: [], name, namespace: NAMESPACE, updated: UPDATED });

export function extensionRoutes(_deps: ComputeDeps): RouteDef[] {
  return [
    { method: "GET", path: "/v2.1/extensions", operation: "compute.extension.list", handler: (c) => c.json({ extensions: NOVA_EXTENSIONS.map(view) }) },
    {
      method: "GET",
      path: "/v2.1/extensions/:alias",
      operation: "compute.extension.show",
      handler: (c) => {
        const ext = NOVA_EXTENSIONS.find(([alias]) => alias === c.req.param("alias"));
        if (!ext) throw itemNotFound("The resource could not be found.");
        return c.json({ extension: view(ext) });
      },
    },
  ];
}

// A server's metadata (nova/api/openstack/compute/server_metadata.py: PUT replaces, POST merges, one key at
// /metadata/{key}) and its addresses (ips.py: GET /ips, GET /ips/{network}).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { badRequest, itemNotFound } from "../errors.js";
import { deleteMetadataItem, setMetadata, visibleServer } from "../operations/servers.js";
import { metadataBodySchema, metadataItemBodySchema } from "../schemas/servers.js";
import { addressContext, addressesView } from "../views/server-addresses.js";
import type { ComputeDeps } from "./deps.js";

const metadataItemNotFound = () => itemNotFound("Metadata item was not found");

export function serverMetadataRoutes(deps: ComputeDeps): RouteDef[] {
  const server = (c: Parameters<RouteDef["handler"]>[0]) => visibleServer(deps.state(), deps.caller(c), c.req.param("id")!);

  return [
    {
      method: "GET",
      path: "/v2.1/servers/:id/metadata",
      operation: "compute.server.metadata.list",
      handler: (c) => c.json({ metadata: { ...server(c).metadata } }),
    },
    ...(["PUT", "POST"] as const).map(
      (method): RouteDef => route({
        method,
        path: "/v2.1/servers/:id/metadata",
        operation: method === "PUT" ? "compute.server.metadata.replace" : "compute.server.metadata.update",
        schema: metadataBodySchema,
        handler: (c, { metadata }) => {
          const result = deps.write(c, (s, ctx) => setMetadata(s, ctx, c.req.param("id")!, metadata, method === "PUT"));
          return c.json({ metadata: result });
        },
      }),
    ),
    {
      method: "GET",
      path: "/v2.1/servers/:id/metadata/:key",
      operation: "compute.server.metadata.show",
      handler: (c) => {
        const key = c.req.param("key")!;
        const metadata = server(c).metadata;
        if (!Object.hasOwn(metadata, key)) throw metadataItemNotFound();
        return c.json({ meta: { [key]: metadata[key] } });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/servers/:id/metadata/:key",
      operation: "compute.server.metadata.set",
      schema: metadataItemBodySchema,
      handler: (c, { meta }) => {
        const key = c.req.param("key")!;
        const keys = Object.keys(meta);
        if (keys.length > 1) throw badRequest("Request body contains too many items");
        if (keys[0] !== key) throw badRequest("Request body and URI mismatch");
        deps.write(c, (s, ctx) => setMetadata(s, ctx, c.req.param("id")!, meta, false));
        return c.json({ meta: { [key]: meta[key] } });
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/servers/:id/metadata/:key",
      operation: "compute.server.metadata.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteMetadataItem(s, ctx, c.req.param("id")!, c.req.param("key")!));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: "/v2.1/servers/:id/ips",
      operation: "compute.server.ips.list",
      handler: (c) => c.json({ addresses: addressesView(addressContext(deps.root()), server(c)) }),
    },
    {
      method: "GET",
      path: "/v2.1/servers/:id/ips/:network",
      operation: "compute.server.ips.show",
      handler: (c) => {
        const network = c.req.param("network")!;
        const addresses = addressesView(addressContext(deps.root()), server(c));
        if (!Object.hasOwn(addresses, network)) throw itemNotFound("Instance is not a member of specified network");
        return c.json({ [network]: addresses[network] });
      },
    },
  ];
}

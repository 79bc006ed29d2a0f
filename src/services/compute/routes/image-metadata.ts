// An image's metadata through the compute proxy (nova/api/openstack/compute/image_metadata.py, v2.1 until
// 2.36, 404 from it): list, replace (PUT), merge (POST), one key (show, set, delete), over the image
// service's custom properties.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { microversion } from "../microversion.js";
import { badRequest, itemNotFound } from "../errors.js";
import { visibleImage, writeImageMetadata } from "../operations/images.js";
import { metadataBodySchema, metadataItemBodySchema } from "../schemas/servers.js";
import type { ComputeDeps } from "./deps.js";

const idOf = (c: Ctx) => c.req.param("imageId") ?? "";

/** Gone from 2.36 with the rest of the image proxy. */
function available(c: Ctx): void {
  if (microversion(c) >= 36) throw itemNotFound("The resource could not be found.");
}

export function imageMetadataRoutes(deps: ComputeDeps): RouteDef[] {
  const base = "/v2.1/images/:imageId/metadata";
  const metadataOf = (c: Ctx) => visibleImage(deps.root(), deps.caller(c), idOf(c)).metadata;
  const schemaFor = <T>(schema: T) => (c: Ctx) => {
    available(c);
    return schema;
  };
  return [
    {
      method: "GET",
      path: base,
      operation: "compute.image.metadata.list",
      handler: (c) => {
        available(c);
        return c.json({ metadata: { ...metadataOf(c) } });
      },
    },
    ...(["PUT", "POST"] as const).map(
      (method): RouteDef => route({
        method,
        path: base,
        operation: method === "PUT" ? "compute.image.metadata.replace" : "compute.image.metadata.update",
        schema: metadataBodySchema,
        schemaFor: schemaFor(metadataBodySchema),
        handler: (c, { metadata }) => c.json({ metadata: deps.write(c, (s, ctx) => writeImageMetadata(s, ctx, idOf(c), { set: metadata, replace: method === "PUT" })) }),
      }),
    ),
    {
      method: "GET",
      path: `${base}/:key`,
      operation: "compute.image.metadata.show",
      handler: (c) => {
        available(c);
        const key = c.req.param("key")!;
        const metadata = metadataOf(c);
        if (!Object.hasOwn(metadata, key)) throw itemNotFound("Invalid metadata key");
        return c.json({ meta: { [key]: metadata[key] } });
      },
    },
    route({
      method: "PUT",
      path: `${base}/:key`,
      operation: "compute.image.metadata.set",
      schema: metadataItemBodySchema,
      schemaFor: schemaFor(metadataItemBodySchema),
      handler: (c, { meta }) => {
        const key = c.req.param("key")!;
        const keys = Object.keys(meta);
        if (keys.length > 1) throw badRequest("Request body contains too many items");
        if (keys[0] !== key) throw badRequest("Request body and URI mismatch");
        deps.write(c, (s, ctx) => writeImageMetadata(s, ctx, idOf(c), { set: meta }));
        return c.json({ meta: { [key]: meta[key] } });
      },
    }),
    {
      method: "DELETE",
      path: `${base}/:key`,
      operation: "compute.image.metadata.delete",
      handler: (c) => {
        available(c);
        deps.write(c, (s, ctx) => writeImageMetadata(s, ctx, idOf(c), { remove: c.req.param("key")! }));
        return c.body(null, 204);
      },
    },
  ];
}

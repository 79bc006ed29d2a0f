// Volume metadata (cinder/api/v3/volume_metadata.py): GET/POST (merge)/PUT (replace) the whole set, and
// GET/PUT/DELETE one key. Keys are the user's own strings (kernel/own.ts); all answer 200.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { own, withoutEntry } from "../../../kernel/own.js";
import { badRequest, metadataNotFound } from "../errors.js";
import { visibleVolume } from "../operations/volumes.js";
import { metadataBody, metadataItemBody } from "../schemas/volumes.js";
import type { BlockStorageDeps } from "./deps.js";

export function volumeMetadataRoutes(deps: BlockStorageDeps): RouteDef[] {
  const id = (c: Ctx) => c.req.param("id")!;
  const key = (c: Ctx) => c.req.param("key")!;
  const current = (c: Ctx) => visibleVolume(deps.state(), deps.caller(c), id(c)).metadata;
  const write = (c: Ctx, change: (metadata: Record<string, string>) => Record<string, string>) =>
    deps.write(c, (s, ctx) => {
      const volume = visibleVolume(s, ctx.caller, id(c));
      volume.metadata = change(volume.metadata);
      volume.updatedAt = ctx.now;
      return volume.metadata;
    });
  return [
    { method: "GET", path: "/volumes/:id/metadata", operation: "block-storage.volume.metadata.list", handler: (c) => c.json({ metadata: current(c) }) },
    route({
      method: "POST",
      path: "/volumes/:id/metadata",
      operation: "block-storage.volume.metadata.update",
      schema: metadataBody,
      handler: (c, { metadata }) => {
        return c.json({ metadata: write(c, (m) => ({ ...m, ...metadata })) });
      },
    }),
    route({
      method: "PUT",
      path: "/volumes/:id/metadata",
      operation: "block-storage.volume.metadata.replace",
      schema: metadataBody,
      handler: (c, { metadata }) => {
        return c.json({ metadata: write(c, () => ({ ...metadata })) });
      },
    }),
    {
      method: "GET",
      path: "/volumes/:id/metadata/:key",
      operation: "block-storage.volume.metadata.show",
      handler: (c) => {
        const value = own(current(c), key(c));
        if (value === undefined) throw metadataNotFound(id(c), key(c));
        return c.json({ meta: { [key(c)]: value } });
      },
    },
    route({
      method: "PUT",
      path: "/volumes/:id/metadata/:key",
      operation: "block-storage.volume.metadata.set",
      schema: metadataItemBody,
      handler: (c, { meta }) => {
        const entries = Object.entries(meta);
        if (entries.length !== 1) throw badRequest("Request body contains too many items");
        if (entries[0]![0] !== key(c)) throw badRequest("Request body and URI mismatch");
        write(c, (m) => ({ ...m, ...meta }));
        return c.json({ meta });
      },
    }),
    {
      method: "DELETE",
      path: "/volumes/:id/metadata/:key",
      operation: "block-storage.volume.metadata.delete",
      handler: (c) => {
        write(c, (m) => {
          if (!Object.hasOwn(m, key(c))) throw metadataNotFound(id(c), key(c));
          return withoutEntry(m, key(c));
        });
        return c.body(null, 200);
      },
    },
  ];
}

// Tags sub-resources (/v2.0/<collection>/{id}/tags[/{tag}]) for every taggable collection.

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import type { Ctx } from "../../../kernel/http/context.js";
import { addTag, checkTagPresent, removeTag, replaceTags, taggable, TAGGABLE, type TaggableCollection } from "../operations/tags.js";
import type { NetworkingDeps } from "./deps.js";

const tagsSchema = z.object({ tags: z.array(z.string()) }).strict();

export function tagRoutes(deps: NetworkingDeps): RouteDef[] {
  const id = (c: Ctx) => c.req.param("id") ?? "";
  // Hono's param() has decoded the segment once (`%25zz` -> `%zz`); a second decode would change the tag
  const tag = (c: Ctx) => c.req.param("tag") ?? "";
  return (Object.keys(TAGGABLE) as TaggableCollection[]).flatMap((collection): RouteDef[] => {
    const base = `/v2.0/${collection}/:id/tags`;
    const name = collection.replace("/", ".");
    return [
      {
        method: "GET",
        path: base,
        operation: `networking.${name}.tags.list`,
        handler: (c) => c.json({ tags: taggable(deps.state(), deps.caller(c), collection, id(c)).tags }),
      },
      route({
        method: "PUT",
        path: base,
        operation: `networking.${name}.tags.replace`,
        schema: tagsSchema,
        handler: (c, body) => {
          return c.json({ tags: deps.write(c, (s, ctx) => replaceTags(s, ctx, collection, id(c), body.tags)) });
        },
      }),
      {
        method: "DELETE",
        path: base,
        operation: `networking.${name}.tags.clear`,
        handler: (c) => {
          deps.write(c, (s, ctx) => replaceTags(s, ctx, collection, id(c), []));
          return c.body(null, 204);
        },
      },
      {
        method: "GET",
        path: `${base}/:tag`,
        operation: `networking.${name}.tags.check`,
        handler: (c) => {
          checkTagPresent(deps.state(), deps.caller(c), collection, id(c), tag(c));
          return c.body(null, 204);
        },
      },
      {
        method: "PUT",
        path: `${base}/:tag`,
        operation: `networking.${name}.tags.add`,
        handler: (c) => {
          deps.write(c, (s, ctx) => addTag(s, ctx, collection, id(c), tag(c)));
          return c.body(null, 201);
        },
      },
      {
        method: "DELETE",
        path: `${base}/:tag`,
        operation: `networking.${name}.tags.remove`,
        handler: (c) => {
          deps.write(c, (s, ctx) => removeTag(s, ctx, collection, id(c), tag(c)));
          return c.body(null, 204);
        },
      },
    ];
  });
}

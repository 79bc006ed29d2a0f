// /servers/{id}/tags (2.26): list, replace, delete all; one tag: check (204/404), add (201 + Location, or
// 204 when present), delete. Before 2.26 the resource does not exist (404).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import * as z from "zod";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { visibleServer } from "../operations/servers.js";
import { addTag, deleteAllTags, deleteTag, replaceTags } from "../operations/server-tags.js";
import { tagSchema, tagsBody } from "../schemas/server-actions-extra.js";
import type { ComputeDeps } from "./deps.js";

const nullBody = z.null().optional();

export function serverTagRoutes(deps: ComputeDeps): RouteDef[] {
  const gate = (c: Ctx) => {
    if (microversion(c) < 26) throw itemNotFound("The resource could not be found.");
  };
  const id = (c: Ctx) => c.req.param("id")!;
  const base = "/v2.1/servers/:id/tags";
  return [
    {
      method: "GET",
      path: base,
      operation: "compute.server.tags.list",
      handler: (c) => {
        gate(c);
        return c.json({ tags: [...visibleServer(deps.state(), deps.caller(c), id(c)).tags] });
      },
    },
    route({
      method: "PUT",
      path: base,
      operation: "compute.server.tags.replace",
      schema: tagsBody,
      schemaFor: (c) => {
        gate(c);
        return tagsBody;
      },
      handler: (c, { tags }) => {
        return c.json({ tags: deps.write(c, (s, ctx) => replaceTags(s, ctx, id(c), tags)) });
      },
    }),
    {
      method: "DELETE",
      path: base,
      operation: "compute.server.tags.delete_all",
      handler: (c) => {
        gate(c);
        deps.write(c, (s, ctx) => deleteAllTags(s, ctx, id(c)));
        return c.body(null, 204);
      },
    },
    {
      method: "GET",
      path: `${base}/:tag`,
      operation: "compute.server.tags.show",
      handler: (c) => {
        gate(c);
        const server = visibleServer(deps.state(), deps.caller(c), id(c));
        const tag = c.req.param("tag")!;
        if (!server.tags.includes(tag)) throw itemNotFound(`Server ${server.id} has no tag '${tag}'`);
        return c.body(null, 204);
      },
    },
    route({
      method: "PUT",
      path: `${base}/:tag`,
      operation: "compute.server.tags.add",
      // Nova's schema for this PUT is a null body: none, or JSON null
      schema: nullBody,
      bodyCheck: "optional",
      schemaFor: (c) => {
        gate(c);
        return nullBody;
      },
      handler: (c) => {
        const tag = c.req.param("tag")!;
        const created = deps.write(c, (s, ctx) => addTag(s, ctx, id(c), tag, tagSchema.safeParse(tag).success));
        if (!created) return c.body(null, 204);
        c.header("Location", `${baseUrl(c)}/compute/v2.1/servers/${id(c)}/tags/${encodeURIComponent(tag)}`);
        return c.body(null, 201);
      },
    }),
    {
      method: "DELETE",
      path: `${base}/:tag`,
      operation: "compute.server.tags.delete",
      handler: (c) => {
        gate(c);
        deps.write(c, (s, ctx) => deleteTag(s, ctx, id(c), c.req.param("tag")!));
        return c.body(null, 204);
      },
    },
  ];
}

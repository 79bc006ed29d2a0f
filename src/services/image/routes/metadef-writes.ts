// Metadata definitions (Glance v2 metadefs), the writes: namespaces (create, update, delete, and deleting
// all their objects, properties or tags), objects, properties, tags and resource type associations. Admin
// only, as Glance's default policy has them since Wallaby.

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { requestHeader, type Ctx } from "../../../kernel/http/context.js";
import * as md from "../operations/metadefs.js";
import { associationBody, metadefObjectBody, metadefPropertyBody, metadefTagBody, metadefTagsBody, namespaceBody } from "../schemas/metadefs.js";
import { associationView, namespaceView, objectView, tagView } from "../views/metadefs.js";
import type { ImageDeps } from "./deps.js";

const BASE = "/v2/metadefs/namespaces/:namespace";

export function metadefWriteRoutes(deps: ImageDeps): RouteDef[] {
  const ns = (c: Ctx) => c.req.param("namespace") ?? "";
  const param = (c: Ctx, name: string) => c.req.param(name) ?? "";
  const noContent = (c: Ctx) => c.body(null, 204);
  const clear = (kind: "objects" | "properties" | "tags"): RouteDef => ({
    method: "DELETE",
    path: `${BASE}/${kind}`,
    operation: `image.metadef_${kind === "properties" ? "property" : kind.slice(0, -1)}.delete_all`,
    policy: "admin",
    handler: (c) => {
      deps.write(c, (s, ctx) => md.clearNamespace(s, ctx, ns(c), kind));
      return noContent(c);
    },
  });
  return [
    route({
      method: "POST",
      path: "/v2/metadefs/namespaces",
      operation: "image.metadef_namespace.create",
      policy: "admin",
      schema: namespaceBody,
      handler: (c, body) => {
        const n = deps.write(c, (s, ctx) => md.createNamespace(s, ctx, body));
        return c.json(namespaceView(n, true), 201);
      },
    }),
    route({
      method: "PUT",
      path: BASE,
      operation: "image.metadef_namespace.update",
      policy: "admin",
      schema: namespaceBody,
      handler: (c, body) => c.json(namespaceView(deps.write(c, (s, ctx) => md.updateNamespace(s, ctx, ns(c), body)))),
    }),
    {
      method: "DELETE",
      path: BASE,
      operation: "image.metadef_namespace.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => md.deleteNamespace(s, ctx, ns(c)));
        return noContent(c);
      },
    },
    clear("objects"),
    clear("properties"),
    clear("tags"),
    route({
      method: "POST",
      path: `${BASE}/objects`,
      operation: "image.metadef_object.create",
      policy: "admin",
      schema: metadefObjectBody,
      handler: (c, body) => {
        const o = deps.write(c, (s, ctx) => md.createObject(s, ctx, ns(c), body));
        return c.json(objectView(md.findNamespace(deps.state(), deps.caller(c), ns(c)), o), 201);
      },
    }),
    route({
      method: "PUT",
      path: `${BASE}/objects/:object`,
      operation: "image.metadef_object.update",
      policy: "admin",
      schema: metadefObjectBody,
      handler: (c, body) => {
        const o = deps.write(c, (s, ctx) => md.updateObject(s, ctx, ns(c), param(c, "object"), body));
        return c.json(objectView(md.findNamespace(deps.state(), deps.caller(c), ns(c)), o));
      },
    }),
    {
      method: "DELETE",
      path: `${BASE}/objects/:object`,
      operation: "image.metadef_object.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => md.deleteObject(s, ctx, ns(c), param(c, "object")));
        return noContent(c);
      },
    },
    route({
      method: "POST",
      path: `${BASE}/properties`,
      operation: "image.metadef_property.create",
      policy: "admin",
      schema: metadefPropertyBody,
      handler: (c, body) => c.json(deps.write(c, (s, ctx) => md.createProperty(s, ctx, ns(c), body)), 201),
    }),
    route({
      method: "PUT",
      path: `${BASE}/properties/:property`,
      operation: "image.metadef_property.update",
      policy: "admin",
      schema: metadefPropertyBody,
      handler: (c, body) => c.json(deps.write(c, (s, ctx) => md.updateProperty(s, ctx, ns(c), param(c, "property"), body))),
    }),
    {
      method: "DELETE",
      path: `${BASE}/properties/:property`,
      operation: "image.metadef_property.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => md.deleteProperty(s, ctx, ns(c), param(c, "property")));
        return noContent(c);
      },
    },
    route({
      method: "POST",
      path: `${BASE}/tags`,
      operation: "image.metadef_tag.create_many",
      policy: "admin",
      schema: metadefTagsBody,
      handler: (c, body) => {
        const append = /^(true|1|yes|on|y|t)$/i.test(requestHeader(c, "x-openstack-append") ?? "");
        const added = deps.write(c, (s, ctx) => md.createTags(s, ctx, ns(c), body.tags.map((t) => t.name), append));
        return c.json({ tags: added.map((t) => ({ name: t.name })) }, 201);
      },
    }),
    {
      method: "POST",
      path: `${BASE}/tags/:tag`,
      operation: "image.metadef_tag.create",
      policy: "admin",
      handler: (c) => c.json(tagView(deps.write(c, (s, ctx) => md.createTag(s, ctx, ns(c), param(c, "tag")))), 201),
    },
    route({
      method: "PUT",
      path: `${BASE}/tags/:tag`,
      operation: "image.metadef_tag.update",
      policy: "admin",
      schema: metadefTagBody,
      handler: (c, body) => c.json(tagView(deps.write(c, (s, ctx) => md.updateTag(s, ctx, ns(c), param(c, "tag"), body.name)))),
    }),
    {
      method: "DELETE",
      path: `${BASE}/tags/:tag`,
      operation: "image.metadef_tag.delete",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => md.deleteTag(s, ctx, ns(c), param(c, "tag")));
        return noContent(c);
      },
    },
    route({
      method: "POST",
      path: `${BASE}/resource_types`,
      operation: "image.metadef_resource_type.associate",
      policy: "admin",
      schema: associationBody,
      handler: (c, body) => {
        const association = deps.write(c, (s, ctx) => md.associate(s, ctx, ns(c), body));
        return c.json(associationView(md.findNamespace(deps.state(), deps.caller(c), ns(c)))(association), 201);
      },
    }),
    {
      method: "DELETE",
      path: `${BASE}/resource_types/:type`,
      operation: "image.metadef_resource_type.dissociate",
      policy: "admin",
      handler: (c) => {
        deps.write(c, (s, ctx) => md.dissociate(s, ctx, ns(c), param(c, "type")));
        return noContent(c);
      },
    },
  ];
}

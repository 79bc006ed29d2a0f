// Metadata definitions (Glance v2 metadefs), the reads: namespaces, their objects, properties, tags and
// resource type associations, and the resource types (metadef-writes.ts has the admin's writes).

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import { own } from "../../../kernel/own.js";
import { isoSeconds } from "../../../kernel/time.js";
import { badRequest, notFound } from "../errors.js";
import { canSeeNamespace, findNamespace, findTag } from "../operations/metadefs.js";
import type { MetadefNamespace } from "../state.js";
import { associationView, namespaceView, objectView, tagView } from "../views/metadefs.js";
import { metadefWriteRoutes } from "./metadef-writes.js";
import type { ImageDeps } from "./deps.js";

export function metadefRoutes(deps: ImageDeps): RouteDef[] {
  const namespace = (c: Ctx): MetadefNamespace => findNamespace(deps.state(), deps.caller(c), c.req.param("namespace") ?? "");
  const base = "/v2/metadefs/namespaces/:namespace";
  return [
    {
      method: "GET",
      path: "/v2/metadefs/namespaces",
      operation: "image.metadef_namespace.list",
      handler: (c) => {
        const visible = canSeeNamespace(deps.caller(c));
        const type = queryParam(c, "resource_types");
        const visibility = queryParam(c, "visibility");
        if (visibility !== undefined && visibility !== "public" && visibility !== "private") throw badRequest(`Invalid visibility value: ${visibility}`);
        const types = type?.split(",");
        const namespaces = [];
        for (const n of scan(deps.state().metadefs.namespaces)) {
          if (!visible(n) || (visibility !== undefined && n.visibility !== visibility)) continue;
          if (types && !n.resourceTypes.some((r) => types.includes(r.name))) continue;
          namespaces.push(namespaceView(n));
        }
        return c.json({ namespaces, first: "/v2/metadefs/namespaces", schema: "/v2/schemas/metadefs/namespaces" });
      },
    },
    { method: "GET", path: base, operation: "image.metadef_namespace.show", handler: (c) => c.json(namespaceView(namespace(c), true)) },
    {
      method: "GET",
      path: `${base}/objects`,
      operation: "image.metadef_object.list",
      handler: (c) => {
        const n = namespace(c);
        return c.json({ objects: n.objects.map((o) => objectView(n, o)), schema: "v2/schemas/metadefs/objects" });
      },
    },
    {
      method: "GET",
      path: `${base}/objects/:object`,
      operation: "image.metadef_object.show",
      handler: (c) => {
        const n = namespace(c);
        const name = c.req.param("object") ?? "";
        const o = n.objects.find((x) => x.name === name);
        if (!o) throw notFound(`Metadata definition object not found for namespace=${n.namespace} and object=${name}`);
        return c.json(objectView(n, o));
      },
    },
    {
      method: "GET",
      path: `${base}/properties`,
      operation: "image.metadef_property.list",
      handler: (c) => c.json({ properties: namespace(c).properties }),
    },
    {
      method: "GET",
      path: `${base}/properties/:property`,
      operation: "image.metadef_property.show",
      handler: (c) => {
        const n = namespace(c);
        const name = c.req.param("property") ?? "";
        const p = own(n.properties, name);
        if (!p) throw notFound(`Metadata definition property not found for namespace=${n.namespace} and property=${name}`);
        return c.json({ name, ...p });
      },
    },
    {
      method: "GET",
      path: `${base}/resource_types`,
      operation: "image.metadef_resource_type.associations",
      handler: (c) => {
        const n = namespace(c);
        return c.json({ resource_type_associations: n.resourceTypes.map(associationView(n)) });
      },
    },
    {
      method: "GET",
      path: "/v2/metadefs/resource_types",
      operation: "image.metadef_resource_type.list",
      handler: (c) => {
        const types = [...scan(deps.state().metadefs.resourceTypes)].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        return c.json({ resource_types: types.map((r) => ({ name: r.id, created_at: isoSeconds(r.createdAt), updated_at: isoSeconds(r.createdAt) })) });
      },
    },
    {
      method: "GET",
      path: `${base}/tags`,
      operation: "image.metadef_tag.list",
      handler: (c) => c.json({ tags: (namespace(c).tags ?? []).map(tagView) }),
    },
    {
      method: "GET",
      path: `${base}/tags/:tag`,
      operation: "image.metadef_tag.show",
      handler: (c) => c.json(tagView(findTag(namespace(c), c.req.param("tag") ?? ""))),
    },
    ...metadefWriteRoutes(deps),
  ];
}

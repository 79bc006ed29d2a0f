// Metadata definitions -> Glance v2 metadefs records (metadefs-namespaces, -objects, -properties,
// -resourcetypes).

import { isoSeconds } from "../../../kernel/time.js";
import type { MetadefNamespace, MetadefObject, MetadefTag } from "../state.js";

export function namespaceView(n: MetadefNamespace, full = false) {
  return {
    namespace: n.namespace,
    display_name: n.displayName,
    description: n.description,
    visibility: n.visibility,
    protected: n.protected,
    // an unset attribute is left out, as Glance's models render it (a null would break its own schema)
    ...(n.ownerProjectId === null ? {} : { owner: n.ownerProjectId }),
    resource_type_associations: n.resourceTypes.map(associationView(n)),
    created_at: isoSeconds(n.createdAt),
    updated_at: isoSeconds(n.updatedAt ?? n.createdAt),
    self: `/v2/metadefs/namespaces/${n.namespace}`,
    schema: "/v2/schemas/metadefs/namespace",
    ...(full && Object.keys(n.properties).length ? { properties: n.properties } : {}),
    ...(full && n.objects.length ? { objects: n.objects.map((o) => objectView(n, o)) } : {}),
    ...(full && n.tags?.length ? { tags: n.tags.map((t) => ({ name: t.name })) } : {}),
  };
}

export function objectView(n: MetadefNamespace, o: MetadefObject) {
  return {
    name: o.name,
    description: o.description,
    required: o.required,
    properties: o.properties,
    created_at: isoSeconds(o.createdAt ?? n.createdAt),
    updated_at: isoSeconds(o.updatedAt ?? n.createdAt),
    self: `/v2/metadefs/namespaces/${n.namespace}/objects/${o.name}`,
    schema: "/v2/schemas/metadefs/object",
  };
}

export const associationView = (n: MetadefNamespace) => (r: MetadefNamespace["resourceTypes"][number]) => ({
  name: r.name,
  ...(r.prefix === undefined ? {} : { prefix: r.prefix }),
  ...(r.properties_target === undefined ? {} : { properties_target: r.properties_target }),
  created_at: isoSeconds(n.createdAt),
  updated_at: isoSeconds(n.createdAt),
});

export const tagView = (t: MetadefTag) => ({ name: t.name, created_at: isoSeconds(t.createdAt), updated_at: isoSeconds(t.updatedAt) });

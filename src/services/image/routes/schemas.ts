// The schema documents (Glance v2 image-schemas and metadefs-schemas): image(s), member(s), task(s) and the
// metadata definitions' namespace(s), object(s), property/properties, resource_type(s), tag(s); any token reads them.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { METADEF_SCHEMAS } from "../views/metadef-schemas.js";
import { imageSchema, imagesSchema, memberSchema, membersSchema, taskSchema, tasksSchema } from "../views/schemas.js";

const DOCUMENTS: Record<string, () => unknown> = {
  image: imageSchema,
  images: imagesSchema,
  member: memberSchema,
  members: membersSchema,
  task: taskSchema,
  tasks: tasksSchema,
  ...Object.fromEntries(Object.entries(METADEF_SCHEMAS).map(([name, doc]) => [`metadefs/${name}`, doc])),
};

export function schemaRoutes(): RouteDef[] {
  return Object.entries(DOCUMENTS).map(([name, document]) => ({
    method: "GET" as const,
    path: `/v2/schemas/${name}`,
    operation: `image.schema.${name.replace("/", "_")}`,
    handler: (c) => c.json(document()),
  }));
}

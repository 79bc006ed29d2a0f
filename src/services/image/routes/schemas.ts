// The schema documents (Glance v2 image-schemas): image(s), member(s), task(s), readable by any token.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { imageSchema, imagesSchema, memberSchema, membersSchema, taskSchema, tasksSchema } from "../views/schemas.js";

const DOCUMENTS: Record<string, () => unknown> = {
  image: imageSchema,
  images: imagesSchema,
  member: memberSchema,
  members: membersSchema,
  task: taskSchema,
  tasks: tasksSchema,
};

export function schemaRoutes(): RouteDef[] {
  return Object.entries(DOCUMENTS).map(([name, document]) => ({
    method: "GET" as const,
    path: `/v2/schemas/${name}`,
    operation: `image.schema.${name}`,
    handler: (c) => c.json(document()),
  }));
}

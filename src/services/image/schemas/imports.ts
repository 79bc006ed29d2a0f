// The body of `POST /v2/images/{id}/import` (Glance v2 interoperable image import): the method by name.

import * as z from "zod";

export const importImageBody = z.object({
  method: z.object({ name: z.string().min(1).max(64), uri: z.string().max(2048).optional() }).loose(),
  stores: z.array(z.string()).optional(),
  all_stores: z.boolean().optional(),
  all_stores_must_succeed: z.boolean().optional(),
});

/** `POST /v2/tasks`: the legacy import task (Glance's tasks API, admin only by default) */
export const createTaskBody = z.strictObject({
  type: z.literal("import"),
  input: z.strictObject({
    import_from: z.string().min(1).max(2048),
    import_from_format: z.string().min(1).max(64),
    image_properties: z.record(z.string(), z.unknown()),
  }),
});

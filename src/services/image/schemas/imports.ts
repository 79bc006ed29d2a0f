// The body of `POST /v2/images/{id}/import` (Glance v2 interoperable image import): the method by name.

import * as z from "zod";

export const importImageBody = z.object({
  method: z.object({ name: z.string().min(1).max(64), uri: z.string().max(2048).optional() }).loose(),
  stores: z.array(z.string()).optional(),
  all_stores: z.boolean().optional(),
  all_stores_must_succeed: z.boolean().optional(),
});

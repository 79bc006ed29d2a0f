// The toy service's request bodies and its seed section, as zod schemas (the edge validates with them; the
// fuzzer generates bodies from them).

import * as z from "zod";

export const widgetCreateSchema = z.object({ widget: z.object({ name: z.string().min(1) }).strict() }).strict();

export const seedSchema = z
  .object({ widgets: z.array(z.object({ id: z.string(), name: z.string(), project: z.string(), status: z.string().default("ACTIVE") })).default([]) })
  .strict();

// zod schemas of the /v3/groups request bodies (Keystone v3 api-ref).

import * as z from "zod";

const description = z.string().max(65535).nullable().optional();

export const groupCreateSchema = z.object({
  // unknown keys are extra attributes Keystone stores and returns
  group: z.looseObject({ name: z.string().min(1).max(64), description, domain_id: z.string().min(1).nullable().optional() }),
});

export const groupUpdateSchema = z.object({
  group: z
    .looseObject({ name: z.string().min(1).max(64).optional(), description, domain_id: z.string().min(1).optional() })
    .refine((v) => Object.keys(v).length > 0, "the update names no attribute"),
});

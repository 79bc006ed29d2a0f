// zod schemas of Keystone's policy bodies (keystone/policy/schema.py): blob and type, other keys kept.

import * as z from "zod";

export const policyCreateSchema = z.object({
  policy: z.looseObject({ blob: z.string(), type: z.string().max(255) }),
});
export type PolicyCreate = z.infer<typeof policyCreateSchema>["policy"];

export const policyUpdateSchema = z.object({
  policy: z
    .looseObject({ blob: z.string().optional(), type: z.string().max(255).optional() })
    .refine((v) => Object.keys(v).length > 0, "the update names no attribute"),
});
export type PolicyUpdate = z.infer<typeof policyUpdateSchema>["policy"];

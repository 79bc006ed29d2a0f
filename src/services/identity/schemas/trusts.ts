// zod schema of Keystone's trust create body (keystone/trust/schema.py): trustor, trustee and impersonation
// required; roles by id or name; remaining_uses >= 1 and redelegation_count >= 0 when given.

import * as z from "zod";

const roleRef = z
  .object({ id: z.string().min(1).max(64).optional(), name: z.string().min(1).max(255).optional() })
  .refine((r) => r.id !== undefined || r.name !== undefined, "a role needs an id or a name");

export const trustCreateSchema = z.object({
  trust: z.object({
    trustor_user_id: z.string().min(1).max(255),
    trustee_user_id: z.string().min(1).max(255),
    impersonation: z.boolean(),
    project_id: z.string().min(1).max(64).nullable().optional(),
    roles: z.array(roleRef).optional(),
    expires_at: z.string().nullable().optional(),
    remaining_uses: z.number().int().min(1).nullable().optional(),
    allow_redelegation: z.boolean().nullable().optional(),
    redelegation_count: z.number().int().min(0).nullable().optional(),
  }),
});
export type TrustCreate = z.infer<typeof trustCreateSchema>["trust"];

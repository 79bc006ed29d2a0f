// zod schema of POST /v3/users/{user_id}/application_credentials (Keystone v3 api-ref): an access rule names
// an existing rule of the user by id, or a service, an HTTP method and a path.

import * as z from "zod";

const accessRule = z
  .object({
    id: z.string().min(1).optional(),
    service: z.string().min(1).max(64).optional(),
    method: z.enum(["HEAD", "GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
    path: z.string().min(1).max(225).optional(),
  })
  .strict()
  .refine((r) => r.id !== undefined || (r.service !== undefined && r.method !== undefined && r.path !== undefined), {
    message: "an access rule needs an id, or a service, a method and a path",
  });

export const appCredentialCreateSchema = z.object({
  application_credential: z.object({
    name: z.string().min(1).max(255),
    description: z.string().max(65535).nullable().optional(),
    secret: z.string().min(1).nullable().optional(),
    expires_at: z.string().nullable().optional(),
    roles: z.array(z.object({ id: z.string().optional(), name: z.string().optional() })).optional(),
    unrestricted: z.boolean().optional(),
    access_rules: z.array(accessRule).optional(),
  }),
});
export type AppCredentialCreate = z.infer<typeof appCredentialCreateSchema>["application_credential"];
export type AccessRuleInput = z.infer<typeof accessRule>;

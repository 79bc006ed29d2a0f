// zod schemas of POST /v3/users/{user_id}/application_credentials (Keystone v3 api-ref), the spec profile's and
// Keystone's: an access rule names an existing rule of the user by id, or a service, an HTTP method and a path.

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

const credentialFields = {
  name: z.string().min(1).max(255),
  description: z.string().max(65535).nullable().optional(),
  secret: z.string().min(1).nullable().optional(),
  expires_at: z.string().nullable().optional(),
  unrestricted: z.boolean().optional(),
  access_rules: z.array(accessRule).optional(),
};

/**
 * The spec's contract beside Keystone's: `expiration` (blank or absent: never expires) as well as
 * `expires_at`, and roles as names (`["reader"]`) as well as `{"id"}`/`{"name"}` objects.
 */
export const appCredentialCreateSchema = z.object({
  application_credential: z.object({
    ...credentialFields,
    expiration: z.string().nullable().optional(),
    roles: z.array(z.union([z.string().min(1), z.object({ id: z.string().optional(), name: z.string().optional() })])).optional(),
  }),
});

/**
 * Keystone's (keystone/application_credential/schema.py): each role an object of exactly one key, `id` or
 * `name`. Its schema lets unknown fields through, but its database model has no `expiration` column and
 * fails the request; here that is a 400 naming `expires_at`.
 */
export const appCredentialCreateUpstreamSchema = z.object({
  application_credential: z.object({
    ...credentialFields,
    expiration: z.undefined({ error: "Keystone has no such field; the expiry is 'expires_at'." }).optional(),
    roles: z.array(z.union([z.strictObject({ id: z.string().min(1) }), z.strictObject({ name: z.string().min(1) })])).optional(),
  }),
});

export type AppCredentialCreate = z.infer<typeof appCredentialCreateSchema>["application_credential"];
export type AccessRuleInput = z.infer<typeof accessRule>;

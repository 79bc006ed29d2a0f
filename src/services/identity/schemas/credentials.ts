// zod schemas of Keystone's credential bodies: /v3/credentials (keystone/credential/schema.py: blob, type
// and user_id required, project_id optional, other keys ignored) and /users/{id}/credentials/OS-EC2.

import * as z from "zod";

const id = z.string().min(1).max(64);

export const credentialCreateSchema = z.object({
  credential: z.object({
    blob: z.string(),
    type: z.string().min(1).max(255),
    user_id: id,
    project_id: id.nullable().optional(),
  }),
});
export type CredentialCreate = z.infer<typeof credentialCreateSchema>["credential"];

export const credentialUpdateSchema = z.object({
  credential: z
    .object({
      blob: z.string().optional(),
      type: z.string().min(1).max(255).optional(),
      user_id: id.optional(),
      project_id: id.nullable().optional(),
    })
    .refine((v) => Object.keys(v).length > 0, "the update names no attribute"),
});
export type CredentialUpdate = z.infer<typeof credentialUpdateSchema>["credential"];

/** keystoneclient sends `{"tenant_id": <project>}`; Keystone reads nothing else. */
export const ec2CredentialCreateSchema = z.object({ tenant_id: id });

// zod schemas of the identity request bodies (Keystone v3 api-ref shapes) and their inferred types.

import { z } from "zod";

const domainRef = z
  .object({ id: z.string().min(1).optional(), name: z.string().min(1).optional() })
  .refine((d) => d.id !== undefined || d.name !== undefined, "a domain needs an id or a name");

const userRef = z.object({
  id: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  domain: domainRef.optional(),
});

export const authRequestSchema = z.object({
  auth: z.object({
    identity: z.object({
      methods: z.array(z.string()).min(1),
      password: z.object({ user: userRef.extend({ password: z.string() }) }).optional(),
      token: z.object({ id: z.string().min(1) }).optional(),
      application_credential: z
        .object({
          id: z.string().min(1).optional(),
          name: z.string().min(1).optional(),
          secret: z.string().min(1),
          user: userRef.optional(),
        })
        .optional(),
    }),
    scope: z
      .union([
        z.literal("unscoped"),
        z.object({
          project: z
            .object({ id: z.string().min(1).optional(), name: z.string().min(1).optional(), domain: domainRef.optional() })
            .refine((p) => p.id !== undefined || p.name !== undefined, "a project needs an id or a name")
            .optional(),
          domain: domainRef.optional(),
          system: z.object({ all: z.literal(true) }).optional(),
        }),
      ])
      .optional(),
  }),
});
export type AuthRequest = z.infer<typeof authRequestSchema>;
export type UserRef = z.infer<typeof userRef>;
export type DomainRef = z.infer<typeof domainRef>;

export const appCredentialCreateSchema = z.object({
  application_credential: z.object({
    name: z.string().min(1).max(255),
    description: z.string().max(65535).nullable().optional(),
    secret: z.string().min(1).nullable().optional(),
    expires_at: z.string().nullable().optional(),
    roles: z.array(z.object({ id: z.string().optional(), name: z.string().optional() })).optional(),
    unrestricted: z.boolean().optional(),
    access_rules: z
      .array(z.object({ service: z.string(), method: z.string(), path: z.string() }))
      .optional(),
  }),
});
export type AppCredentialCreate = z.infer<typeof appCredentialCreateSchema>["application_credential"];

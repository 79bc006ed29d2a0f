// zod schemas of the identity request bodies (Keystone v3 api-ref shapes) and their inferred types.

import * as z from "zod";

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
      /** the `oauth1` method's payload: empty, the credential is the request's OAuth signature */
      oauth1: z.object({}).optional(),
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
          "OS-TRUST:trust": z.object({ id: z.string().optional() }).optional(),
        }),
      ])
      .optional(),
  }),
});
export type AuthRequest = z.infer<typeof authRequestSchema>;
export type UserRef = z.infer<typeof userRef>;
export type DomainRef = z.infer<typeof domainRef>;

// --- the directory: domains, projects, users, roles (Keystone v3 api-ref request bodies) ---
// Keystone ignores null for optional fields the clients fill from unset flags; so do these schemas.

const description = z.string().max(65535).nullable().optional();
const enabled = z.boolean().optional();
/** Keystone's resource options; accepted and ignored (the views render `options: {}`) */
const options = z.record(z.string(), z.unknown()).optional();
/** one project tag (Keystone's rules: 1-255 characters, no ',' or '/') */
export const projectTagSchema = z.string().min(1).max(255).regex(/^[^,/]*$/, "a tag may not contain ',' or '/'");
/** a project's tags: at most 80, no repeats */
export const projectTagListSchema = z
  .array(projectTagSchema)
  .max(80)
  .refine((list) => new Set(list).size === list.length, "the tags must be unique");
const tags = projectTagListSchema.optional();
const nonEmpty = (v: object) => Object.keys(v).length > 0;
const NON_EMPTY = "the update names no attribute";

export const domainCreateSchema = z.object({
  domain: z.object({
    name: z.string().min(1).max(64),
    description,
    enabled,
    /** Keystone lets the caller choose a domain's id: a UUID4 without dashes */
    explicit_domain_id: z.string().regex(/^[0-9a-f]{32}$/, "must be a UUID4 without dashes").optional(),
    options,
  }),
});
export type DomainCreate = z.infer<typeof domainCreateSchema>["domain"];

export const domainUpdateSchema = z.object({
  domain: z.object({ name: z.string().min(1).max(64).optional(), description, enabled, options }).refine(nonEmpty, NON_EMPTY),
});
export type DomainUpdate = z.infer<typeof domainUpdateSchema>["domain"];

export const projectCreateSchema = z.object({
  project: z.object({
    name: z.string().min(1).max(64),
    domain_id: z.string().min(1).nullable().optional(),
    parent_id: z.string().min(1).nullable().optional(),
    description,
    enabled,
    is_domain: z.boolean().optional(),
    tags,
    options,
  }),
});
export type ProjectCreate = z.infer<typeof projectCreateSchema>["project"];

export const projectUpdateSchema = z.object({
  project: z
    .object({
      name: z.string().min(1).max(64).optional(),
      description,
      enabled,
      tags,
      options,
      // immutable in Keystone: accepted only when unchanged
      domain_id: z.string().min(1).optional(),
      parent_id: z.string().min(1).nullable().optional(),
      is_domain: z.boolean().optional(),
    })
    .refine(nonEmpty, NON_EMPTY),
});
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>["project"];

const optionFlag = z.boolean().nullable().optional();
const uniqueJson = (list: unknown[]) => new Set(list.map((v) => JSON.stringify(v))).size === list.length;
/** Keystone's user resource options; null removes one, any other name is refused */
export const userOptionsSchema = z.strictObject({
  ignore_change_password_upon_first_use: optionFlag,
  ignore_password_expiry: optionFlag,
  ignore_lockout_failure_attempts: optionFlag,
  lock_password: optionFlag,
  ignore_user_inactivity: optionFlag,
  multi_factor_auth_enabled: optionFlag,
  multi_factor_auth_rules: z
    .array(z.array(z.string()).min(1).refine(uniqueJson, "a rule names each method once"))
    .refine(uniqueJson, "the rules must be unique")
    .nullable()
    .optional(),
});

const userFields = {
  default_project_id: z.string().min(1).nullable().optional(),
  password: z.string().max(4096).nullable().optional(),
  description,
  email: z.string().max(255).nullable().optional(),
  enabled,
  options: userOptionsSchema.optional(),
};

// loose: Keystone stores any other attribute of the body (`project_id`, ...) and returns it
export const userCreateSchema = z.object({
  user: z.looseObject({ name: z.string().min(1).max(255), domain_id: z.string().min(1).nullable().optional(), ...userFields }),
});
export type UserCreate = z.infer<typeof userCreateSchema>["user"];

export const userUpdateSchema = z.object({
  user: z
    .looseObject({ name: z.string().min(1).max(255).optional(), domain_id: z.string().min(1).optional(), ...userFields })
    .refine(nonEmpty, NON_EMPTY),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>["user"];

export const passwordChangeSchema = z.object({
  user: z.object({ password: z.string().max(4096), original_password: z.string().max(4096) }),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>["user"];

export const roleCreateSchema = z.object({
  role: z.object({ name: z.string().min(1).max(255), description, domain_id: z.string().min(1).nullable().optional(), options }),
});
export type RoleCreate = z.infer<typeof roleCreateSchema>["role"];

export const roleUpdateSchema = z.object({
  role: z.object({ name: z.string().min(1).max(255).optional(), description, options }).refine(nonEmpty, NON_EMPTY),
});
export type RoleUpdate = z.infer<typeof roleUpdateSchema>["role"];

/** PUT/PATCH /domains/{id}/config[/{group}[/{option}]]: Keystone reads `config` and checks it itself */
export const domainConfigBodySchema = z.object({ config: z.record(z.string(), z.unknown()).optional() });
export type DomainConfigRequest = z.infer<typeof domainConfigBodySchema>;

/** PUT /projects/{id}/tags */
export const projectTagsBodySchema = z.object({ tags: projectTagListSchema });

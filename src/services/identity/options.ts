// Identity's tunables: Keystone's [security_compliance] settings, all off by default as in Keystone, set by
// the `securityCompliance` key of a config file (config.ts lists it with the rest of the options).

import * as z from "zod";
import type { OptionSpec, ServiceOptions } from "../../kernel/options.js";
import type { CatalogService } from "../../catalog.js";

/** What identityService() is built with: the catalog it publishes, its region, token lifetime, profile and [security_compliance]. */
export interface IdentityOptions {
  catalog: CatalogService[];
  region: string;
  tokenTtlSeconds: number;
  /** `spec` (default): the platform spec's contract; `upstream`: Keystone's where they differ */
  profile?: "spec" | "upstream";
  /** Keystone's [security_compliance]; off when absent */
  securityCompliance?: SecurityCompliance;
}

export interface SecurityCompliance {
  /** failed password authentications before the user is locked out; null: never */
  lockoutFailureAttempts: number | null;
  /** seconds a lockout lasts; null: until an admin re-enables the user */
  lockoutDuration: number | null;
  /** days a new password is valid; null: forever */
  passwordExpiresDays: number | null;
  /** a new password may not repeat any of this many last ones (1: no history) */
  uniqueLastPasswordCount: number;
  /** days before a user may change their password again (0: at once) */
  minimumPasswordAge: number;
  /** a new password must match this regular expression; null: any */
  passwordRegex: string | null;
  passwordRegexDescription: string | null;
  /** a password an admin sets must be changed by the user on first use */
  changePasswordUponFirstUse: boolean;
}

export const DEFAULT_SECURITY_COMPLIANCE: SecurityCompliance = {
  lockoutFailureAttempts: null,
  lockoutDuration: 1800,
  passwordExpiresDays: null,
  uniqueLastPasswordCount: 0,
  minimumPasswordAge: 0,
  passwordRegex: null,
  passwordRegexDescription: null,
  changePasswordUponFirstUse: false,
};

const regex = z.string().refine((v) => {
  try {
    new RegExp(v);
    return true;
  } catch {
    return false;
  }
}, "is not a regular expression");

/** The config file's `securityCompliance` object, keys as Keystone's options in camelCase. */
export const securityComplianceSchema = z.strictObject({
  lockoutFailureAttempts: z.number().int().min(1).nullable().optional(),
  lockoutDuration: z.number().int().min(1).nullable().optional(),
  passwordExpiresDays: z.number().int().min(0).nullable().optional(),
  uniqueLastPasswordCount: z.number().int().min(0).optional(),
  minimumPasswordAge: z.number().int().min(0).optional(),
  passwordRegex: regex.nullable().optional(),
  passwordRegexDescription: z.string().nullable().optional(),
  changePasswordUponFirstUse: z.boolean().optional(),
});

export type SecurityComplianceInput = z.infer<typeof securityComplianceSchema>;

export const identityOptionsSchema = { securityCompliance: securityComplianceSchema.optional() };

export const IDENTITY_OPTIONS: Record<keyof typeof identityOptionsSchema, OptionSpec> = {
  securityCompliance: {
    default: "none",
    description:
      "Keystone [security_compliance]: lockoutFailureAttempts, lockoutDuration, passwordExpiresDays, uniqueLastPasswordCount, minimumPasswordAge, passwordRegex, passwordRegexDescription, changePasswordUponFirstUse",
  },
};

/** The settings in force: the defaults, overridden by what the config gives. */
export function securityCompliance(input: SecurityComplianceInput | undefined): SecurityCompliance {
  const out: SecurityCompliance = { ...DEFAULT_SECURITY_COMPLIANCE };
  for (const [key, value] of Object.entries(input ?? {})) {
    if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  }
  return out;
}

export const identityOptions: ServiceOptions<typeof identityOptionsSchema> = { fields: identityOptionsSchema, rows: IDENTITY_OPTIONS };

// Request bodies of /v2.0/subnetpools, their add_prefixes / remove_prefixes actions and /v2.0/address-scopes
// (neutron-lib api/definitions subnetpool, address_scope, subnetpool_prefix_ops). Integers may be strings.

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

const prefixlen = z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(0).max(128));
const quota = z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(0)).nullable();
const prefixes = z.array(z.string().min(1)).max(1024);
const ipVersion = z.union([z.literal(4), z.literal(6), z.enum(["4", "6"]).transform((v) => Number(v) as 4 | 6)]);

const poolFields = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  prefixes: prefixes.optional(),
  default_prefixlen: prefixlen.optional(),
  min_prefixlen: prefixlen.optional(),
  max_prefixlen: prefixlen.optional(),
  default_quota: quota.optional(),
  is_default: neutronBool.optional(),
  address_scope_id: z.string().min(1).nullable().optional(),
};

export const subnetPoolCreateSchema = z.strictObject({
  subnetpool: z.strictObject({
    ...poolFields,
    prefixes,
    shared: neutronBool.optional(),
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
    tags: neutronTags.optional(),
  }),
});
export type SubnetPoolCreateBody = z.infer<typeof subnetPoolCreateSchema>["subnetpool"];

export const subnetPoolUpdateSchema = z.strictObject({ subnetpool: z.strictObject(poolFields) });
export type SubnetPoolUpdateBody = z.infer<typeof subnetPoolUpdateSchema>["subnetpool"];

/** add_prefixes / remove_prefixes: `{"prefixes": [...]}`. */
export const prefixOpsSchema = z.strictObject({ prefixes });

export const addressScopeCreateSchema = z.strictObject({
  address_scope: z.strictObject({
    name: neutronName.optional(),
    shared: neutronBool.optional(),
    ip_version: ipVersion,
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
  }),
});

export const addressScopeUpdateSchema = z.strictObject({
  address_scope: z.strictObject({ name: neutronName.optional(), shared: neutronBool.optional() }),
});

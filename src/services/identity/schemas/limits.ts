// zod schemas of Keystone's unified limit bodies (keystone/limit/schema.py): list-bodied creates, strict
// objects, limits between -1 and 2^31-1; a limit names a project or a domain, never both.

import * as z from "zod";

const limitValue = z.number().int().min(-1).max(0x7fffffff);
const description = z.string().max(65535).nullable().optional();
const serviceId = z.string().min(1).max(64);
const regionId = z.string().min(1).max(255).nullable().optional();
const resourceName = z.string().min(1).max(255);

const registeredLimit = z.strictObject({
  service_id: serviceId,
  region_id: regionId,
  resource_name: resourceName,
  default_limit: limitValue,
  description,
});

export const registeredLimitsCreateSchema = z.strictObject({ registered_limits: z.array(registeredLimit).min(1) });
export type RegisteredLimitCreate = z.infer<typeof registeredLimit>;

export const registeredLimitUpdateSchema = z.strictObject({
  registered_limit: z.strictObject({
    service_id: serviceId.optional(),
    region_id: regionId,
    resource_name: resourceName.optional(),
    default_limit: limitValue.optional(),
    description,
  }),
});
export type RegisteredLimitUpdate = z.infer<typeof registeredLimitUpdateSchema>["registered_limit"];

const limit = z
  .strictObject({
    project_id: z.string().min(1).max(64).optional(),
    domain_id: z.string().min(1).max(64).optional(),
    service_id: serviceId,
    region_id: regionId,
    resource_name: resourceName,
    resource_limit: limitValue,
    description,
  })
  .refine((l) => (l.project_id === undefined) !== (l.domain_id === undefined), "a limit names exactly one of project_id and domain_id");

export const limitsCreateSchema = z.strictObject({ limits: z.array(limit).min(1) });
export type LimitCreate = z.infer<typeof limit>;

export const limitUpdateSchema = z.strictObject({
  limit: z.strictObject({ resource_limit: limitValue.optional(), description }),
});
export type LimitUpdate = z.infer<typeof limitUpdateSchema>["limit"];

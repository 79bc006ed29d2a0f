// Request body of PUT /v2.0/quotas/{project_id} (neutron/extensions/quotasv2.py): any subset of the
// resources, each an integer from -1 (unlimited) up; `check_limit` refuses a limit below current usage.

import * as z from "zod";
import { neutronBool } from "./networks.js";

/** convert_to_int, then validate type:range [-1, DB_INTEGER_MAX_VALUE] */
const limit = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, "must be an integer").transform(Number)])
  .pipe(z.number().int().min(-1).max(2 ** 31 - 1));

export const QUOTA_KEYS = ["network", "subnet", "port", "router", "floatingip", "security_group", "security_group_rule", "rbac_policy", "subnetpool"] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];

export const quotaUpdateSchema = z.strictObject({
  quota: z.strictObject({
    ...(Object.fromEntries(QUOTA_KEYS.map((k) => [k, limit.optional()])) as Record<QuotaKey, z.ZodOptional<typeof limit>>),
    force: neutronBool.optional(),
    check_limit: neutronBool.optional(),
  }),
});
export type QuotaUpdateBody = z.infer<typeof quotaUpdateSchema>["quota"];

// Request bodies of /v2.0/rbac-policies (neutron-lib api/definitions rbac): only target_tenant changes.

import * as z from "zod";

const id = z.string().min(1).max(255);

export const rbacCreateSchema = z.strictObject({
  rbac_policy: z.strictObject({
    object_type: z.string().min(1).max(255),
    object_id: id,
    action: z.string().min(1).max(255),
    target_tenant: id,
    project_id: id.optional(),
    tenant_id: id.optional(),
  }),
});
export const rbacUpdateSchema = z.strictObject({ rbac_policy: z.strictObject({ target_tenant: id.optional() }) });

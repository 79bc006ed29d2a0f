// Request bodies of /v2.0/security-groups (neutron-lib api/definitions securitygroup, stateful-security-group).

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

const mutable = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  stateful: neutronBool.optional(),
};

export const groupCreate = z.strictObject({
  ...mutable,
  project_id: z.string().min(1).optional(),
  tenant_id: z.string().min(1).optional(),
  tags: neutronTags.optional(),
});
export type GroupCreateBody = z.infer<typeof groupCreate>;

export const groupCreateSchema = z
  .strictObject({ security_group: groupCreate.optional(), security_groups: z.array(groupCreate).min(1).max(100).optional() })
  .refine((b) => (b.security_group === undefined) !== (b.security_groups === undefined), "Resource body required: give 'security_group' (or 'security_groups' to create several)");

export const groupUpdateSchema = z.strictObject({ security_group: z.strictObject(mutable) });
export type GroupUpdateBody = z.infer<typeof groupUpdateSchema>["security_group"];

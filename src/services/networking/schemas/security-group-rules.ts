// Request bodies of /v2.0/security-group-rules (neutron-lib api/definitions securitygroup). Protocol and
// ports may come as strings or numbers; their values are converted and checked in
// operations/security-group-rules.ts, in Neutron's order and with its exception types.

import * as z from "zod";
import { neutronDescription } from "./networks.js";

const stringOrNumber = z.union([z.string(), z.number()]).nullable().optional();

export const ruleCreate = z.strictObject({
  security_group_id: z.string().min(1),
  direction: z.enum(["ingress", "egress"]),
  ethertype: z.string().nullable().optional(),
  protocol: stringOrNumber,
  port_range_min: stringOrNumber,
  port_range_max: stringOrNumber,
  remote_ip_prefix: z.string().nullable().optional(),
  remote_group_id: z.string().nullable().optional(),
  remote_address_group_id: z.null().optional(),
  description: neutronDescription.nullable().optional(),
  project_id: z.string().min(1).optional(),
  tenant_id: z.string().min(1).optional(),
});
export type RuleCreateBody = z.infer<typeof ruleCreate>;

export const ruleCreateSchema = z
  .strictObject({ security_group_rule: ruleCreate.optional(), security_group_rules: z.array(ruleCreate).min(1).max(100).optional() })
  .refine(
    (b) => (b.security_group_rule === undefined) !== (b.security_group_rules === undefined),
    "Resource body required: give 'security_group_rule' (or 'security_group_rules' to create several)",
  );

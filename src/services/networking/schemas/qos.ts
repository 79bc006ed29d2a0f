// Request bodies of /v2.0/qos/policies and their rules (neutron-lib api/definitions qos, qos_default,
// qos_bw_limit_direction). Integers may come as strings (Neutron's convert_to_int).

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

const policyFields = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  shared: neutronBool.optional(),
  is_default: neutronBool.optional(),
};

export const qosPolicyCreateSchema = z.strictObject({
  policy: z.strictObject({ ...policyFields, project_id: z.string().min(1).optional(), tenant_id: z.string().min(1).optional(), tags: neutronTags.optional() }),
});
export type QosPolicyCreateBody = z.infer<typeof qosPolicyCreateSchema>["policy"];

export const qosPolicyUpdateSchema = z.strictObject({ policy: z.strictObject(policyFields) });
export type QosPolicyUpdateBody = z.infer<typeof qosPolicyUpdateSchema>["policy"];

const MAX_INT = 2 ** 31 - 1;
const int = z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(0).max(MAX_INT));
const direction = z.enum(["egress", "ingress"]);
/** Neutron's VALID_DSCP_MARKS (neutron-lib constants). */
export const VALID_DSCP_MARKS = [0, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 46, 48, 56];
const dscpMark = int.refine((n) => VALID_DSCP_MARKS.includes(n), `must be one of ${VALID_DSCP_MARKS.join(", ")}`);

/** Per rule type: the URL segment's singular body key and the create/update bodies. */
export const qosRuleSchemas = {
  bandwidth_limit: {
    create: z.strictObject({ max_kbps: int, max_burst_kbps: int.optional(), direction: direction.optional() }),
    update: z.strictObject({ max_kbps: int.optional(), max_burst_kbps: int.optional(), direction: direction.optional() }),
  },
  dscp_marking: {
    create: z.strictObject({ dscp_mark: dscpMark }),
    update: z.strictObject({ dscp_mark: dscpMark.optional() }),
  },
  minimum_bandwidth: {
    create: z.strictObject({ min_kbps: int, direction: direction.optional() }),
    update: z.strictObject({ min_kbps: int.optional(), direction: direction.optional() }),
  },
} as const;

export type QosRuleBody = { max_kbps?: number; max_burst_kbps?: number; direction?: "egress" | "ingress"; dscp_mark?: number; min_kbps?: number };

// Request bodies of /v2.0/metering (neutron-lib api/definitions metering, metering_source_and_destination_fields).
// Labels and rules are created and deleted, never updated.

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName } from "./networks.js";

export const meteringLabelCreateSchema = z.strictObject({
  metering_label: z.strictObject({
    name: neutronName.optional(),
    description: neutronDescription.optional(),
    shared: neutronBool.optional(),
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
  }),
});

const prefix = z.string().max(64).nullable().optional();
export const meteringRuleCreateSchema = z.strictObject({
  metering_label_rule: z.strictObject({
    metering_label_id: z.string().min(1),
    direction: z.enum(["ingress", "egress"]).optional(),
    excluded: neutronBool.optional(),
    remote_ip_prefix: prefix,
    source_ip_prefix: prefix,
    destination_ip_prefix: prefix,
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
  }),
});

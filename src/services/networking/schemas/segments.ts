// Request bodies of /v2.0/segments (neutron-lib api/definitions segment): name and description change.

import * as z from "zod";
import { neutronDescription, neutronName } from "./networks.js";
import { NETWORK_TYPES } from "../operations/segments.js";

const segmentationId = z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(0).max(2 ** 31 - 1));

export const segmentCreateSchema = z.strictObject({
  segment: z.strictObject({
    network_id: z.string().min(1),
    network_type: z.enum(NETWORK_TYPES),
    physical_network: z.string().max(64).nullable().optional(),
    segmentation_id: segmentationId.nullable().optional(),
    name: neutronName.nullable().optional(),
    description: neutronDescription.optional(),
    project_id: z.string().optional(),
    tenant_id: z.string().optional(),
  }),
});
export const segmentUpdateSchema = z.strictObject({
  segment: z.strictObject({ name: neutronName.nullable().optional(), description: neutronDescription.optional() }),
});

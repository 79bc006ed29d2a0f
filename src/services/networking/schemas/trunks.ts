// Request bodies of /v2.0/trunks and its subport actions (neutron-lib api/definitions trunk): VLAN ids
// 1-4094, integers possibly as strings.

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

const vlan = z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(1).max(4094));
const subPort = z.strictObject({ port_id: z.string().min(1), segmentation_type: z.enum(["vlan"]), segmentation_id: vlan });

export const trunkCreateSchema = z.strictObject({
  trunk: z.strictObject({
    port_id: z.string().min(1),
    name: neutronName.optional(),
    description: neutronDescription.optional(),
    admin_state_up: neutronBool.optional(),
    sub_ports: z.array(subPort).max(4094).optional(),
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
    tags: neutronTags.optional(),
  }),
});
export const trunkUpdateSchema = z.strictObject({
  trunk: z.strictObject({ name: neutronName.optional(), description: neutronDescription.optional(), admin_state_up: neutronBool.optional() }),
});
export const addSubPortsSchema = z.strictObject({ sub_ports: z.array(subPort).max(4094) });
export const removeSubPortsSchema = z.strictObject({
  sub_ports: z.array(z.strictObject({ port_id: z.string().min(1), segmentation_type: z.string().optional(), segmentation_id: z.unknown().optional() })).max(4094),
});

// Request bodies of /v2.0/floatingips (neutron-lib api/definitions l3 floatingip, fip-port-details,
// qos-fip, dns). Unknown attributes are 400, as Neutron answers them.

import * as z from "zod";
import { neutronDescription, neutronTags } from "./networks.js";

export const floatingIpCreateSchema = z.strictObject({
  floatingip: z.strictObject({
    floating_network_id: z.string().min(1),
    floating_ip_address: z.string().optional(),
    subnet_id: z.string().min(1).optional(),
    port_id: z.string().min(1).nullable().optional(),
    fixed_ip_address: z.string().optional(),
    description: neutronDescription.optional(),
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
    qos_policy_id: z.string().nullable().optional(),
    dns_name: z.string().max(255).optional(),
    dns_domain: z.string().max(255).optional(),
    tags: neutronTags.optional(),
  }),
});
export type FloatingIpCreateBody = z.infer<typeof floatingIpCreateSchema>["floatingip"];

/** `{"port_id": null}` disassociates; a body without port_id keeps the association. */
export const floatingIpUpdateSchema = z.strictObject({
  floatingip: z.strictObject({
    port_id: z.string().min(1).nullable().optional(),
    fixed_ip_address: z.string().nullable().optional(),
    description: neutronDescription.optional(),
    qos_policy_id: z.string().nullable().optional(),
  }),
});
export type FloatingIpUpdateBody = z.infer<typeof floatingIpUpdateSchema>["floatingip"];

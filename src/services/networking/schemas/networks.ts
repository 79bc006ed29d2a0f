// Request bodies of /v2.0/networks (neutron-lib api/definitions network, external-net, provider-net,
// net-mtu-writable, port-security, qos, dns-domain). Unknown attributes are 400, as Neutron answers them.

import * as z from "zod";
import { invalidInput } from "../errors.js";

/** Neutron's convert_to_boolean: JSON booleans, and the strings clients sometimes send. */
export const neutronBool = z.union([
  z.boolean(),
  z.enum(["true", "false", "True", "False", "TRUE", "FALSE"]).transform((v) => v.toLowerCase() === "true"),
]);

export const neutronName = z.string().max(255);
export const neutronDescription = z.string().max(255);
export const neutronTags = z.array(z.string().min(1).max(255)).max(50);

const networkFields = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  admin_state_up: neutronBool.optional(),
  shared: neutronBool.optional(),
  "router:external": neutronBool.optional(),
  // net-mtu-writable converts with convert_to_int: OSC sends `network set --mtu` as a string
  mtu: z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(68).max(9216)).optional(),
  port_security_enabled: neutronBool.optional(),
  qos_policy_id: z.string().nullable().optional(),
  dns_domain: z.string().max(255).optional(),
  is_default: neutronBool.optional(),
};

export const networkCreate = z.strictObject({
  ...networkFields,
  project_id: z.string().min(1).optional(),
  tenant_id: z.string().min(1).optional(),
  availability_zone_hints: z.array(z.string().max(255)).optional(),
  "provider:network_type": z.enum(["flat", "vlan", "vxlan", "geneve", "gre", "local"]).optional(),
  "provider:physical_network": z.string().max(64).nullable().optional(),
  "provider:segmentation_id": z.number().int().min(1).max(16777215).nullable().optional(),
  tags: neutronTags.optional(),
});
export type NetworkCreateBody = z.infer<typeof networkCreate>;

/** One network, or the bulk form `{"networks": [...]}`. */
export const networkCreateSchema = z
  .strictObject({ network: networkCreate.optional(), networks: z.array(networkCreate).min(1).max(100).optional() })
  .refine((b) => (b.network === undefined) !== (b.networks === undefined), "Resource body required: give 'network' (or 'networks' to create several)");

export const networkUpdate = z.strictObject(networkFields);
export type NetworkUpdateBody = z.infer<typeof networkUpdate>;
export const networkUpdateSchema = z.strictObject({ network: networkUpdate });

/** The owner a create body names (`project_id`, or the older `tenant_id`); the two must agree. */
export function requestedProject(body: { project_id?: string; tenant_id?: string }): string | undefined {
  if (body.project_id !== undefined && body.tenant_id !== undefined && body.project_id !== body.tenant_id) {
    throw invalidInput("'project_id' and 'tenant_id' do not match");
  }
  return body.project_id ?? body.tenant_id;
}

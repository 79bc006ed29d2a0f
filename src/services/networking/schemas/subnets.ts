// Request bodies of /v2.0/subnets (neutron-lib api/definitions subnet, subnet_service_types,
// dns publish_fixed_ip). Shapes only: address syntax and the rules between fields are checked in
// operations/subnets.ts, so the messages follow Neutron's validators.

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

/** Neutron's convert_to_int on ip_version: 4 and 6, also as strings. */
const ipVersion = z.union([z.literal(4), z.literal(6), z.enum(["4", "6"]).transform((v) => Number(v) as 4 | 6)]);
const ipv6Mode = z.enum(["slaac", "dhcpv6-stateful", "dhcpv6-stateless"]).nullable();
const pool = z.strictObject({ start: z.string(), end: z.string() });
const hostRoute = z.strictObject({ destination: z.string(), nexthop: z.string() });

const mutable = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  gateway_ip: z.string().nullable().optional(),
  allocation_pools: z.array(pool).max(1024).optional(),
  dns_nameservers: z.array(z.string()).max(64).optional(),
  host_routes: z.array(hostRoute).max(256).optional(),
  enable_dhcp: neutronBool.optional(),
  service_types: z.array(z.string().max(255)).max(64).optional(),
  dns_publish_fixed_ip: neutronBool.optional(),
};

export const subnetCreate = z.strictObject({
  ...mutable,
  network_id: z.string().min(1),
  ip_version: ipVersion,
  cidr: z.string().optional(),
  prefixlen: z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(0).max(128)).optional(),
  ipv6_ra_mode: ipv6Mode.optional(),
  ipv6_address_mode: ipv6Mode.optional(),
  project_id: z.string().min(1).optional(),
  tenant_id: z.string().min(1).optional(),
  tags: neutronTags.optional(),
  subnetpool_id: z.string().min(1).nullable().optional(),
  use_default_subnetpool: neutronBool.optional(),
  // routed-network segments are not emulated: only their "none" value is accepted
  segment_id: z.null().optional(),
});
export type SubnetCreateBody = z.infer<typeof subnetCreate>;

/** One subnet, or the bulk form `{"subnets": [...]}`. */
export const subnetCreateSchema = z
  .strictObject({ subnet: subnetCreate.optional(), subnets: z.array(subnetCreate).min(1).max(100).optional() })
  .refine((b) => (b.subnet === undefined) !== (b.subnets === undefined), "Resource body required: give 'subnet' (or 'subnets' to create several)");

export const subnetUpdate = z.strictObject(mutable);
export type SubnetUpdateBody = z.infer<typeof subnetUpdate>;
export const subnetUpdateSchema = z.strictObject({ subnet: subnetUpdate });

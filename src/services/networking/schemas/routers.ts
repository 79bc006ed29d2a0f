// Request bodies of /v2.0/routers and its interface actions (neutron-lib api/definitions l3, l3_ext_gw_mode,
// extraroute). Unknown attributes are 400, as Neutron answers them.

import * as z from "zod";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

const externalFixedIp = z.strictObject({ subnet_id: z.string().optional(), ip_address: z.string().optional() });

/** `{}` and null both clear the gateway (OSC's `router unset --external-gateway` sends `{}`). */
const externalGatewayInfo = z
  .strictObject({
    network_id: z.string().min(1).optional(),
    enable_snat: neutronBool.optional(),
    external_fixed_ips: z.array(externalFixedIp).max(10).optional(),
  })
  .nullable();

const route = z.strictObject({ destination: z.string(), nexthop: z.string() });

const routerFields = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  admin_state_up: neutronBool.optional(),
  external_gateway_info: externalGatewayInfo.optional(),
  distributed: neutronBool.optional(),
  ha: neutronBool.optional(),
};

export const routerCreateSchema = z.strictObject({
  router: z.strictObject({
    ...routerFields,
    project_id: z.string().min(1).optional(),
    tenant_id: z.string().min(1).optional(),
    availability_zone_hints: z.array(z.string().max(255)).optional(),
    flavor_id: z.string().nullable().optional(),
    tags: neutronTags.optional(),
  }),
});
export type RouterCreateBody = z.infer<typeof routerCreateSchema>["router"];

export const routerUpdateSchema = z.strictObject({
  router: z.strictObject({ ...routerFields, routes: z.array(route).max(30).nullable().optional() }),
});
/** add_extraroutes / remove_extraroutes: `{"router": {"routes": [...]}}`. */
export const extraRoutesSchema = z.strictObject({ router: z.strictObject({ routes: z.array(route).max(30) }) });

export type RouterUpdateBody = z.infer<typeof routerUpdateSchema>["router"];
export type GatewayInfoBody = z.infer<typeof externalGatewayInfo>;

/** add_router_interface / remove_router_interface take a bare object: `{"subnet_id": ...}` or `{"port_id": ...}`. */
export const routerInterfaceSchema = z.strictObject({ subnet_id: z.string().min(1).optional(), port_id: z.string().min(1).optional() });
export type RouterInterfaceBody = z.infer<typeof routerInterfaceSchema>;

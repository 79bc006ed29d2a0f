// Request bodies of /v2.0/floatingips/{id}/port_forwardings (neutron-lib api/definitions
// floating_ip_port_forwarding, ..._port_ranges, ..._description): a port or an `a:b` range each side.

import * as z from "zod";
import { neutronDescription } from "./networks.js";

const port = z.union([z.number(), z.string().regex(/^\d+$/, "not an integer").transform(Number)]).pipe(z.number().int().min(1).max(65535));
const range = z.union([port.transform((n) => `${n}`), z.string().regex(/^\d{1,5}(:\d{1,5})?$/, "is not a valid port range")]);

const fields = {
  protocol: z.enum(["tcp", "udp"]),
  internal_ip_address: z.string().min(1).max(64),
  internal_port_id: z.string().min(1),
  internal_port: port,
  external_port: port,
  internal_port_range: range,
  external_port_range: range,
  description: neutronDescription,
};

export const forwardingCreateSchema = z.strictObject({
  port_forwarding: z.strictObject({
    ...fields,
    internal_port: port.optional(),
    external_port: port.optional(),
    internal_port_range: range.optional(),
    external_port_range: range.optional(),
    description: neutronDescription.optional(),
    project_id: z.string().optional(),
    tenant_id: z.string().optional(),
  }),
});
export const forwardingUpdateSchema = z.strictObject({ port_forwarding: z.strictObject(fields).partial() });
export type ForwardingBody = z.infer<typeof forwardingUpdateSchema>["port_forwarding"];

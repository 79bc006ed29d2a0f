// Request bodies of /v2.0/ports (neutron-lib api/definitions port, portbindings, port_security,
// allowed_address_pairs, qos, securitygroup). Shapes only: addresses, MACs and the rules between fields
// are checked in operations/ports.ts so the answers follow Neutron's validators. Unknown attributes: 400.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { VNIC_TYPES } from "../operations/ports.js";
import { neutronBool, neutronDescription, neutronName, neutronTags } from "./networks.js";

const fixedIp = z
  .strictObject({ subnet_id: z.string().min(1).optional(), ip_address: z.string().min(1).optional() })
  .refine((f) => f.subnet_id !== undefined || f.ip_address !== undefined, "each fixed IP needs a subnet_id or an ip_address");
const addressPair = z.strictObject({ ip_address: z.string().min(1), mac_address: z.string().optional() });
const deviceId = z.string().max(255);
/** extra_dhcp_opt: opt_value null removes the option on update; ip_version 4 unless given */
const extraDhcpOpt = z.strictObject({
  opt_name: z.string().min(1).max(64),
  opt_value: z.string().min(1).max(255).nullable(),
  ip_version: z.union([z.literal(4), z.literal(6), z.enum(["4", "6"]).transform((v) => Number(v) as 4 | 6)]).optional(),
});
const deviceOwner = z.string().max(255);

const mutable = {
  name: neutronName.optional(),
  description: neutronDescription.optional(),
  admin_state_up: neutronBool.optional(),
  fixed_ips: z.array(fixedIp).max(64).optional(),
  device_id: deviceId.optional(),
  device_owner: deviceOwner.optional(),
  security_groups: z.array(z.string().min(1)).max(64).nullable().optional(),
  allowed_address_pairs: z.array(addressPair).nullable().optional(),
  port_security_enabled: neutronBool.optional(),
  qos_policy_id: z.string().nullable().optional(),
  mac_address: z.string().optional(),
  "binding:host_id": z.string().max(255).optional(),
  "binding:vnic_type": z.enum(VNIC_TYPES).optional(),
  "binding:profile": ownRecord(z.string(), z.unknown()).nullable().optional(),
  extra_dhcp_opts: z.array(extraDhcpOpt).max(64).optional(),
  dns_name: z.string().max(255).optional(),
};

export const portCreate = z.strictObject({
  ...mutable,
  network_id: z.string().min(1),
  project_id: z.string().min(1).optional(),
  tenant_id: z.string().min(1).optional(),
  tags: neutronTags.optional(),
});
export type PortCreateBody = z.infer<typeof portCreate>;

/** One port, or the bulk form `{"ports": [...]}` (Nova and Heat create ports in bulk). */
export const portCreateSchema = z
  .strictObject({ port: portCreate.optional(), ports: z.array(portCreate).min(1).max(100).optional() })
  .refine((b) => (b.port === undefined) !== (b.ports === undefined), "Resource body required: give 'port' (or 'ports' to create several)");

export const portUpdate = z.strictObject(mutable);
export type PortUpdateBody = z.infer<typeof portUpdate>;
export const portUpdateSchema = z.strictObject({ port: portUpdate });

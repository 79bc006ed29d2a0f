// Request bodies of /servers (nova/api/openstack/compute/schemas/servers.py, server_metadata.py): shapes
// only; references (flavor, image, network, port, keypair, zone, group) are resolved in the operations.
// The create body stays open to the extension keys clients send (config_drive, personality, ...).

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { accessIPv4, accessIPv6, novaBool, novaInt } from "./parameter-types.js";

/** Nova's `name`: 1-255 printable characters, no leading or trailing whitespace. */
export const serverName = z
  .string()
  .min(1)
  .max(255)
  .refine((n) => n.trim() === n, "Invalid input: leading or trailing whitespace is not allowed");

const positiveInt = z.union([z.number().int().min(1), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(1));

export const metadataSchema = ownRecord(z.string().min(1).max(255), z.string().max(255));

const networkRequest = z.looseObject({
  uuid: z.string().min(1).optional(),
  port: z.string().min(1).optional(),
  fixed_ip: z.string().min(1).optional(),
  tag: z.string().optional(),
});
export type NetworkRequestBody = z.infer<typeof networkRequest>;

/** block_device_mapping_v2 entries (Nova's block_device_mapping_new_item): integers may come as digit strings. */
const blockDevice = z.looseObject({
  source_type: z.enum(["volume", "image", "snapshot", "blank"]).optional(),
  destination_type: z.enum(["volume", "local"]).optional(),
  uuid: z.string().min(1).max(255).optional(),
  boot_index: z.union([novaInt(-(2 ** 31)), z.literal(""), z.null()]).optional(),
  volume_size: z.union([novaInt(0), z.null()]).optional(),
  delete_on_termination: novaBool.optional(),
  device_name: z.string().max(255).nullable().optional(),
  tag: z.string().min(1).max(60).optional(),
});
export type BlockDeviceBody = z.infer<typeof blockDevice>;

const tag = z
  .string()
  .min(1)
  .max(60)
  .refine((t) => !t.includes("/") && !t.includes(","), "Invalid input: a tag may not contain '/' or ','");
export const tagsSchema = z.array(tag).max(50);

export const serverCreate = z.looseObject({
  name: serverName,
  flavorRef: z.union([z.string().min(1), z.number().int()]).transform(String),
  imageRef: z.union([z.string(), z.number().int()]).transform(String).optional(),
  // required from 2.37 in Nova, at every version by the spec: the route decides (routes/servers.ts)
  networks: z.union([z.enum(["auto", "none"]), z.array(networkRequest)]).optional(),
  key_name: z.string().min(1).max(255).nullable().optional(),
  security_groups: z.array(z.looseObject({ name: z.string().min(1).max(255) })).optional(),
  user_data: z.string().max(65535).nullable().optional(),
  availability_zone: z.string().min(1).max(255).nullable().optional(),
  metadata: metadataSchema.optional(),
  description: z.string().max(255).nullable().optional(),
  tags: tagsSchema.optional(),
  block_device_mapping_v2: z.array(blockDevice).optional(),
  min_count: positiveInt.optional(),
  max_count: positiveInt.optional(),
  accessIPv4: accessIPv4.optional(),
  accessIPv6: accessIPv6.optional(),
  config_drive: z.union([z.boolean(), z.string()]).optional(),
  "OS-DCF:diskConfig": z.enum(["AUTO", "MANUAL"]).optional(),
  adminPass: z.string().optional(),
  personality: z.array(z.strictObject({ path: z.string(), contents: z.string() })).optional(),
  // checked by version in the route (hostname.ts)
  hostname: z.unknown().optional(),
});
export type ServerCreateBody = z.infer<typeof serverCreate>;

/** a server id, or a list of them (Nova's same_host / different_host hints) */
const serverIds = z.union([z.string().min(1).max(255).transform((id) => [id]), z.array(z.string().min(1).max(255)).max(1000)]);
const schedulerHints = z.looseObject({ group: z.string().min(1).optional(), same_host: serverIds.optional(), different_host: serverIds.optional() });

export const serverCreateSchema = z.looseObject({
  server: serverCreate,
  "OS-SCH-HNT:scheduler_hints": schedulerHints.optional(),
  "os:scheduler_hints": schedulerHints.optional(),
});

export const serverUpdateSchema = z.strictObject({
  server: z.strictObject({
    name: serverName.optional(),
    description: z.string().max(255).nullable().optional(),
    accessIPv4: accessIPv4.optional(),
    accessIPv6: accessIPv6.optional(),
    "OS-DCF:diskConfig": z.enum(["AUTO", "MANUAL"]).optional(),
    // checked by version in the route (hostname.ts)
    hostname: z.unknown().optional(),
  }),
});
export type ServerUpdateBody = z.infer<typeof serverUpdateSchema>["server"];

export const metadataBodySchema = z.strictObject({ metadata: metadataSchema });
export const metadataItemBodySchema = z.strictObject({ meta: metadataSchema });

const BASE64 = /^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Nova's check of user_data: base64 once whitespace is removed. */
export function isBase64(text: string): boolean {
  return BASE64.test(text.replace(/\s+/g, ""));
}

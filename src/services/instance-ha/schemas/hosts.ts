// Request bodies of /segments/{id}/hosts (masakari/api/openstack/ha/schemas/hosts.py): closed objects.

import * as z from "zod";
import { masakariBool, name } from "./parameter-types.js";

const fields = {
  name,
  type: name,
  control_attributes: z.string().min(1).max(65535),
  reserved: masakariBool.optional(),
  on_maintenance: masakariBool.optional(),
};

export const hostCreateSchema = z.strictObject({ host: z.strictObject(fields) });
export type HostCreateBody = z.infer<typeof hostCreateSchema>["host"];

export const hostUpdateSchema = z.strictObject({
  host: z
    .strictObject({
      name: fields.name.optional(),
      type: fields.type.optional(),
      control_attributes: fields.control_attributes.optional(),
      reserved: fields.reserved,
      on_maintenance: fields.on_maintenance,
    })
    .refine((h) => Object.keys(h).length > 0, "at least one field is required"),
});
export type HostUpdateBody = z.infer<typeof hostUpdateSchema>["host"];

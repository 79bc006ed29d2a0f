// Request bodies of /segments (masakari/api/openstack/ha/schemas/segments.py): closed objects; `enabled`
// is accepted from 1.2 (the route refuses it below).

import * as z from "zod";
import { RECOVERY_METHODS } from "../state.js";
import { description, masakariBool, name } from "./parameter-types.js";

const fields = {
  name,
  description: description.optional(),
  recovery_method: z.enum(RECOVERY_METHODS),
  service_type: name,
  enabled: masakariBool.optional(),
};

export const segmentCreateSchema = z.strictObject({
  segment: z.strictObject(fields),
});
export type SegmentCreateBody = z.infer<typeof segmentCreateSchema>["segment"];

export const segmentUpdateSchema = z.strictObject({
  segment: z
    .strictObject({
      name: fields.name.optional(),
      description: fields.description,
      recovery_method: fields.recovery_method.optional(),
      service_type: fields.service_type.optional(),
      enabled: fields.enabled,
    })
    .refine((s) => Object.keys(s).length > 0, "at least one field is required"),
});
export type SegmentUpdateBody = z.infer<typeof segmentUpdateSchema>["segment"];

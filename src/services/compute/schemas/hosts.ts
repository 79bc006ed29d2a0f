// Request bodies of PUT /os-services (nova/api/openstack/compute/schemas/services.py): from 2.53 the
// service by id with status / disabled_reason / forced_down; before, actions on {host, binary}.

import * as z from "zod";
import { novaBool } from "./parameter-types.js";

const reason = z.string().min(1).max(255);

export const serviceUpdateSchema = z.strictObject({
  status: z.enum(["enabled", "disabled"]).optional(),
  disabled_reason: reason.optional(),
  forced_down: novaBool.optional(),
});

const hostBinary = { host: z.string().min(1).max(255), binary: z.string().min(1).max(255) };
export const serviceActionSchema = z.strictObject(hostBinary);
export const serviceDisableLogSchema = z.strictObject({ ...hostBinary, disabled_reason: reason });
export const serviceForceDownSchema = z.strictObject({ ...hostBinary, forced_down: novaBool });

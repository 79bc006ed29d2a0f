// Request bodies of /qos-specs (cinder/api/schemas/qos_specs.py): a name, a consumer and any number of
// spec keys side by side in one object; updates carry spec keys only; delete_keys a list of keys.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";

const specValue = z.union([z.string().max(255), z.number(), z.boolean()]).transform(String);

export const createQosBody = z.object({
  qos_specs: ownRecord(z.string().min(1).max(255), specValue).refine((r) => Object.hasOwn(r, "name"), "name is required"),
});
export const updateQosBody = z.object({ qos_specs: ownRecord(z.string().min(1).max(255), specValue) });
export const deleteKeysBody = z.object({ keys: z.array(z.string().min(1).max(255)).min(1) });

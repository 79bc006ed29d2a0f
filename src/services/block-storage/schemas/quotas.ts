// Request bodies of PUT /os-quota-sets/{project_id} (cinder/api/schemas/quotas.py) and PUT
// /os-quota-class-sets/{class}: limits as integers (or digit strings) of -1 or more; the keys are checked
// against the types that exist in the operation.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { cinderInt } from "./parameter-types.js";

export const updateQuotaBody = z.object({
  quota_set: ownRecord(z.string().min(1).max(255), z.union([cinderInt(-1), z.string().max(255), z.boolean()])),
});

export const updateQuotaClassBody = z.object({
  quota_class_set: ownRecord(z.string().min(1).max(255), z.union([cinderInt(-1), z.string().max(255), z.boolean()])),
});

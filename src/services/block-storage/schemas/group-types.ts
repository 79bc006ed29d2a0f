// Request bodies of /group_types and their group specs (cinder/api/schemas/group_types.py, group_specs.py).

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { cinderBool } from "./parameter-types.js";

export const groupSpecsSchema = ownRecord(z.string().min(1).max(255), z.string().max(255));

export const createGroupTypeBody = z.strictObject({
  group_type: z.strictObject({
    name: z.string().min(1).max(255),
    description: z.string().max(255).nullable().optional(),
    is_public: cinderBool.optional(),
    group_specs: groupSpecsSchema.optional(),
  }),
});

export const updateGroupTypeBody = z.strictObject({
  group_type: z.strictObject({
    name: z.string().min(1).max(255).nullable().optional(),
    description: z.string().max(255).nullable().optional(),
    is_public: cinderBool.optional(),
  }),
});

export const createGroupSpecsBody = z.strictObject({ group_specs: groupSpecsSchema });
/** PUT /group_types/{id}/group_specs/{key}: `{key: value}`, the key the path names */
export const updateGroupSpecBody = groupSpecsSchema;

// Request bodies of /types, extra specs and type access (cinder/api/schemas/volume_types.py,
// volume_type_access.py, types_extra_specs.py).

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { cinderBool, nullableText } from "./parameter-types.js";

export const extraSpecsSchema = ownRecord(z.string().min(1).max(255), z.string().max(255));

export const createTypeBody = z.object({
  volume_type: z.object({
    name: z.string().min(1).max(255),
    description: nullableText.optional(),
    "os-volume-type-access:is_public": cinderBool.optional(),
    is_public: cinderBool.optional(),
    extra_specs: extraSpecsSchema.optional(),
  }),
});

export const updateTypeBody = z.object({
  volume_type: z.object({
    name: z.string().min(1).max(255).nullable().optional(),
    description: nullableText.optional(),
    is_public: cinderBool.optional(),
  }),
});

export const extraSpecsBody = z.strictObject({ extra_specs: extraSpecsSchema });
/** PUT /types/{id}/extra_specs/{key}: `{key: value}` */
export const extraSpecItemBody = extraSpecsSchema;

const project = z.object({ project: z.string().min(1).max(255) });
export const typeActionBody = z.union([
  z.strictObject({ addProjectAccess: project }),
  z.strictObject({ removeProjectAccess: project }),
]);

// cinder/api/schemas/volume_type_encryption.py: a provider and a control location to create, any of the
// four to update; key_size an integer (or digit string) of 0 or more, or null. Other keys are dropped.
const encryptionFields = {
  key_size: z.union([z.number().int(), z.string().trim().regex(/^\d+$/, "must be an integer").transform(Number)]).pipe(z.number().int().min(0).max(2 ** 31 - 1)).nullable().optional(),
  provider: z.string().max(255),
  control_location: z.enum(["front-end", "back-end"]),
  cipher: z.string().max(255).nullable().optional(),
};
export const createEncryptionBody = z.strictObject({ encryption: z.object(encryptionFields) });
export const updateEncryptionBody = z.strictObject({ encryption: z.object(encryptionFields).partial() });

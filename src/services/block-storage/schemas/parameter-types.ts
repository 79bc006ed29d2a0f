// Cinder's shared request-parameter types (cinder/api/validation/parameter_types.py): names, booleans as
// oslo's bool_from_string accepts them, sizes that may come as digit strings (cinderclient sends strings).

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";

/** A name or description: up to 255 characters, or null. */
export const nullableText = z.string().max(255).nullable();

export const cinderBool = z.union([
  z.boolean(),
  z
    .string()
    .refine((v) => /^(true|false|1|0|yes|no|on|off|t|f|y|n)$/i.test(v), "is not a boolean")
    .transform((v) => /^(true|1|yes|on|t|y)$/i.test(v)),
]);

/** An integer, or a string of digits, at least `min`. */
export const cinderInt = (min: number, max = 2 ** 31 - 1) =>
  z
    .union([z.number().int(), z.string().trim().regex(/^-?\d+$/, "must be an integer").transform(Number)])
    .pipe(z.number().int().min(min).max(max));

/** metadata: keys of 1-255 characters, string values of at most 255 */
export const metadataSchema = ownRecord(z.string().min(1).max(255), z.string().max(255));

/** Parses a query value as oslo bool_from_string does; undefined when not a boolean. */
export function queryBool(value: string): boolean | undefined {
  if (/^(true|1|yes|on|t|y)$/i.test(value)) return true;
  if (/^(false|0|no|off|f|n)$/i.test(value)) return false;
  return undefined;
}

/** parameter_types.uuid: oslo is_uuid_like (32 hex digits, dashes optional) */
export const cinderUuid = z.string().regex(/^(?:[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12})$/, "is not a UUID");

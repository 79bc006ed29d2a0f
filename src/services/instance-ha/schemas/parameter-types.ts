// Masakari's shared parameter types (masakari/api/validation/parameter_types.py): names without
// leading or trailing blanks, descriptions up to 255 characters, and its boolean enum (true/false as JSON
// or as the strings it lists).

import * as z from "zod";

/** parameter_types.name: 1-255 characters, not blank, no leading or trailing whitespace */
export const name = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => v.trim() === v && v.length > 0, "must not start or end with whitespace");

/** parameter_types.description: a string of up to 255 characters, or null */
export const description = z.string().max(255).nullable();

const TRUE = ["True", "TRUE", "true", "1", "ON", "On", "on", "YES", "Yes", "yes"];
const FALSE = ["False", "FALSE", "false", "0", "OFF", "Off", "off", "NO", "No", "no"];

/** parameter_types.boolean: a JSON boolean or one of the strings Masakari's enum lists */
export const masakariBool = z.union([
  z.boolean(),
  z.enum([...TRUE, ...FALSE] as [string, ...string[]]).transform((v) => TRUE.includes(v)),
]);

/** A boolean query filter as oslo's bool_from_string(strict=True) reads it; undefined when not a boolean. */
export function queryBool(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (["1", "t", "true", "on", "y", "yes"].includes(v)) return true;
  if (["0", "f", "false", "off", "n", "no"].includes(v)) return false;
  return undefined;
}

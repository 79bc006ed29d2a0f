// Nova's shared request-parameter types (nova/api/validation/parameter_types.py) for the rest of the compute
// API: names, booleans as Nova accepts them, integers that may come as digit strings.

import * as z from "zod";
import { computeHooks } from "../../networking/index.js";

/** 1-255 printable characters without leading or trailing whitespace. */
export const novaName = z
  .string()
  .min(1)
  .max(255)
  .regex(/^\S(.*\S)?$/s, "must not have leading or trailing whitespace");

/** parameter_types.boolean: JSON booleans and the strings oslo's bool_from_string accepts strictly. */
export const novaBool = z.union([
  z.boolean(),
  z
    .string()
    .refine((v) => /^(true|false|1|0|yes|no|on|off|t|f|y|n)$/i.test(v), "is not a boolean")
    .transform((v) => /^(true|1|yes|on|t|y)$/i.test(v)),
]);

/** An integer, or a string of digits (Nova accepts both), at least `min`. */
export const novaInt = (min: number, max = 2 ** 31 - 1) =>
  z
    .union([z.number().int(), z.string().trim().regex(/^-?\d+$/, "must be an integer").transform(Number)])
    .pipe(z.number().int().min(min).max(max));

/** Parses a query value as oslo bool_from_string(strict) does; undefined when not a boolean. */
export function queryBool(value: string): boolean | undefined {
  if (/^(true|1|yes|on|t|y)$/i.test(value)) return true;
  if (/^(false|0|no|off|f|n)$/i.test(value)) return false;
  return undefined;
}

/** A UUID as Nova's is_uuid_like accepts it (dashes optional). */
export const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** parameter_types.accessIPv4 (format ipv4); "" clears it. */
export const accessIPv4 = z.string().refine((v) => v === "" || computeHooks.ipVersionOf(v) === 4, "is not a 'ipv4'");

/** parameter_types.accessIPv6 (format ipv6), kept as Nova stores it: netaddr's canonical text; "" clears it. */
export const accessIPv6 = z
  .string()
  .refine((v) => v === "" || (v.includes(":") && computeHooks.ipVersionOf(v) === 6), "is not a 'ipv6'")
  .transform((v) => (v === "" ? v : (computeHooks.canonicalIp(v) ?? v)));

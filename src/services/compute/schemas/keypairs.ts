// Request body of POST /os-keypairs (nova/api/openstack/compute/schemas/keypairs.py): `type` from 2.2,
// `user_id` (admins, for another user) from 2.10; from 2.92 `public_key` is required (no key is generated).

import * as z from "zod";
import type { Microversion } from "../microversion.js";

const base = { name: z.string(), public_key: z.string().optional() };
const v22 = { ...base, type: z.enum(["ssh", "x509"]).optional() };
const v210 = { ...v22, user_id: z.string().min(1).optional() };

const create21 = z.strictObject({ keypair: z.strictObject(base) });
const create22 = z.strictObject({ keypair: z.strictObject(v22) });
const create210 = z.strictObject({ keypair: z.strictObject(v210) });
const create292 = z.strictObject({ keypair: z.strictObject({ ...v210, public_key: z.string() }) });

export type KeypairCreateBody = z.infer<typeof create210>["keypair"];

export function keypairCreateSchema(mv: Microversion): z.ZodType<{ keypair: KeypairCreateBody }> {
  return mv >= 92 ? create292 : mv >= 10 ? create210 : mv >= 2 ? create22 : create21;
}

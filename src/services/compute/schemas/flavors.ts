// Request bodies of /flavors (nova/api/openstack/compute/schemas/flavor_manage.py, flavors_extraspecs.py):
// create with `description` from 2.55; update (description only, 2.55); extra specs as string maps.

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { novaBool, novaInt, novaName } from "./parameter-types.js";

const description = z.string().max(65535).nullable();

const flavorFields = {
  name: novaName,
  // a string, or a number Nova keeps as its string (`"id": 10` is flavor "10")
  id: z
    .union([
      z.string().min(1).max(255).regex(/^(?! )[a-zA-Z0-9. _-]+(?<! )$/, "must be letters, digits, spaces, periods, dashes and underscores"),
      z.number().refine(Number.isFinite).transform(String),
    ])
    .nullable()
    .optional(),
  ram: novaInt(1),
  vcpus: novaInt(1),
  disk: novaInt(0),
  "OS-FLV-EXT-DATA:ephemeral": novaInt(0).optional(),
  swap: novaInt(0).optional(),
  rxtx_factor: z
    .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/, "must be a number").transform(Number)])
    .pipe(z.number().gt(0).max(3.40282e38))
    .optional(),
  "os-flavor-access:is_public": novaBool.optional(),
};

export const flavorCreateSchema = z.strictObject({ flavor: z.strictObject(flavorFields) });
/** from 2.55 */
export const flavorCreateSchema255 = z.strictObject({ flavor: z.strictObject({ ...flavorFields, description: description.optional() }) });
export type FlavorCreateBody = z.infer<typeof flavorCreateSchema255>["flavor"];

export const flavorUpdateSchema = z.strictObject({ flavor: z.strictObject({ description }) });

const specKey = z.string().min(1).max(255).regex(/^[a-zA-Z0-9-_:. ]+$/, "has characters an extra spec key may not have");
const specValue = z.union([z.string().max(255), z.number().transform(String), z.boolean().transform(String)]);
export const extraSpecsSchema = z.strictObject({ extra_specs: ownRecord(specKey, specValue) });
/** PUT /os-extra_specs/{key}: `{"<key>": "<value>"}` */
export const extraSpecItemSchema = ownRecord(specKey, specValue);

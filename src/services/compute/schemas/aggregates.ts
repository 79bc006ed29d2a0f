// Request bodies of /os-aggregates (nova/api/openstack/compute/schemas/aggregates.py): create and update
// {name, availability_zone}, and the actions add_host, remove_host, set_metadata (null drops a key).

import * as z from "zod";
import { ownRecord } from "../../../kernel/own.js";
import { UUID } from "./parameter-types.js";

const name = z.string().min(1).max(255).refine((n) => n.trim() !== "", "must not be blank");
const zone = z.string().min(1).max(255).refine((n) => !n.includes(":"), "must not contain ':'").nullable();

export const aggregateCreateSchema = z.strictObject({ aggregate: z.strictObject({ name, availability_zone: zone.optional() }) });

export const aggregateUpdateSchema = z.strictObject({
  aggregate: z
    .strictObject({ name: name.optional(), availability_zone: zone.optional() })
    .refine((a) => a.name !== undefined || a.availability_zone !== undefined, "name or availability_zone is required"),
});

const host = z.strictObject({ host: z.string().min(1).max(255) });
export const addHostBody = z.strictObject({ add_host: host });
export const removeHostBody = z.strictObject({ remove_host: host });
export const setMetadataBody = z.strictObject({
  set_metadata: z.strictObject({
    metadata: ownRecord(z.string().min(1).max(255).regex(/^[a-zA-Z0-9-_:. ]+$/, "has characters a metadata key may not have"), z.string().max(255).nullable()),
  }),
});

/** 2.81 image cache request (schemas/aggregate_images.py): at least one `{id}`, each a UUID. */
export const aggregateImagesSchema = z.strictObject({
  cache: z.array(z.strictObject({ id: z.string().regex(UUID, "is not a 'uuid'") })).min(1),
});

export const aggregateActionSchema = z.union([addHostBody, removeHostBody, setMetadataBody]);

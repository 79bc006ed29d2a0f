// Request bodies of /volumes and /volumes/{id}/metadata (cinder/api/schemas/volumes.py,
// volume_metadata.py): shapes only; references (type, source, snapshot, image, zone) are resolved in the
// operations. cinderclient sends every key, null where unset (consistencygroup_id and backup_id even at 3.0).

import * as z from "zod";
import { cinderBool, cinderInt, metadataSchema, nullableText } from "./parameter-types.js";

const ref = z.string().min(1).max(255).nullable().optional();

export const createVolumeBody = z.object({
  volume: z.object({
    name: nullableText.optional(),
    description: nullableText.optional(),
    // the v1 names cinderclient's older commands still send
    display_name: nullableText.optional(),
    display_description: nullableText.optional(),
    size: cinderInt(1).nullable().optional(),
    volume_type: ref,
    availability_zone: ref,
    source_volid: ref,
    snapshot_id: ref,
    imageRef: ref,
    backup_id: ref,
    consistencygroup_id: ref,
    group_id: ref,
    metadata: metadataSchema.nullable().optional(),
    multiattach: cinderBool.nullable().optional(),
  }),
  "OS-SCH-HNT:scheduler_hints": z.record(z.string(), z.unknown()).nullable().optional(),
});
export type CreateVolumeBody = z.output<typeof createVolumeBody>["volume"];

export const updateVolumeBody = z.object({
  volume: z.object({
    name: nullableText.optional(),
    description: nullableText.optional(),
    display_name: nullableText.optional(),
    display_description: nullableText.optional(),
    metadata: metadataSchema.nullable().optional(),
  }),
});
export type UpdateVolumeBody = z.output<typeof updateVolumeBody>["volume"];

export const metadataBody = z.strictObject({ metadata: metadataSchema });
export const metadataItemBody = z.strictObject({ meta: metadataSchema });

// Request bodies of /snapshots (cinder/api/schemas/snapshots.py, snapshot_metadata.py, admin_actions.py):
// closed objects, as Cinder's JSON schemas are (`additionalProperties: false`).

import * as z from "zod";
import { cinderBool, metadataSchema, nullableText } from "./parameter-types.js";

export const snapshotCreateSchema = z.strictObject({
  snapshot: z.strictObject({
    volume_id: z.string().min(1),
    name: nullableText.optional(),
    display_name: nullableText.optional(),
    description: nullableText.optional(),
    force: cinderBool.optional(),
    metadata: metadataSchema.nullable().optional(),
  }),
});
export type SnapshotCreateBody = z.infer<typeof snapshotCreateSchema>["snapshot"];

export const snapshotUpdateSchema = z.strictObject({
  snapshot: z
    .strictObject({
      name: nullableText.optional(),
      description: nullableText.optional(),
      display_name: nullableText.optional(),
      display_description: nullableText.optional(),
    })
    .refine((s) => Object.keys(s).length > 0, "Invalid input: name or description is required"),
});
export type SnapshotUpdateBody = z.infer<typeof snapshotUpdateSchema>["snapshot"];

export const snapshotMetadataSchema = z.strictObject({ metadata: metadataSchema });
export const snapshotMetaItemSchema = z.strictObject({ meta: metadataSchema });

/** POST /snapshots/{id}/action: one admin action per body. */
export const snapshotActionSchema = z.union([
  z.strictObject({ "os-reset_status": z.strictObject({ status: z.string().min(1) }) }),
  z.strictObject({ "os-force_delete": z.union([z.strictObject({}), z.null()]) }),
]);
export type SnapshotActionBody = z.infer<typeof snapshotActionSchema>;

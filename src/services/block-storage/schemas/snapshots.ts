// Request bodies of /snapshots (cinder/api/schemas/snapshots.py, snapshot_metadata.py, admin_actions.py):
// closed objects, as Cinder's JSON schemas are (`additionalProperties: false`).

import * as z from "zod";
import { cinderBool, metadataSchema, nullableText } from "./parameter-types.js";

export const snapshotCreateSchema = z.strictObject({
  snapshot: z.strictObject({
    // null passes Cinder's schema (uuid_allow_null) and is then a volume not found (404)
    volume_id: z.string().min(1).nullable(),
    name: nullableText.optional(),
    display_name: nullableText.optional(),
    description: nullableText.optional(),
    force: cinderBool.optional(),
    metadata: metadataSchema.nullable().optional(),
  }),
});
export type SnapshotCreateBody = z.infer<typeof snapshotCreateSchema>["snapshot"];

export const snapshotUpdateSchema = z.strictObject({
  // at least one of them, which updateSnapshot checks once it knows the snapshot is the caller's
  snapshot: z.strictObject({
    name: nullableText.optional(),
    description: nullableText.optional(),
    display_name: nullableText.optional(),
    display_description: nullableText.optional(),
  }),
});
export type SnapshotUpdateBody = z.infer<typeof snapshotUpdateSchema>["snapshot"];

export const snapshotMetadataSchema = z.strictObject({ metadata: metadataSchema });
export const snapshotMetaItemSchema = z.strictObject({ meta: metadataSchema });

/** Cinder's `progress` format: an integer percentage from 0 to 100, `"90%"`; empty means none. */
const progress = z
  .string()
  .refine((p) => p === "" || (/^\s*[-+]?\d+%$/.test(p) && Number(p.slice(0, -1)) >= 0 && Number(p.slice(0, -1)) <= 100), "progress must be an integer percentage");

/** POST /snapshots/{id}/action: one action per body (two for admins, os-update_snapshot_status for the owner). */
export const snapshotActionSchema = z.union([
  z.strictObject({ "os-reset_status": z.strictObject({ status: z.string().min(1) }) }),
  z.strictObject({ "os-force_delete": z.union([z.strictObject({}), z.null()]) }),
  z.strictObject({ "os-update_snapshot_status": z.strictObject({ status: z.string(), progress: progress.nullable().optional() }) }),
]);
export type SnapshotActionBody = z.infer<typeof snapshotActionSchema>;

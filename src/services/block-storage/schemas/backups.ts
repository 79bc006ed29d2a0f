// Request bodies of /backups (cinder/api/schemas/backups.py, admin_actions.py): closed objects, as Cinder's
// JSON schemas are. cinderclient sends every key, with nulls for what the user left out.

import * as z from "zod";
import { cinderBool, metadataSchema, nullableText } from "./parameter-types.js";

export const backupCreateSchema = z.strictObject({
  backup: z.strictObject({
    volume_id: z.string().min(1),
    container: nullableText.optional(),
    name: nullableText.optional(),
    description: nullableText.optional(),
    incremental: cinderBool.optional(),
    force: cinderBool.optional(),
    snapshot_id: z.string().min(1).nullable().optional(),
    /** 3.43 */
    metadata: metadataSchema.nullable().optional(),
    /** 3.51 */
    availability_zone: nullableText.optional(),
  }),
});
export type BackupCreateBody = z.infer<typeof backupCreateSchema>["backup"];

/** PUT /backups/{id} (3.9; metadata from 3.43) */
export const backupUpdateSchema = z.strictObject({
  backup: z
    .strictObject({
      name: nullableText.optional(),
      description: nullableText.optional(),
      metadata: metadataSchema.optional(),
    })
    .nullable(),
});
export type BackupUpdateBody = NonNullable<z.infer<typeof backupUpdateSchema>["backup"]>;

/** POST /backups/{id}/restore: into a new volume (named, or `restore_backup_<id>`) or an existing one. */
export const backupRestoreSchema = z.strictObject({
  restore: z
    .strictObject({
      name: nullableText.optional(),
      volume_id: z.string().min(1).nullable().optional(),
    })
    .nullable(),
});
export type BackupRestoreBody = NonNullable<z.infer<typeof backupRestoreSchema>["restore"]>;

/** POST /backups/{id}/action (admin): os-reset_status to available or error, os-force_delete. */
export const backupActionSchema = z.union([
  z.strictObject({ "os-reset_status": z.strictObject({ status: z.string().min(1) }) }),
  z.strictObject({ "os-force_delete": z.union([z.strictObject({}), z.null()]) }),
]);
export type BackupActionBody = z.infer<typeof backupActionSchema>;

/** POST /backups/import_record (admin): a record GET /backups/{id}/export_record gave. */
export const backupImportSchema = z.strictObject({
  "backup-record": z.strictObject({
    backup_service: z.string().max(255),
    backup_url: z.string().min(1),
  }),
});

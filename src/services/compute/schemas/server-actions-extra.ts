// Request bodies of the server actions added beside the originals (nova/api/openstack/compute/schemas/
// servers.py rebuild*, shelve.py, rescue.py, admin_password.py, migrate_server.py, create_backup.py,
// security_groups.py, and server_tags.py): one schema per action key, as in server-actions.ts.

import * as z from "zod";
import { metadataSchema } from "./servers.js";
import { accessIPv4, accessIPv6, novaBool, novaInt, novaName } from "./parameter-types.js";


export const rebuildBody = z.strictObject({
  rebuild: z.strictObject({
    imageRef: z.string().min(1),
    name: novaName.optional(),
    adminPass: z.string().optional(),
    metadata: metadataSchema.optional(),
    preserve_ephemeral: novaBool.optional(),
    "OS-DCF:diskConfig": z.enum(["AUTO", "MANUAL"]).optional(),
    accessIPv4: accessIPv4.optional(),
    accessIPv6: accessIPv6.optional(),
    personality: z.array(z.strictObject({ path: z.string().max(255), contents: z.string() })).optional(),
    description: z.string().max(255).nullable().optional(),
    key_name: novaName.nullable().optional(),
    user_data: z.string().max(65535).nullable().optional(),
    trusted_image_certificates: z.array(z.string().min(1)).min(1).max(50).nullable().optional(),
    // checked by version in the route (hostname.ts)
    hostname: z.unknown().optional(),
  }),
});

/** An action without arguments: `{"<key>": null}`, or `{}` as tempest's clients send it (Nova takes both). */
export const nullAction = (key: string) => z.strictObject({ [key]: z.union([z.null(), z.strictObject({})]) });

/** unshelve: null, or from 2.77 `{availability_zone}` */
export const unshelveBody = z.strictObject({
  unshelve: z.strictObject({ availability_zone: novaName }).nullable(),
});

/**
 * From 2.91: null, or an object with any of `availability_zone` (a string, or null to unpin) and `host`
 * (nova/api/openstack/compute/schemas/shelve.py unshelve_v291).
 */
export const unshelveBody291 = z.strictObject({
  unshelve: z.strictObject({ availability_zone: z.string().nullable().optional(), host: z.string().optional() }).nullable(),
});

export const rescueBody = z.strictObject({
  rescue: z.strictObject({ adminPass: z.string().optional(), rescue_image_ref: z.string().min(1).optional() }).nullable(),
});

export const changePasswordBody = z.strictObject({
  changePassword: z.strictObject({ adminPass: z.string() }),
});

export const migrateBody = z.strictObject({
  migrate: z.strictObject({ host: novaName.optional() }).nullable(),
});

export const liveMigrateBody = z.strictObject({
  "os-migrateLive": z.strictObject({
    host: novaName.nullable(),
    block_migration: z.union([novaBool, z.literal("auto")]),
    disk_over_commit: novaBool.optional(),
    force: novaBool.optional(),
  }),
});

export const createBackupBody = z.strictObject({
  createBackup: z.strictObject({
    name: novaName,
    backup_type: z.string(),
    rotation: novaInt(0),
    metadata: metadataSchema.optional(),
  }),
});

export const securityGroupActionBody = (key: "addSecurityGroup" | "removeSecurityGroup") =>
  z.strictObject({ [key]: z.strictObject({ name: z.string().min(1) }) });

/** parameter_types.tag: 1-60 characters, no '/' nor ',' */
export const tagSchema = z.string().min(1).max(60).regex(/^[^,/]*$/, "must not contain '/' or ','");

export const tagsBody = z.strictObject({ tags: z.array(tagSchema).max(50) });

export const remoteConsoleBody = z.strictObject({
  remote_console: z.strictObject({
    protocol: z.enum(["vnc", "spice", "rdp", "serial", "mks"]),
    type: z.enum(["novnc", "xvpvnc", "spice-html5", "spice-direct", "rdp-html5", "serial", "webmks"]),
  }),
});

export const legacyConsoleBody = (key: string) => z.strictObject({ [key]: z.strictObject({ type: z.string() }) });

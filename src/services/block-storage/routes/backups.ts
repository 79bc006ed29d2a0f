// /backups (cinder/api/contrib/backups.py, v3/backups.py, contrib/admin_actions.py BackupAdminController):
// create (202, the short body), list and detail (name, status, volume_id filters; all_tenants for admins;
// limit/marker with `backups_links`), show, update (3.9), delete (202), restore (202), and for admins the
// actions os-reset_status / os-force_delete and the record export (200) / import (201).

import { rejectInvalidFilters } from "./resource-filters.js";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { forbidden, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import {
  createBackup,
  deleteBackup,
  exportBackupRecord,
  forceDeleteBackup,
  importBackupRecord,
  hasDependents,
  resetBackupStatus,
  restoreBackup,
  updateBackup,
  visibleBackup,
} from "../operations/backups.js";
import { backupActionSchema, backupCreateSchema, backupImportSchema, backupRestoreSchema, backupUpdateSchema } from "../schemas/backups.js";
import type { Backup } from "../state.js";
import { backupDetail, backupSummary, restoreView } from "../views/backups.js";
import type { BlockStorageDeps } from "./deps.js";
import { listPage, listQuery } from "./list.js";
import { queryBool } from "../schemas/parameter-types.js";
import { collectionBody } from "../views/links.js";
import { actionVariants } from "../../../kernel/http/variants.js";

const id = (c: Ctx) => c.req.param("id")!;

const SORT_KEYS = ["created_at", "updated_at", "id", "name", "status", "size", "volume_id", "container"] as const;

function sortValue(b: Backup, key: string): string | number | null {
  switch (key) {
    case "created_at":
      return b.createdAt;
    case "updated_at":
      return b.updatedAt;
    case "volume_id":
      return b.volumeId;
    default:
      return (b as unknown as Record<string, string | number | null>)[key] ?? null;
  }
}

/** Backup update arrived in 3.9; below it Cinder has no such method (404). */
const BACKUP_UPDATE_MV = 9;

export function backupRoutes(deps: BlockStorageDeps): RouteDef[] {
  const list = (detail: boolean) => (c: Ctx) => {
    const mv = microversion(c);
    const s = deps.state();
    rejectInvalidFilters(c, deps.caller(c), "backup");
    const query = listQuery(c, deps.caller(c), deps.kernel.options.maxPageSize, SORT_KEYS);
    const [name, status, volumeId] = [queryParam(c, "name"), queryParam(c, "status"), queryParam(c, "volume_id")];
    const match = (b: Backup) =>
      (name === undefined || b.name === name) && (status === undefined || b.status === status) && (volumeId === undefined || b.volumeId === volumeId);
    const page = listPage(s.backups, { ...query, name }, match, sortValue);
    const items = page.items.map((b) => (detail ? backupDetail(c, b, mv, hasDependents(s, b.id)) : backupSummary(c, b)));
    const body = collectionBody(c, "backups", items, query.limit, () => page.items.at(-1)!.id);
    if (mv >= 45 && queryBool(queryParam(c, "with_count") ?? "false")) body.count = page.count();
    return c.json(body);
  };
  const adminOnly = (c: Ctx, action: string) => {
    if (!deps.caller(c).isAdmin) throw forbidden(`Policy doesn't allow volume_extension:backup_admin_actions:${action} to be performed.`);
  };

  return [
    route({
      method: "POST",
      path: "/backups",
      operation: "block-storage.backup.create",
      schema: backupCreateSchema,
      handler: (c, { backup: body }) => {
        const mv = microversion(c);
        const backup = deps.write(c, (s, ctx) => createBackup(s, ctx, body, mv));
        return c.json({ backup: backupSummary(c, backup) }, 202);
      },
    }),
    { method: "GET", path: "/backups", operation: "block-storage.backup.list", handler: list(false) },
    { method: "GET", path: "/backups/detail", operation: "block-storage.backup.list-detail", handler: list(true) },
    route({
      method: "POST",
      path: "/backups/import_record",
      operation: "block-storage.backup.import",
      policy: "admin",
      schema: backupImportSchema,
      handler: (c, { "backup-record": record }) => {
        const backup = deps.write(c, (s, ctx) => importBackupRecord(s, ctx, record.backup_service, record.backup_url));
        return c.json({ backup: backupSummary(c, backup) }, 201);
      },
    }),
    {
      method: "GET",
      path: "/backups/:id/export_record",
      operation: "block-storage.backup.export",
      policy: "admin",
      handler: (c) => c.json({ "backup-record": exportBackupRecord(deps.state(), deps.caller(c), id(c)) }),
    },
    {
      method: "GET",
      path: "/backups/:id",
      operation: "block-storage.backup.show",
      handler: (c) => {
        const s = deps.state();
        const backup = visibleBackup(s, deps.caller(c), id(c));
        return c.json({ backup: backupDetail(c, backup, microversion(c), hasDependents(s, backup.id)) });
      },
    },
    route({
      method: "PUT",
      path: "/backups/:id",
      operation: "block-storage.backup.update",
      schema: backupUpdateSchema,
      schemaFor: (c) => {
        if (microversion(c) < BACKUP_UPDATE_MV) throw itemNotFound("The resource could not be found.");
        return backupUpdateSchema;
      },
      handler: (c, { backup: body }) => {
        const mv = microversion(c);
        const backup = deps.write(c, (s, ctx) => updateBackup(s, ctx, id(c), body ?? {}, mv));
        return c.json({ backup: backupSummary(c, backup) });
      },
    }),
    {
      method: "DELETE",
      path: "/backups/:id",
      operation: "block-storage.backup.delete",
      handler: (c) => {
        deps.write(c, (s, ctx) => deleteBackup(s, ctx, id(c)));
        return c.body(null, 202);
      },
    },
    route({
      method: "POST",
      path: "/backups/:id/restore",
      operation: "block-storage.backup.restore",
      schema: backupRestoreSchema,
      handler: (c, { restore }) => {
        const { backup, volume } = deps.write(c, (s, ctx) => restoreBackup(s, ctx, id(c), restore ?? {}));
        return c.json(restoreView(backup.id, volume.id, volume.name), 202);
      },
    }),
    route({
      method: "POST",
      path: "/backups/:id/action",
      operation: "block-storage.backup.action",
      variants: actionVariants("block-storage.backup.action", ["os-reset_status", "os-force_delete"]),
      schema: backupActionSchema,
      handler: (c, body) => {
        if ("os-reset_status" in body) {
          adminOnly(c, "reset_status");
          deps.write(c, (s, ctx) => resetBackupStatus(s, ctx, id(c), body["os-reset_status"].status));
        } else {
          adminOnly(c, "force_delete");
          deps.write(c, (s, ctx) => forceDeleteBackup(s, ctx, id(c)));
        }
        return c.body(null, 202);
      },
    }),
  ];
}

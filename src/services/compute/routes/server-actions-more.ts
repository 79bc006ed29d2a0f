// More server actions for server-actions-extra.ts: migrate (2.56 host), os-migrateLive (2.25
// block_migration 'auto' and no disk_over_commit; force 2.30-2.67), createBackup, add/removeSecurityGroup
// the console actions of 2.1-2.5 (os-getVNCConsole, ...; 404 from 2.6, remote-consoles replaces them),
// restore and forceDelete (deferred delete).

import type * as z from "zod";
import { validate } from "../../../kernel/http/body.js";
import { baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { badRequest } from "../errors.js";
import { liveMigrate, migrate } from "../operations/server-migrate.js";
import { createBackup } from "../operations/server-backup.js";
import { addSecurityGroup, removeSecurityGroup } from "../operations/server-security-groups.js";
import { consoleUrl, type ConsoleProtocol } from "../operations/server-consoles.js";
import { visibleServer } from "../operations/servers.js";
import { forceDelete, restore } from "../operations/server-soft-delete.js";
import { createBackupBody, legacyConsoleBody, nullAction, liveMigrateBody, migrateBody, securityGroupActionBody } from "../schemas/server-actions-extra.js";
import { itemNotFound } from "../errors.js";

const LEGACY_CONSOLES: Record<string, ConsoleProtocol> = {
  "os-getVNCConsole": "vnc",
  "os-getSPICEConsole": "spice",
  "os-getRDPConsole": "rdp",
  "os-getSerialConsole": "serial",
};
import type { ComputeDeps } from "./deps.js";
import { onlyIn, type Act, type ActionHandler } from "./server-actions.js";

export const moreActionSchemas: z.ZodType[] = [
  migrateBody,
  liveMigrateBody,
  createBackupBody,
  securityGroupActionBody("addSecurityGroup"),
  securityGroupActionBody("removeSecurityGroup"),
  ...Object.keys(LEGACY_CONSOLES).map(legacyConsoleBody),
  nullAction("restore"),
  nullAction("forceDelete"),
];

export function moreActions(deps: ComputeDeps, act: Act): Record<string, ActionHandler> {
  const accepted = (c: Ctx) => c.body(null, 202);
  const securityGroup = (key: "addSecurityGroup" | "removeSecurityGroup"): ActionHandler => (c, body) => {
    const name = (validate(securityGroupActionBody(key), body)[key] as { name: string }).name;
    // Nova records no instance action for these
    deps.write(c, (s, ctx) => {
      const server = visibleServer(s, ctx.caller, c.req.param("id")!);
      if (key === "addSecurityGroup") addSecurityGroup(ctx, server, name);
      else removeSecurityGroup(ctx, server, name);
    });
    return accepted(c);
  };
  const legacyConsole = (key: string): ActionHandler => (c, body, v) => {
    if (v >= 6) throw itemNotFound("The resource could not be found.");
    const type = (validate(legacyConsoleBody(key), body)[key] as { type: string }).type;
    const server = visibleServer(deps.state(), deps.caller(c), c.req.param("id")!);
    const protocol = LEGACY_CONSOLES[key];
    const url = consoleUrl(deps.kernel, server, protocol, type, baseUrl(c), `get_${protocol}_console`);
    return c.json({ console: { type, url } });
  };
  return {
    restore: (c, body) => {
      validate(nullAction("restore"), body);
      act(c, "restore", (_s, ctx, server) => restore(ctx, server));
      return accepted(c);
    },
    forceDelete: (c, body) => {
      validate(nullAction("forceDelete"), body);
      // Nova records a forced delete as `delete`
      act(c, "delete", (_s, ctx, server) => forceDelete(ctx, server));
      return accepted(c);
    },
    addSecurityGroup: securityGroup("addSecurityGroup"),
    removeSecurityGroup: securityGroup("removeSecurityGroup"),
    ...Object.fromEntries(Object.keys(LEGACY_CONSOLES).map((key) => [key, legacyConsole(key)])),
    createBackup: (c, body, v) => {
      const { createBackup: b } = validate(createBackupBody, body);
      const image = act(c, "createBackup", (s, ctx, server) =>
        createBackup(s, ctx, server, { name: b.name, backupType: b.backup_type, rotation: b.rotation, metadata: b.metadata ?? {}, checkMetadataQuota: v < 39 }),
      );
      if (v >= 45) return c.json({ image_id: image.id }, 202);
      if (b.rotation > 0) c.header("Location", `${baseUrl(c)}/image/v2/images/${image.id}`);
      return accepted(c);
    },
    migrate: (c, body, v) => {
      const { migrate: m } = validate(migrateBody, body);
      onlyIn(v, 56, Infinity, "migrate", "host", m?.host);
      act(c, "migrate", (s, ctx, server) => migrate(s, ctx, server, m?.host));
      return accepted(c);
    },
    "os-migrateLive": (c, body, v) => {
      const { "os-migrateLive": m } = validate(liveMigrateBody, body);
      if (v < 25) {
        if (m.block_migration === "auto") throw badRequest("Invalid input for field/attribute block_migration. Value: auto. 'auto' is not of type 'boolean'");
        if (m.disk_over_commit === undefined) throw badRequest("Invalid input for field/attribute os-migrateLive. Value: disk_over_commit. 'disk_over_commit' is a required property");
      } else {
        onlyIn(v, 1, 24, "os-migrateLive", "disk_over_commit", m.disk_over_commit);
      }
      onlyIn(v, 30, 67, "os-migrateLive", "force", m.force);
      if (m.force === true && !m.host) throw badRequest("Can't force to a non-provided destination");
      act(c, "live-migration", (s, ctx, server) => liveMigrate(s, ctx, server, { host: m.host, version: v }));
      return accepted(c);
    },
  };
}

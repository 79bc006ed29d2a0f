// os-migrations (admin: every move, filtered; 2.59 newest first with limit/marker/changes-since, 2.66
// changes-before) and a server's in-progress live migrations (admin: 2.23 list/show, 2.22 force_complete,
// 2.24 abort).

import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, baseUrl, type Ctx } from "../../../kernel/http/context.js";
import { scan } from "../../../kernel/store/table.js";
import * as z from "zod";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { microversion } from "../microversion.js";
import { currentMigration } from "../operations/migrations.js";
import { abortLiveMigration, forceComplete } from "../operations/server-migrate.js";
import { closeActionEvents, recordAction } from "../operations/server-instance-actions.js";
import { visibleServer } from "../operations/servers.js";
import type { MigrationRecord } from "../server-records.js";
import { markerNotFound, page, pageParams } from "../views/collection.js";
import { LIVE_IN_PROGRESS, migrationView, serverMigrationView } from "../views/migrations.js";
import type { ComputeDeps } from "./deps.js";
import { MAX_LIMIT } from "./server-list.js";

const forceCompleteBody = z.strictObject({ force_complete: z.null() });

function timeQuery(c: Ctx, key: string): number | undefined {
  const raw = queryParam(c, key);
  if (raw === undefined) return undefined;
  const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
  if (Number.isNaN(at)) throw badRequest(`Invalid input for query parameters ${key}. Value: ${raw}. '${raw}' is not a 'date-time'`);
  return at;
}

function listMigrations(deps: ComputeDeps, c: Ctx): Response {
  const caller = deps.caller(c);
  if (!caller.isAdmin) throw forbidden("Policy doesn't allow os_compute_api:os-migrations:index to be performed.");
  const v = microversion(c);
  const q = (k: string) => queryParam(c, k);
  const s = deps.state();
  const host = q("host");
  const since = v >= 59 ? timeQuery(c, "changes-since") : undefined;
  const before = v >= 66 ? timeQuery(c, "changes-before") : undefined;
  if (since !== undefined && before !== undefined && before < since) throw badRequest("The value of changes-since must be less than or equal to changes-before.");
  const wanted = (m: MigrationRecord) =>
    (host === undefined || m.sourceCompute === host || m.destCompute === host) &&
    (q("status") === undefined || m.status === q("status")) &&
    (q("migration_type") === undefined || m.type === q("migration_type")) &&
    (q("instance_uuid") === undefined || m.serverId === q("instance_uuid")) &&
    (q("source_compute") === undefined || m.sourceCompute === q("source_compute")) &&
    (v < 80 || q("user_id") === undefined || m.userId === q("user_id")) &&
    (v < 80 || q("project_id") === undefined || m.projectId === q("project_id")) &&
    (since === undefined || m.updatedAt >= since) &&
    (before === undefined || m.updatedAt <= before);
  let rows: MigrationRecord[] = [];
  for (const m of scan(s.migrations)) if (wanted(m)) rows.push(m);
  const base = baseUrl(c);
  if (v < 59) return c.json({ migrations: rows.map((m) => migrationView(s, m, v, base)) });
  rows = rows.reverse();
  const { items, links } = page(c, rows, (m) => m.id, pageParams(c), MAX_LIMIT, markerNotFound);
  const body: Record<string, unknown> = { migrations: items.map((m) => migrationView(s, m, v, base)) };
  if (links) body.migrations_links = links;
  return c.json(body);
}

export function migrationRoutes(deps: ComputeDeps): RouteDef[] {
  const gate = (c: Ctx, min: number, policy: string) => {
    if (microversion(c) < min) throw itemNotFound("The resource could not be found.");
    const caller = deps.caller(c);
    if (!caller.isAdmin) throw forbidden(`Policy doesn't allow os_compute_api:servers:migrations:${policy} to be performed.`);
    return caller;
  };
  const inProgress = (c: Ctx, policy: string, min: number) => {
    const caller = gate(c, min, policy);
    const s = deps.state();
    const server = visibleServer(s, caller, c.req.param("id")!);
    const m = currentMigration(s, server.id);
    return { s, server, m: m && m.type === "live-migration" && LIVE_IN_PROGRESS.has(m.status) ? m : undefined };
  };
  return [
    {
      method: "GET",
      path: "/v2.1/os-migrations",
      operation: "compute.migration.list",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:os-migrations:index to be performed."),
      handler: (c) => listMigrations(deps, c),
    },
    {
      method: "GET",
      path: "/v2.1/servers/:id/migrations",
      operation: "compute.server.migration.list",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:servers:migrations:index to be performed."),
      handler: (c) => {
        const { s, m } = inProgress(c, "index", 23);
        return c.json({ migrations: m ? [serverMigrationView(s, m, microversion(c))] : [] });
      },
    },
    {
      method: "GET",
      path: "/v2.1/servers/:id/migrations/:mid",
      operation: "compute.server.migration.show",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:servers:migrations:show to be performed."),
      handler: (c) => {
        const { s, server, m } = inProgress(c, "show", 23);
        const mid = c.req.param("mid")!;
        if (!m || String(m.number) !== mid) throw itemNotFound(`In-progress live migration ${mid} is not found for server ${server.id}.`);
        return c.json({ migration: serverMigrationView(s, m, microversion(c)) });
      },
    },
    route({
      method: "POST",
      path: "/v2.1/servers/:id/migrations/:mid/action",
      operation: "compute.server.migration.force_complete",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:servers:migrations:force_complete to be performed."),
      schema: forceCompleteBody,
      schemaFor: (c) => {
        gate(c, 22, "force_complete");
        return forceCompleteBody;
      },
      handler: (c) => {
        deps.write(c, (s, ctx) => {
          const server = visibleServer(s, ctx.caller, c.req.param("id")!);
          recordAction(s, ctx, server, "live_migration_force_complete", c.get("requestId"));
          forceComplete(s, ctx, server, c.req.param("mid")!);
          if (server.phase === null) closeActionEvents(ctx, server);
        });
        return c.body(null, 202);
      },
    }),
    {
      method: "DELETE",
      path: "/v2.1/servers/:id/migrations/:mid",
      operation: "compute.server.migration.abort",
      policy: "admin",
      forbidden: () => forbidden("Policy doesn't allow os_compute_api:servers:migrations:delete to be performed."),
      handler: (c) => {
        gate(c, 24, "delete");
        deps.write(c, (s, ctx) => {
          const server = visibleServer(s, ctx.caller, c.req.param("id")!);
          recordAction(s, ctx, server, "live_migration_cancel", c.get("requestId"));
          abortLiveMigration(s, ctx, server, c.req.param("mid")!);
          if (server.phase === null) closeActionEvents(ctx, server);
        });
        return c.body(null, 202);
      },
    },
  ];
}

// Control: the resources of every mounted service, as each declares its kinds (ServiceModule.resources):
// GET /resources lists the kinds with their counts; GET /resources/{type} lists one kind's rows as short
// summaries, by project and status, a page at a time. A new service shows here without a change to control/.

import type { Hono } from "hono";
import type { Kernel } from "../kernel/kernel.js";
import type { ServiceModule } from "../kernel/service.js";
import type { AppEnv } from "../kernel/http/context.js";
import { kindRows, type ResourceKind } from "../kernel/resources.js";
import { ApiError } from "../kernel/errors.js";
import { scanGroup } from "../kernel/store/table.js";
import type { ResourceKindInfo, ResourcePage } from "../client/types.js";
import { handle, queryInt } from "./http.js";

export interface MountedKind {
  kind: ResourceKind;
  /** the service's name: its slice of the state */
  slice: string;
}

const lists = new WeakMap<readonly ServiceModule[], Map<string, MountedKind>>();

/** Every kind the services declare, by type. */
export function resourceKinds(services: readonly ServiceModule[]): Map<string, MountedKind> {
  let kinds = lists.get(services);
  if (!kinds) {
    kinds = new Map(services.flatMap((service) => (service.resources ?? []).map((kind): [string, MountedKind] => [kind.type, { kind, slice: service.name }])));
    lists.set(services, kinds);
  }
  return kinds;
}

const DEFAULT_LIMIT = 100;

export function resourceRoutes(app: Hono<AppEnv>, kernel: Kernel, services: readonly ServiceModule[]): void {
  const kinds = resourceKinds(services);
  const rowsOf = ({ kind, slice }: MountedKind) => kindRows(kind, kernel.store.state[slice]);

  app.get(
    "/resources",
    handle((c) => {
      const list = [...kinds.entries()].map(([type, mounted]): ResourceKindInfo => {
        const filters: ResourceKindInfo["filters"] = [];
        if (mounted.kind.projectOf) filters.push("project");
        if (mounted.kind.statusOf) filters.push("status");
        return { type, service: mounted.slice, count: rowsOf(mounted).size, filters };
      });
      return c.json({ kinds: list });
    }),
  );

  app.get(
    "/resources/:type",
    handle((c) => {
      const type = c.req.param("type") ?? "";
      const mounted = kinds.get(type);
      if (!mounted) throw new ApiError(404, undefined, `No resource kind ${type}. Kinds: ${[...kinds.keys()].join(", ") || "none"}.`);
      const { kind } = mounted;
      const project = c.req.query("project");
      const status = c.req.query("status");
      const marker = c.req.query("marker");
      const limit = Math.min(queryInt(c, "limit") ?? DEFAULT_LIMIT, kernel.options.maxPageSize);
      if (project !== undefined && !kind.projectOf) throw new ApiError(400, undefined, `${type} belongs to no project: it has no project filter.`);
      if (status !== undefined && !kind.statusOf) throw new ApiError(400, undefined, `${type} has no status to filter by.`);
      const all = rowsOf(mounted);
      if (marker !== undefined && all.get(marker) === undefined) throw new ApiError(400, undefined, `No ${type} ${marker} to page after (marker).`);
      const items: Record<string, unknown>[] = [];
      let more = false;
      // a table grouped by project (servers, volumes) reads only that project's rows
      const table = kind.table?.(kernel.store.state[mounted.slice]);
      const rows = project !== undefined && table?.groups?.by === "projectId" ? scanGroup(table, project, { after: marker }) : all.scan(marker);
      for (const row of rows) {
        if (project !== undefined && kind.projectOf!(row) !== project) continue;
        if (status !== undefined && kind.statusOf!(row).toUpperCase() !== status.toUpperCase()) continue;
        if (items.length === limit) {
          more = true;
          break;
        }
        items.push(kind.summary(row));
      }
      const last = items.at(-1)?.id;
      const page: ResourcePage = { type, resources: items, next: more && typeof last === "string" ? last : null };
      return c.json(page);
    }),
  );
}

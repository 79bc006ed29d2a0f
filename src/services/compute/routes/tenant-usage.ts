// os-simple-tenant-usage (Nova v2.1): every project's usage in a period (admin; `detailed=1` adds the
// servers; paged over servers from 2.40) and one project's (its own, or any for an admin). `start` and
// `end` default to now; the end is capped at now; a start not before the end is 400.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { microversion } from "../microversion.js";
import { badRequest, forbidden, itemNotFound } from "../errors.js";
import { lifetimesIn, tenantUsages } from "../operations/tenant-usage.js";
import { collectionBody, page, pageParams } from "../views/collection.js";
import type { ComputeDeps } from "./deps.js";

/** Nova's accepted forms: `%Y-%m-%dT%H:%M:%S`, with `.%f`, or `%Y-%m-%d %H:%M:%S.%f`; naive times are UTC. */
const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d{1,6})?$/;

function timeParam(c: Ctx, name: string, now: number): number | undefined {
  const raw = queryParam(c, name);
  if (!raw) return undefined;
  const m = TIME.exec(raw);
  // the `T` form takes a fraction, the space form needs one
  const ms = m && (m[3] || raw[10] === "T") ? Date.parse(`${m[1]}T${m[2]}${m[3] ? m[3].slice(0, 4) : ""}Z`) : NaN;
  if (Number.isNaN(ms)) throw badRequest("Invalid datetime string: Datetime is in invalid format");
  return ms;
}

/**
 * The period asked for, its end capped at now. Both default to now: Nova reads the clock twice, so its
 * default period is a moment long; on a frozen clock the two are equal, which is not refused here.
 */
function period(c: Ctx, now: number): { start: number; stop: number } {
  const start = timeParam(c, "start", now);
  const stop = timeParam(c, "end", now);
  if (!((start ?? now) < (stop ?? now)) && (start !== undefined || stop !== undefined)) {
    throw badRequest("Invalid start time. The start time cannot occur after the end time.");
  }
  return { start: start ?? now, stop: Math.min(stop ?? now, now) };
}

/** From 2.40 `limit` and `marker` page over the servers (the marker is a server id); links name the last. */
function usagesOf(c: Ctx, deps: ComputeDeps, projectId: string | undefined, detailed: boolean) {
  const now = deps.kernel.clock.now();
  const { start, stop } = period(c, now);
  const rows = lifetimesIn(deps.state(), start, stop, projectId);
  const paged = microversion(c) >= 40 ? page(c, rows, (r) => r.usage.id, pageParams(c), deps.kernel.options.maxPageSize) : { items: rows, links: undefined };
  return { usages: tenantUsages(paged.items, start, stop, now, detailed), links: paged.links };
}

/**
 * `GET /os-simple-tenant-usage/` names the usage of a project with an empty id, which Nova's router never
 * matches (404, tempest's empty-tenant test); the app routes it as the list, so the raw URL is read, before
 * the list's admin policy would answer 403.
 */
export function refuseEmptyProject(c: Ctx, mountPath: string): void {
  if (!c.req.url.includes("/os-simple-tenant-usage/")) return;
  const url = new URL(c.req.url);
  if (url.pathname === `${mountPath}/v2.1/os-simple-tenant-usage/`) throw itemNotFound("The resource could not be found.");
}

export function tenantUsageRoutes(deps: ComputeDeps): RouteDef[] {
  return [
    {
      method: "GET",
      path: "/v2.1/os-simple-tenant-usage",
      operation: "compute.tenant_usage.list",
      policy: "admin",
      handler: (c) => {
        const { usages, links } = usagesOf(c, deps, undefined, queryParam(c, "detailed") === "1");
        return c.json(collectionBody("tenant_usages", usages, links));
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-simple-tenant-usage/:projectId",
      operation: "compute.tenant_usage.show",
      handler: (c) => {
        const projectId = c.req.param("projectId") ?? "";
        const caller = deps.caller(c);
        // the policy's target is the path's project
        if (!caller.isAdmin && caller.projectId !== projectId) throw forbidden("Policy doesn't allow os_compute_api:os-simple-tenant-usage:show to be performed.");
        const { usages, links } = usagesOf(c, deps, projectId, true);
        return c.json(links ? { tenant_usage: usages[0] ?? {}, tenant_usage_links: links } : { tenant_usage: usages[0] ?? {} });
      },
    },
  ];
}

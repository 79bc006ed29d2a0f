// Hypervisors (/os-hypervisors, admin; Nova v2.1): list, detail, show, statistics and uptime (both gone,
// 404, from 2.88, when the detail carries uptime), and before 2.53 search and servers by hostname pattern;
// usage follows placements. Compute services (/os-services) are in hosts-services.ts.

import type { RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { filter, values } from "../../../kernel/store/table.js";
import { microversion, type Microversion } from "../microversion.js";
import { badRequest, itemNotFound } from "../errors.js";
import type { ComputeHost, ComputeState } from "../state.js";
import { hypervisorStatistics, hypervisorSummary, hypervisorView, hypervisorId, uptimeText } from "../views/hosts.js";
import { isUp } from "../operations/hosts.js";
import { collectionBody, page, pageParams } from "../views/collection.js";
import { queryBool, UUID } from "../schemas/parameter-types.js";
import type { ComputeDeps } from "./deps.js";


const notFound = (id: string) => itemNotFound(`Hypervisor with ID '${id}' could not be found.`);
const noMatch = (pattern: string) => itemNotFound(`No hypervisor matching '${pattern}' could be found.`);

function hostsInOrder(s: ComputeState): ComputeHost[] {
  return values(s.hosts).sort((a, b) => a.number - b.number);
}

/** A hypervisor by id: an integer before 2.53, a UUID from 2.53 (anything else is 400 there). */
function hypervisorById(s: ComputeState, id: string, mv: Microversion): ComputeHost {
  if (mv >= 53 && !UUID.test(id)) throw badRequest(`Invalid uuid ${id}`);
  const host = values(s.hosts).find((h) => String(hypervisorId(h, mv)) === id.toLowerCase());
  if (!host) throw notFound(id);
  return host;
}

/** An API a microversion removed: Nova's versioned dispatch answers 404 from it on. */
function removedAt(c: Ctx, removed: Microversion): Microversion {
  const mv = microversion(c);
  if (mv >= removed) throw itemNotFound("The resource could not be found.");
  return mv;
}

function servers(s: ComputeState, host: ComputeHost) {
  return filter(s.servers, (v) => v.host === host.id).map((v) => ({ uuid: v.id, name: v.name }));
}

export function hypervisorRoutes(deps: ComputeDeps): RouteDef[] {
  const list = (detail: boolean) => (c: Ctx) => {
    const mv = microversion(c);
    const s = deps.state();
    let rows = hostsInOrder(s);
    let withServers = false;
    if (mv >= 53) {
      const pattern = queryParam(c, "hypervisor_hostname_pattern");
      if (pattern !== undefined) {
        rows = rows.filter((h) => h.id.includes(pattern));
        if (rows.length === 0) throw noMatch(pattern);
      }
      const raw = queryParam(c, "with_servers");
      if (raw !== undefined) {
        const flag = queryBool(raw);
        if (flag === undefined) throw badRequest(`Invalid input for query parameters with_servers. Value: ${raw}.`);
        withServers = flag;
      }
    }
    const paged = mv >= 33 ? page(c, rows, (h) => String(hypervisorId(h, mv)), pageParams(c), deps.kernel.options.maxPageSize) : { items: rows, links: undefined };
    const views = paged.items.map((h) => {
      const view = detail ? hypervisorView(h, mv, deps.kernel.clock.now()) : hypervisorSummary(h, mv);
      return withServers ? { ...view, servers: servers(s, h) } : view;
    });
    return c.json(collectionBody("hypervisors", views, paged.links));
  };
  /** Before 2.53: hypervisors whose hostname contains the pattern (404 when none). */
  const byPattern = (c: Ctx) => {
    const mv = microversion(c);
    if (mv >= 53) throw itemNotFound("The resource could not be found.");
    const pattern = c.req.param("pattern") ?? "";
    const rows = hostsInOrder(deps.state()).filter((h) => h.id.includes(pattern));
    if (rows.length === 0) throw noMatch(pattern);
    return { mv, rows };
  };
  return [
    { method: "GET", path: "/v2.1/os-hypervisors", operation: "compute.hypervisor.list", policy: "admin", handler: list(false) },
    { method: "GET", path: "/v2.1/os-hypervisors/detail", operation: "compute.hypervisor.list", policy: "admin", handler: list(true) },
    {
      method: "GET",
      path: "/v2.1/os-hypervisors/statistics",
      operation: "compute.hypervisor.statistics",
      policy: "admin",
      handler: (c) => {
        removedAt(c, 88);
        return c.json({ hypervisor_statistics: hypervisorStatistics(values(deps.state().hosts)) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-hypervisors/:pattern/search",
      operation: "compute.hypervisor.search",
      policy: "admin",
      handler: (c) => {
        const { mv, rows } = byPattern(c);
        return c.json({ hypervisors: rows.map((h) => hypervisorSummary(h, mv)) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-hypervisors/:pattern/servers",
      operation: "compute.hypervisor.servers",
      policy: "admin",
      handler: (c) => {
        const { mv, rows } = byPattern(c);
        const s = deps.state();
        return c.json({ hypervisors: rows.map((h) => ({ ...hypervisorSummary(h, mv), servers: servers(s, h) })) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-hypervisors/:hypervisorId/uptime",
      operation: "compute.hypervisor.uptime",
      policy: "admin",
      handler: (c) => {
        const mv = removedAt(c, 88);
        const host = hypervisorById(deps.state(), c.req.param("hypervisorId") ?? "", mv);
        // the driver asks the host itself: a host whose service is down cannot answer
        if (!isUp(host)) throw badRequest(`Compute service of ${host.id} is unavailable at this time.`);
        return c.json({ hypervisor: { ...hypervisorSummary(host, mv), uptime: uptimeText(host, deps.kernel.clock.now()) } });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-hypervisors/:hypervisorId",
      operation: "compute.hypervisor.show",
      policy: "admin",
      handler: (c) => {
        const mv = microversion(c);
        const s = deps.state();
        const host = hypervisorById(s, c.req.param("hypervisorId") ?? "", mv);
        const raw = mv >= 53 ? queryParam(c, "with_servers") : undefined;
        const withServers = raw !== undefined && queryBool(raw) === true;
        const view = hypervisorView(host, mv, deps.kernel.clock.now());
        return c.json({ hypervisor: withServers ? { ...view, servers: servers(s, host) } : view });
      },
    },
  ];
}

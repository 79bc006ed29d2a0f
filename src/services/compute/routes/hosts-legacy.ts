// The deprecated /os-hosts API (admin; Nova v2.1 until 2.43, 404 from it): every service's host with its
// topic and zone, a host's resources (total, used now, used by its servers, per project), and the
// update / power actions a libvirt host does not implement (501), after Nova's host lookup (404).

import * as z from "zod";
import { route, type RouteDef } from "../../../kernel/http/service-app.js";
import { queryParam, type Ctx } from "../../../kernel/http/context.js";
import { ApiError } from "../../../kernel/errors.js";
import { filter, get, values } from "../../../kernel/store/table.js";
import { microversion } from "../microversion.js";
import { itemNotFound } from "../errors.js";
import type { ComputeHost, ComputeState } from "../state.js";
import { CONTROLLER, INTERNAL_ZONE } from "../operations/zones.js";
import type { ComputeDeps } from "./deps.js";

const enable = z.enum(["enable", "disable", "Enable", "Disable", "ENABLE", "DISABLE"]);
export const hostUpdateSchema = z
  .strictObject({ status: enable.optional(), maintenance_mode: enable.optional() })
  .refine((b) => b.status !== undefined || b.maintenance_mode !== undefined, "status or maintenance_mode is required");

/** Removed at 2.43: the API is gone. */
function gate(c: Ctx): void {
  if (microversion(c) >= 43) throw itemNotFound("The resource could not be found.");
}

function hostNamed(s: ComputeState, name: string): ComputeHost {
  const host = get(s.hosts, name);
  if (!host) throw itemNotFound(`Host '${name}' is not mapped to any cell`);
  return host;
}

const notImplemented = () => new ApiError(501, "notImplemented", "The requested functionality is not supported.");

type Resource = { host: string; project: string; cpu: number; memory_mb: number; disk_gb: number };

function resources(s: ComputeState, host: ComputeHost): Array<{ resource: Resource }> {
  const servers = filter(s.servers, (v) => v.host === host.id);
  const row = (project: string, cpu: number, memory_mb: number, disk_gb: number): Resource => ({ host: host.id, project, cpu, memory_mb, disk_gb });
  const byProject = new Map<string, Resource>();
  const max = row("(used_max)", 0, 0, 0);
  for (const v of servers) {
    const disk = v.flavor.disk + v.flavor.ephemeral;
    const own = byProject.get(v.projectId) ?? row(v.projectId, 0, 0, 0);
    for (const r of [max, own]) {
      r.cpu += v.flavor.vcpus;
      r.memory_mb += v.flavor.ram;
      r.disk_gb += disk;
    }
    byProject.set(v.projectId, own);
  }
  return [
    row("(total)", host.vcpus, host.memoryMb, host.localGb),
    row("(used_now)", host.vcpusUsed, host.memoryMbUsed, host.localGbUsed),
    max,
    ...byProject.values(),
  ].map((resource) => ({ resource }));
}

export function legacyHostRoutes(deps: ComputeDeps): RouteDef[] {
  const action = (name: string) => (c: Ctx) => {
    gate(c);
    hostNamed(deps.state(), c.req.param("hostName") ?? "");
    throw notImplemented();
  };
  return [
    {
      method: "GET",
      path: "/v2.1/os-hosts",
      operation: "compute.host.list",
      policy: "admin",
      handler: (c) => {
        gate(c);
        const zone = queryParam(c, "zone") || undefined;
        // enabled services only, as Nova lists them; the controller's scheduler and conductor first
        const rows = [
          ...CONTROLLER.binaries.map((b) => ({ host_name: CONTROLLER.host, service: b.replace(/^nova-/, ""), zone: INTERNAL_ZONE })),
          ...values(deps.state().hosts)
            .filter((h) => h.status === "enabled")
            .sort((a, b) => a.number - b.number)
            .map((h) => ({ host_name: h.id, service: "compute", zone: h.zone })),
        ];
        return c.json({ hosts: rows.filter((r) => zone === undefined || r.zone === zone) });
      },
    },
    {
      method: "GET",
      path: "/v2.1/os-hosts/:hostName",
      operation: "compute.host.show",
      policy: "admin",
      handler: (c) => {
        gate(c);
        const s = deps.state();
        const name = c.req.param("hostName") ?? "";
        const host = get(s.hosts, name);
        if (!host) throw itemNotFound(`Host '${name}' is not mapped to any cell`);
        return c.json({ host: resources(s, host) });
      },
    },
    route({
      method: "PUT",
      path: "/v2.1/os-hosts/:hostName",
      operation: "compute.host.update",
      schema: hostUpdateSchema,
      policy: "admin",
      schemaFor: (c) => {
        gate(c);
        return hostUpdateSchema;
      },
      handler: (c) => {
        hostNamed(deps.state(), c.req.param("hostName") ?? "");
        // the libvirt driver implements neither set_host_enabled nor host_maintenance_mode
        throw notImplemented();
      },
    }),
    { method: "GET", path: "/v2.1/os-hosts/:hostName/startup", operation: "compute.host.startup", policy: "admin", handler: action("startup") },
    { method: "GET", path: "/v2.1/os-hosts/:hostName/shutdown", operation: "compute.host.shutdown", policy: "admin", handler: action("shutdown") },
    { method: "GET", path: "/v2.1/os-hosts/:hostName/reboot", operation: "compute.host.reboot", policy: "admin", handler: action("reboot") },
  ];
}

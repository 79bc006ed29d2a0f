// os-simple-tenant-usage (nova/api/openstack/compute/simple_tenant_usage.py): each server's hours in a
// period from its launch to its end (or the period's end), on the virtual clock, and the sums per project.
// Deleted servers count from the lifetimes kept in serverUsage (written when a server's deletion ends).

import { get, put, values } from "../../../kernel/store/table.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import type { ComputeState, Server, ServerUsage } from "../state.js";

/** A server's usage row: live servers read as they are, deleted ones from what was kept. */
export interface Lifetime {
  usage: ServerUsage;
  state: string;
}


export function usageOf(server: Server): ServerUsage {
  return {
    id: server.id,
    name: server.name,
    projectId: server.projectId,
    flavorName: server.flavor.original_name,
    vcpus: server.flavor.vcpus,
    memoryMb: server.flavor.ram,
    localGb: server.flavor.disk + server.flavor.ephemeral,
    startedAt: server.launchedAt,
    endedAt: null,
  };
}

/**
 * At deletion: the row that outlives the server, as it was at its end. A live server's usage is read from
 * the server itself, so nothing is kept for it while it lives.
 */
export function keepServerUsage(s: ComputeState, server: Server, endedAt: number): void {
  put(s.serverUsage, { ...usageOf(server), endedAt });
}

/** The servers that ran in [start, stop] (Nova's active-by-window query): not ended before it, launched before its end. */
export function lifetimesIn(s: ComputeState, start: number, stop: number, projectId?: string): Lifetime[] {
  return lifetimes(s, projectId).filter(({ usage: u }) => !(u.endedAt !== null && u.endedAt < start) && u.startedAt !== null && u.startedAt <= stop);
}

function lifetimes(s: ComputeState, projectId: string | undefined): Lifetime[] {
  const out: Lifetime[] = [];
  for (const server of values(s.servers)) {
    if (projectId === undefined || server.projectId === projectId) out.push({ usage: usageOf(server), state: server.vmState });
  }
  for (const row of values(s.serverUsage)) {
    if (row.endedAt !== null && (projectId === undefined || row.projectId === projectId) && !get(s.servers, row.id)) {
      out.push({ usage: row, state: "terminated" });
    }
  }
  return out;
}

/** Nova's _hours_for: nothing before launch; from max(launch, start) to min(end, stop). */
function hoursFor(u: ServerUsage, start: number, stop: number): number {
  if (u.startedAt === null) return 0;
  if (u.endedAt !== null && u.endedAt < start) return 0;
  if (u.startedAt > stop) return 0;
  const from = Math.max(u.startedAt, start);
  const to = u.endedAt !== null ? Math.min(stop, u.endedAt) : stop;
  return (to - from) / 3_600_000;
}

export interface TenantUsage {
  tenant_id: string;
  total_local_gb_usage: number;
  total_vcpus_usage: number;
  total_memory_mb_usage: number;
  total_hours: number;
  start: string;
  stop: string;
  server_usages?: Array<Record<string, unknown>>;
}

/** The projects' usages of these servers in [start, stop], in first-seen order; `detailed` adds each server. */
export function tenantUsages(rows: Lifetime[], start: number, stop: number, now: number, detailed: boolean): TenantUsage[] {
  const byProject = new Map<string, TenantUsage>();
  for (const { usage: u, state } of rows) {
    if (u.startedAt === null) continue;
    const hours = hoursFor(u, start, stop);
    let row = byProject.get(u.projectId);
    if (!row) {
      row = { tenant_id: u.projectId, total_local_gb_usage: 0, total_vcpus_usage: 0, total_memory_mb_usage: 0, total_hours: 0, start: isoMicroNoZone(start), stop: isoMicroNoZone(stop) };
      if (detailed) row.server_usages = [];
      byProject.set(u.projectId, row);
    }
    row.total_local_gb_usage += u.localGb * hours;
    row.total_vcpus_usage += u.vcpus * hours;
    row.total_memory_mb_usage += u.memoryMb * hours;
    row.total_hours += hours;
    row.server_usages?.push({
      instance_id: u.id,
      name: u.name,
      hours,
      memory_mb: u.memoryMb,
      local_gb: u.localGb,
      vcpus: u.vcpus,
      tenant_id: u.projectId,
      flavor: u.flavorName,
      started_at: isoMicroNoZone(u.startedAt),
      ended_at: u.endedAt === null ? null : isoMicroNoZone(u.endedAt),
      state,
      uptime: Math.floor(((u.endedAt ?? now) - u.startedAt) / 1000),
    });
  }
  return [...byProject.values()];
}


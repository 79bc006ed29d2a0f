// Migration records -> Nova wire JSON: os-migrations (nova/api/openstack/compute/migrations.py: migration_type
// and the in-progress live migration's links from 2.23, uuid from 2.59, user_id/project_id from 2.80) and
// /servers/{id}/migrations (server_migrations.py output).

import { isoMicroNoZone } from "../../../kernel/time.js";
import { get } from "../../../kernel/store/table.js";
import type { ComputeState } from "../state.js";
import type { MigrationRecord } from "../server-records.js";
import type { Link } from "./collection.js";

export const LIVE_IN_PROGRESS = new Set(["queued", "preparing", "running", "post-migrating"]);

/** Flavors have string ids here; Nova's records carry the flavor's integer database id. */
function flavorNumber(id: string): number {
  return /^\d+$/.test(id) ? Number(id) : 0;
}

function hostIp(s: ComputeState, host: string | null): string | null {
  return host === null ? null : (get(s.hosts, host)?.hostIp ?? null);
}

export function migrationView(s: ComputeState, m: MigrationRecord, version: number, base: string): Record<string, unknown> {
  const view: Record<string, unknown> = {
    created_at: isoMicroNoZone(m.createdAt),
    dest_compute: m.destCompute,
    dest_host: hostIp(s, m.destCompute),
    dest_node: m.destCompute,
    id: m.number,
    instance_uuid: m.serverId,
    new_instance_type_id: flavorNumber(m.newFlavorId),
    old_instance_type_id: flavorNumber(m.oldFlavorId),
    source_compute: m.sourceCompute,
    source_node: m.sourceCompute,
    status: m.status,
    updated_at: isoMicroNoZone(m.updatedAt),
  };
  if (version >= 23) {
    view.migration_type = m.type;
    if (m.type === "live-migration" && LIVE_IN_PROGRESS.has(m.status)) {
      const links: Link[] = [
        { rel: "self", href: `${base}/compute/v2.1/servers/${m.serverId}/migrations/${m.number}` },
        { rel: "bookmark", href: `${base}/compute/servers/${m.serverId}/migrations/${m.number}` },
      ];
      view.links = links;
    }
  }
  if (version >= 59) view.uuid = m.id;
  if (version >= 80) {
    view.user_id = m.userId;
    view.project_id = m.projectId;
  }
  return view;
}

/** /servers/{id}/migrations[/{mid}]: an in-progress live migration. */
export function serverMigrationView(s: ComputeState, m: MigrationRecord, version: number): Record<string, unknown> {
  const view: Record<string, unknown> = {
    created_at: isoMicroNoZone(m.createdAt),
    dest_compute: m.destCompute,
    dest_host: hostIp(s, m.destCompute),
    dest_node: m.destCompute,
    disk_processed_bytes: 0,
    disk_remaining_bytes: 0,
    disk_total_bytes: 0,
    id: m.number,
    memory_processed_bytes: 0,
    memory_remaining_bytes: 0,
    memory_total_bytes: 0,
    server_uuid: m.serverId,
    source_compute: m.sourceCompute,
    source_node: m.sourceCompute,
    status: m.status,
    updated_at: isoMicroNoZone(m.updatedAt),
  };
  if (version >= 59) view.uuid = m.id;
  if (version >= 80) {
    view.user_id = m.userId;
    view.project_id = m.projectId;
  }
  return view;
}

// Aggregate records (nova/api/openstack/compute/aggregates.py _marshall_aggregate): the object's fields
// with naive timestamps; `uuid` from 2.41; create answers without hosts and metadata.

import { isoMicroNoZone } from "../../../kernel/time.js";
import type { Aggregate } from "../state.js";
import type { Microversion } from "../microversion.js";
import { AZ_KEY } from "../operations/aggregates.js";

export function aggregateView(a: Aggregate, mv: Microversion, full = true): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: a.number,
    name: a.name,
    availability_zone: a.metadata[AZ_KEY] ?? null,
    created_at: isoMicroNoZone(a.createdAt),
    updated_at: a.updatedAt === null ? null : isoMicroNoZone(a.updatedAt),
    deleted_at: null,
    deleted: false,
  };
  if (full) {
    view.hosts = [...a.hosts];
    view.metadata = { ...a.metadata };
  }
  if (mv >= 41) view.uuid = a.uuid;
  return view;
}

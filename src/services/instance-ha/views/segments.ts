// Segment and host records as Masakari renders them (its objects' fields: integer id, uuid, soft-delete
// columns always false/null); `enabled` from 1.2.

import { isoMicroNoZone } from "../../../kernel/time.js";
import type { Host, Segment } from "../state.js";
import type { Microversion } from "../microversion.js";

export const stamp = (ms: number | null) => (ms === null ? null : isoMicroNoZone(ms));

export function segmentView(segment: Segment, mv: Microversion) {
  return {
    id: segment.seq,
    uuid: segment.id,
    name: segment.name,
    description: segment.description,
    recovery_method: segment.recoveryMethod,
    service_type: segment.serviceType,
    ...(mv >= 2 ? { enabled: segment.enabled } : {}),
    created_at: stamp(segment.createdAt),
    updated_at: stamp(segment.updatedAt),
    deleted: false,
    deleted_at: null,
  };
}

export function hostView(host: Host, segment: Segment, mv: Microversion) {
  return {
    id: host.seq,
    uuid: host.id,
    name: host.name,
    type: host.type,
    control_attributes: host.controlAttributes,
    reserved: host.reserved,
    on_maintenance: host.onMaintenance,
    failover_segment_id: segment.id,
    failover_segment: segmentView(segment, mv),
    created_at: stamp(host.createdAt),
    updated_at: stamp(host.updatedAt),
    deleted: false,
    deleted_at: null,
  };
}

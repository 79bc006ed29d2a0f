// Volume records on the wire (cinder/api/v3/views/volumes.py): the summary of a list, the record create and
// update answer (with the admin-only and microversion-gated fields), and the one show and the detail list answer:
// that record plus the attributes Cinder's API extensions add to GETs only. Timestamps with microseconds, no zone.

import type { Ctx } from "../../../kernel/http/context.js";
import { isoMicroNoZone } from "../../../kernel/time.js";
import { get } from "../../../kernel/store/table.js";
import type { Caller } from "../../../kernel/operation.js";
import type { BlockStorageState, Volume } from "../state.js";
import { resourceLinks } from "./links.js";

export function volumeSummary(c: Ctx, v: Volume) {
  return { id: v.id, name: v.name, links: resourceLinks(c, "volumes", v.id) };
}

/** The view builder's record: what create and update answer (Cinder adds no extension attribute there). */
export function volumeView(c: Ctx, s: BlockStorageState, caller: Caller, v: Volume, version: number) {
  const type = get(s.volumeTypes, v.volumeTypeId);
  const admin = caller.isAdmin;
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    status: v.status,
    size: v.size,
    availability_zone: v.availabilityZone,
    created_at: isoMicroNoZone(v.createdAt),
    updated_at: v.updatedAt === null ? null : isoMicroNoZone(v.updatedAt),
    volume_type: type?.name ?? null,
    snapshot_id: v.snapshotId,
    source_volid: v.sourceVolid,
    metadata: v.metadata,
    links: resourceLinks(c, "volumes", v.id),
    user_id: v.userId,
    bootable: v.bootable ? "true" : "false",
    encrypted: v.encrypted,
    replication_status: null,
    consistencygroup_id: null,
    multiattach: v.multiattach,
    attachments: v.attachments
      .filter((a) => a.status === "attached")
      .map((a) => ({
        id: v.id,
        attachment_id: a.id,
        volume_id: v.id,
        server_id: a.serverId,
        host_name: admin ? a.hostName : null,
        device: a.device,
        attached_at: a.attachedAt === null ? null : isoMicroNoZone(a.attachedAt),
      })),
    ...(admin ? { migration_status: v.migrationStatus } : {}),
    ...(version >= 13 ? { group_id: v.groupId ?? null } : {}),
    ...(version >= 21 && admin ? { provider_id: null } : {}),
    ...(version >= 48 ? { shared_targets: false, service_uuid: SERVICE_UUID } : {}),
    ...(version >= 61 && admin ? { cluster_name: null } : {}),
    ...(version >= 63 ? { volume_type_id: v.volumeTypeId } : {}),
    ...(version >= 64 ? { encryption_key_id: null } : {}),
    ...(version >= 65 ? { consumes_quota: true } : {}),
  };
}

/**
 * What show and the detail list answer: the record and the attributes of Cinder's extensions, which extend
 * GETs only (volume_tenant_attribute, volume_image_metadata; for admins volume_host_attribute and
 * volume_mig_status_attribute).
 */
export function volumeDetail(c: Ctx, s: BlockStorageState, caller: Caller, v: Volume, version: number) {
  return {
    ...volumeView(c, s, caller, v, version),
    "os-vol-tenant-attr:tenant_id": v.projectId,
    ...(v.imageMetadata ? { volume_image_metadata: v.imageMetadata } : {}),
    ...(caller.isAdmin
      ? { "os-vol-host-attr:host": v.host, "os-vol-mig-status-attr:migstat": v.migrationStatus, "os-vol-mig-status-attr:name_id": null }
      : {}),
  };
}

/** The cinder-volume service every volume lives on (3.48's service_uuid). */
export const SERVICE_UUID = "5ba6f5b3-4b8a-4c3c-a5b2-1f8a9a0c0b01";

// Block storage on the message bus: the `volume.*` and `snapshot.*` usage notifications cinder-volume sends
// on `notifications` (cinder/volume/volume_utils.py _usage_from_volume, _usage_from_snapshot), published
// by `volume.<host@backend>`, the volume's backend host without its pool.

import type { Kernel } from "../../kernel/kernel.js";
import type { EventMap, LoggedEvent } from "../../kernel/events.js";
import type { BusNotification, ServiceNotifications } from "../../kernel/notifications.js";
import { get } from "../../kernel/store/table.js";
import { SLICE, type BlockStorageState, type Volume } from "./state.js";

/** Python's isoformat() of an aware UTC time: `2030-01-01T00:00:05+00:00` (microseconds only when set). */
function isoformat(ms: number): string {
  const iso = new Date(ms).toISOString();
  const millis = iso.slice(20, 23);
  return `${iso.slice(0, 19)}${millis === "000" ? "" : `.${millis}000`}+00:00`;
}

/** The facts a usage payload reads of a volume, live or deleted. */
interface VolumeFacts {
  id: string;
  projectId: string;
  userId: string;
  name: string | null;
  size: number;
  status: string;
  volumeTypeId: string;
  zone: string;
  host: string;
  createdAt: number;
  snapshotId: string | null;
  metadata: Record<string, string>;
  attachments: Volume["attachments"];
}

function slice(kernel: Kernel): BlockStorageState {
  return kernel.slice<BlockStorageState>(SLICE);
}

function liveVolume(kernel: Kernel, id: string): VolumeFacts | undefined {
  const v = get(slice(kernel).volumes, id);
  if (!v) return undefined;
  return {
    id: v.id,
    projectId: v.projectId,
    userId: v.userId,
    name: v.name,
    size: v.size,
    status: v.status,
    volumeTypeId: v.volumeTypeId,
    zone: v.availabilityZone,
    host: v.host,
    createdAt: v.createdAt,
    snapshotId: v.snapshotId,
    metadata: { ...v.metadata },
    attachments: v.attachments,
  };
}

/** cinder-volume's CONF.host for a volume: `host@backend` (the `#pool` is the scheduler's, not the service's). */
function publisherOf(host: string): string {
  return `volume.${host.split("#")[0]}`;
}

/** _usage_from_volume; launched_at is not kept apart from the creation time, which stands in for it. */
function volumeUsage(v: VolumeFacts, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tenant_id: v.projectId,
    host: v.host,
    user_id: v.userId,
    availability_zone: v.zone,
    volume_id: v.id,
    volume_type: v.volumeTypeId,
    display_name: v.name,
    launched_at: isoformat(v.createdAt),
    created_at: isoformat(v.createdAt),
    status: v.status,
    snapshot_id: v.snapshotId,
    size: v.size,
    replication_status: null,
    replication_extended_status: null,
    replication_driver_data: null,
    metadata: v.metadata,
    volume_attachment: v.attachments.map((a) => ({
      id: a.id,
      volume_id: v.id,
      instance_uuid: a.serverId,
      attached_host: a.hostName,
      mountpoint: a.device,
      attach_time: a.attachedAt === null ? null : isoformat(a.attachedAt),
      attach_status: a.status,
      attach_mode: a.mode,
    })),
    ...extra,
  };
}

function usage(v: VolumeFacts, suffix: string, extra: Record<string, unknown> = {}): BusNotification {
  return { topic: "notifications", publisherId: publisherOf(v.host), eventType: `volume.${suffix}`, priority: "INFO", payload: volumeUsage(v, extra) };
}

/** A mapping on a volume still in state: the notifications `suffixes` give. */
function onVolume(suffixes: (event: LoggedEvent, v: VolumeFacts) => Array<[string, Record<string, unknown>?]>) {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const v = liveVolume(kernel, (event.payload as { id: string }).id);
    return v ? suffixes(event, v).map(([suffix, extra]) => usage(v, suffix, extra)) : [];
  };
}

/** The status changes that are a create's end or a delete's or an extend's start. */
function statusChanged(event: LoggedEvent): Array<[string]> {
  const { from, to } = event.payload as EventMap["block-storage.volume.status_changed"];
  if (from === "creating" && to === "available") return [["create.end"]];
  if (to === "deleting") return [["delete.start"]];
  if (to === "extending") return [["resize.start"]];
  return [];
}

function deleted(event: LoggedEvent): BusNotification[] {
  const p = event.payload as EventMap["block-storage.volume.deleted"];
  const v: VolumeFacts = { ...p, status: "deleted", createdAt: Date.parse(p.createdAt), snapshotId: null, metadata: {}, attachments: [] };
  return [usage(v, "delete.end")];
}

function snapshotUsage(kernel: Kernel, s: { id: string; projectId: string; userId: string; volumeId: string; name: string | null; size: number; createdAt: number; status: string }, suffix: string): BusNotification[] {
  const volume = get(slice(kernel).volumes, s.volumeId);
  const payload = {
    tenant_id: s.projectId,
    user_id: s.userId,
    availability_zone: volume?.availabilityZone ?? null,
    volume_id: s.volumeId,
    volume_size: s.size,
    snapshot_id: s.id,
    display_name: s.name,
    created_at: isoformat(s.createdAt),
    status: s.status,
    deleted: suffix.startsWith("delete") ? "True" : "",
    metadata: "",
  };
  const host = volume?.host ?? "controller";
  return [{ topic: "notifications", publisherId: publisherOf(host), eventType: `snapshot.${suffix}`, priority: "INFO", payload }];
}

function snapshotCreated(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const snap = get(slice(kernel).snapshots, (event.payload as { id: string }).id);
  return snap ? snapshotUsage(kernel, snap, "create.start") : [];
}

function snapshotDeleted(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const p = event.payload as EventMap["block-storage.snapshot.deleted"];
  return snapshotUsage(kernel, { ...p, createdAt: Date.parse(p.createdAt), status: "deleted" }, "delete.end");
}

export function blockStorageNotifications(_kernel: Kernel): ServiceNotifications {
  return {
    outgoing: {
      "block-storage.volume.created": onVolume(() => [["create.start"]]),
      "block-storage.volume.status_changed": onVolume(statusChanged),
      "block-storage.volume.updated": onVolume(() => [["update.start"], ["update.end"]]),
      "block-storage.volume.extended": onVolume((event) => [["resize.end", { size: (event.payload as { size: number }).size }]]),
      "block-storage.volume.retyped": onVolume((_e, v) => [["retype", { volume_type: v.volumeTypeId }]]),
      "block-storage.volume.attached": onVolume(() => [["attach.end"]]),
      "block-storage.volume.detached": onVolume(() => [["detach.end"]]),
      "block-storage.volume.deleted": deleted,
      "block-storage.snapshot.created": snapshotCreated,
      "block-storage.snapshot.deleted": snapshotDeleted,
    },
  };
}

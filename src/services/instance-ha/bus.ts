// Instance HA on the message bus, as Masakari sends it (masakari/notifications/objects/notification.py):
// segment.*, host.* and notification.create.* from `masakari-api:controller`, notification.process.* from
// `masakari-engine:controller`, on `versioned_notifications`, in masakari_object envelopes.

import type { Kernel } from "../../kernel/kernel.js";
import type { EventMap, LoggedEvent } from "../../kernel/events.js";
import type { BusNotification, NotificationPriority, ServiceNotifications } from "../../kernel/notifications.js";
import { isoSeconds } from "../../kernel/time.js";
import { get } from "../../kernel/store/table.js";
import { SLICE, type InstanceHaState, type Notification, type Segment } from "./state.js";

/** Masakari's API and engine run on the controller. */
const HOST = "controller";

function masakariObject(name: string, version: string, data: Record<string, unknown>): Record<string, unknown> {
  return { "masakari_object.name": name, "masakari_object.namespace": "masakari", "masakari_object.version": version, "masakari_object.data": data };
}

function notification(binary: "masakari-api" | "masakari-engine", eventType: string, payload: Record<string, unknown>, priority: NotificationPriority = "INFO"): BusNotification {
  return { topic: "versioned_notifications", publisherId: `${binary}:${HOST}`, eventType, priority, payload };
}

function slice(kernel: Kernel): InstanceHaState {
  return kernel.slice<InstanceHaState>(SLICE);
}

type SegmentFacts = Pick<Segment, "id" | "seq" | "name" | "description" | "serviceType" | "enabled"> & { recoveryMethod: string };

/** SegmentApiPayload (1.1); the create's start has no ids yet. */
function segmentPayload(s: SegmentFacts, withIds = true): Record<string, unknown> {
  const data: Record<string, unknown> = { name: s.name, service_type: s.serviceType, description: s.description, recovery_method: s.recoveryMethod, enabled: s.enabled, fault: null };
  if (withIds) Object.assign(data, { id: s.seq, uuid: s.id });
  return masakariObject("SegmentApiPayload", "1.1", data);
}

/** The FailoverSegment object a host payload carries, while the segment is there. */
function failoverSegment(kernel: Kernel, id: string): Record<string, unknown> | null {
  const s = get(slice(kernel).segments, id);
  if (!s) return null;
  return masakariObject("FailoverSegment", "1.1", {
    id: s.seq,
    uuid: s.id,
    name: s.name,
    service_type: s.serviceType,
    description: s.description,
    recovery_method: s.recoveryMethod,
    enabled: s.enabled,
    created_at: isoSeconds(s.createdAt),
    updated_at: s.updatedAt === null ? null : isoSeconds(s.updatedAt),
    deleted: false,
    deleted_at: null,
  });
}

type HostFacts = EventMap["instance-ha.host.deleted"];

/** HostApiPayload (1.0). */
function hostPayload(kernel: Kernel, h: HostFacts): Record<string, unknown> {
  return masakariObject("HostApiPayload", "1.0", {
    id: h.seq,
    uuid: h.id,
    name: h.name,
    type: h.type,
    reserved: h.reserved,
    on_maintenance: h.onMaintenance,
    control_attributes: h.controlAttributes,
    failover_segment_id: h.segmentId,
    failover_segment: failoverSegment(kernel, h.segmentId),
    fault: null,
  });
}

/** NotificationApiPayload (1.0); `status` as Masakari shows it at that point, `error` as the fault. */
function notificationPayload(n: Notification, status: string, error?: string | null): Record<string, unknown> {
  const fault =
    error === undefined
      ? null
      : masakariObject("ExceptionPayload", "1.0", { module_name: "masakari.engine.manager", function_name: "", exception: "MasakariException", exception_message: error ?? "", traceback: "" });
  return masakariObject("NotificationApiPayload", "1.0", {
    id: n.seq,
    notification_uuid: n.id,
    generated_time: isoSeconds(n.generatedTime),
    source_host_uuid: n.sourceHostUuid,
    type: n.type,
    payload: { ...n.payload },
    status,
    fault,
  });
}

function segmentEvent(action: "create" | "update") {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const s = get(slice(kernel).segments, (event.payload as { id: string }).id);
    if (!s) return [];
    return [notification("masakari-api", `segment.${action}.start`, segmentPayload(s, action !== "create")), notification("masakari-api", `segment.${action}.end`, segmentPayload(s))];
  };
}

function segmentDeleted(event: LoggedEvent): BusNotification[] {
  const s = event.payload as EventMap["instance-ha.segment.deleted"];
  return ["start", "end"].map((phase) => notification("masakari-api", `segment.delete.${phase}`, segmentPayload(s)));
}

function hostEvent(action: "create" | "update") {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const h = get(slice(kernel).hosts, (event.payload as { id: string }).id);
    if (!h) return [];
    return ["start", "end"].map((phase) => notification("masakari-api", `host.${action}.${phase}`, hostPayload(kernel, h)));
  };
}

function hostDeleted(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const h = event.payload as HostFacts;
  return ["start", "end"].map((phase) => notification("masakari-api", `host.delete.${phase}`, hostPayload(kernel, h)));
}

function liveNotification(kernel: Kernel, event: LoggedEvent): Notification | undefined {
  return get(slice(kernel).notifications, (event.payload as { id: string }).id);
}

function created(event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const n = liveNotification(kernel, event);
  if (!n) return [];
  const start = notificationPayload(n, "new");
  // the create's start comes before the record: no ids yet
  const startData = { ...(start["masakari_object.data"] as Record<string, unknown>) };
  delete startData.id;
  delete startData.notification_uuid;
  return [
    notification("masakari-api", "notification.create.start", { ...start, "masakari_object.data": startData }),
    notification("masakari-api", "notification.create.end", notificationPayload(n, n.status)),
  ];
}

/** The engine's process notifications: start as it takes the notification up (still `new`), end or error after. */
function processed(phase: "start" | "end" | "error") {
  return (event: LoggedEvent, kernel: Kernel): BusNotification[] => {
    const n = liveNotification(kernel, event);
    if (!n) return [];
    const outcome = event.payload as { from: string; error?: string | null };
    if (phase === "start") return [notification("masakari-engine", "notification.process.start", notificationPayload(n, outcome.from))];
    const out: BusNotification[] = [];
    if (outcome.from === "new") out.push(notification("masakari-engine", "notification.process.start", notificationPayload(n, "new")));
    if (phase === "end") out.push(notification("masakari-engine", "notification.process.end", notificationPayload(n, n.status)));
    else out.push(notification("masakari-engine", "notification.process.error", notificationPayload(n, n.status, outcome.error ?? null), "ERROR"));
    return out;
  };
}

export function instanceHaNotifications(_kernel: Kernel): ServiceNotifications {
  return {
    outgoing: {
      "instance-ha.segment.created": segmentEvent("create"),
      "instance-ha.segment.updated": segmentEvent("update"),
      "instance-ha.segment.deleted": segmentDeleted,
      "instance-ha.host.created": hostEvent("create"),
      "instance-ha.host.updated": hostEvent("update"),
      "instance-ha.host.deleted": hostDeleted,
      "instance-ha.notification.created": created,
      "instance-ha.notification.running": processed("start"),
      "instance-ha.notification.finished": processed("end"),
      "instance-ha.notification.ignored": processed("end"),
      "instance-ha.notification.error": processed("error"),
      "instance-ha.notification.failed": processed("error"),
    },
  };
}

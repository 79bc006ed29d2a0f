// Notifications (masakari/ha/api.py NotificationAPI): accepted for a host of a segment, refused when the
// host is on maintenance and for a duplicate; every one starts `new` (the spec's state table, and
// Masakari's create), and the recovery engine decides later whether it runs, or ends ignored or finished
// (engine/flows.ts). createNotification and setNotificationStatus are also the recovery engine's (the
// nova_notification driver, the flows).

import type { Caller, OperationContext } from "../../../kernel/operation.js";
import { dictGet, dictSet } from "../../../kernel/store/dict.js";
import { emptyTable, get, put } from "../../../kernel/store/table.js";
import { duplicateNotification, hostNameUnknown, hostOnMaintenance, notificationNotFound } from "../errors.js";
import type { InstanceHaOptions } from "../options.js";
import { shownType, storedType, validatePayload, type NotificationTypeName, type Profile } from "../schemas/notifications.js";
import {
  ACTIVE_STATUSES,
  duplicateKey,
  emptyWorkflow,
  hostByName,
  seqKey,
  type InstanceHaState,
  type Notification,
  type NotificationStatus,
} from "../state.js";

export interface NotificationInput {
  /** Masakari's types, or the spec's COMPUTE_INSTANCE / COMPUTE_PROCESS */
  type: NotificationTypeName;
  hostname: string;
  /** ms; the virtual now when absent */
  generatedTime?: number;
  payload: Record<string, string>;
}

export function findNotification(s: InstanceHaState, id: string): Notification {
  const notification = get(s.notifications, id);
  if (!notification) throw notificationNotFound(id);
  return notification;
}

const isActive = (status: NotificationStatus) => ACTIVE_STATUSES.includes(status);

/** Takes a notification in: 400 for a bad payload or an unknown host, 409 on maintenance or duplicate. */
export function createNotification(
  s: InstanceHaState,
  ctx: OperationContext<Caller | null>,
  input: NotificationInput,
  options: Pick<InstanceHaOptions, "duplicateNotificationDetectionIntervalSeconds"> & { profile?: Profile },
): Notification {
  const type = storedType(input.type);
  validatePayload(type, input.payload, options.profile);
  const host = hostByName(s, input.hostname);
  if (!host) throw hostNameUnknown(input.hostname);
  const named = shownType(type, options.profile ?? "spec");
  if (host.onMaintenance) throw hostOnMaintenance(input.hostname, named);
  const generatedTime = input.generatedTime ?? ctx.now;
  const key = duplicateKey(type, host.id, input.payload);
  const recent = dictGet(s.recentNotifications, key);
  // Masakari's window: one generated since (this one's time - the interval), later ones included
  if (recent && recent.generatedTime >= generatedTime - options.duplicateNotificationDetectionIntervalSeconds * 1000) {
    throw duplicateNotification(input.hostname, named);
  }
  const segment = get(s.segments, host.segmentId)!;
  const notification: Notification = {
    id: ctx.ids.uuid(),
    seq: ++s.seq.notification,
    type,
    hostname: input.hostname,
    sourceHostUuid: host.id,
    segmentId: segment.id,
    generatedTime,
    payload: { ...input.payload },
    status: "new",
    workflow: emptyWorkflow(),
    vmoves: emptyTable(),
    createdAt: ctx.now,
    updatedAt: null,
  };
  put(s.notifications, notification);
  dictSet(s.seqIds, seqKey("notification", notification.seq), notification.id);
  if (!recent || generatedTime >= recent.generatedTime) dictSet(s.recentNotifications, key, { id: notification.id, generatedTime });
  host.activeNotifications++;
  segment.activeNotifications++;
  ctx.tx.emit("instance-ha.notification.created", {
    id: notification.id,
    type,
    hostname: notification.hostname,
    sourceHostUuid: host.id,
    segmentId: segment.id,
    status: notification.status,
    payload: { ...notification.payload },
    generatedTime,
  });
  return notification;
}

/**
 * Moves a notification to `status` (the recovery engine's transitions: new -> running -> finished | error
 * -> running -> failed ...), keeping its host's and segment's in-use counts, and publishes
 * instance-ha.notification.status_changed. The same status again is a no-op.
 */
export function setNotificationStatus(
  s: InstanceHaState,
  ctx: OperationContext<Caller | null>,
  id: string,
  status: NotificationStatus,
): Notification {
  const notification = findNotification(s, id);
  const from = notification.status;
  if (from === status) return notification;
  const delta = (isActive(status) ? 1 : 0) - (isActive(from) ? 1 : 0);
  if (delta !== 0) {
    const host = get(s.hosts, notification.sourceHostUuid);
    const segment = get(s.segments, notification.segmentId);
    if (host) host.activeNotifications = Math.max(0, host.activeNotifications + delta);
    if (segment) segment.activeNotifications = Math.max(0, segment.activeNotifications + delta);
  }
  notification.status = status;
  notification.updatedAt = ctx.now;
  ctx.tx.emit("instance-ha.notification.status_changed", { id, from, to: status });
  return notification;
}

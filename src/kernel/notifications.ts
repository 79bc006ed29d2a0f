// What a service says about the message bus (oslo.messaging notifications, as Nova, Cinder, Neutron and
// Masakari send them): the notifications its domain events become, and the notifications it acts on when
// they arrive from the bus. The bridge (src/bus/) carries them; the kernel only names the shapes.

import type { Kernel } from "./kernel.js";
import type { LoggedEvent } from "./events.js";

/** oslo.messaging's notification priorities: the routing key is `<topic>.<priority lower-cased>` */
export type NotificationPriority = "AUDIT" | "DEBUG" | "INFO" | "WARN" | "ERROR" | "CRITICAL" | "SAMPLE";

/** One notification a service sends; the bridge adds `message_id` and `timestamp` and wraps it. */
export interface BusNotification {
  /** `notifications` (the legacy, unversioned form) or `versioned_notifications` */
  topic: "notifications" | "versioned_notifications";
  /** `compute.<host>`, `volume.<host>`, `network.<host>`, `nova-compute:<host>` (versioned) ... */
  publisherId: string;
  eventType: string;
  priority: NotificationPriority;
  payload: Record<string, unknown>;
}

/** A notification taken off the bus: the inner object of the envelope, checked only for its names. */
export interface IncomingNotification {
  messageId: string | null;
  publisherId: string | null;
  eventType: string;
  priority: string | null;
  payload: Record<string, unknown>;
}

/** A notification the service cannot act on as it stands (no host named, an unknown server): dead-lettered. */
export class NotificationRefused extends Error {}

export interface ServiceNotifications {
  /** domain event type -> the notifications upstream sends when that happens (none: an empty list) */
  outgoing?: Partial<Record<string, (event: LoggedEvent, kernel: Kernel) => BusNotification[]>>;
  /**
   * notification event type -> what the service does when one arrives from the bus, as when the same
   * happens inside the emulator; throws NotificationRefused for one it cannot act on
   */
  incoming?: Partial<Record<string, (message: IncomingNotification, kernel: Kernel) => void>>;
}

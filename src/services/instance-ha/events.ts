// The events instance HA publishes (`instance-ha.<resource>.<past-tense>`) and their payloads;
// the end of this file merges them into the kernel's EventMap.

import type { NotificationStatus, NotificationType } from "./state.js";

export type InstanceHaEvents = {
  "instance-ha.segment.created": { id: string; name: string };
  "instance-ha.segment.updated": { id: string; name: string };
  /** the segment is gone: what its notifications need travels with the event */
  "instance-ha.segment.deleted": { id: string; name: string; seq: number; description: string | null; recoveryMethod: string; serviceType: string; enabled: boolean };
  "instance-ha.host.created": { id: string; name: string; segmentId: string };
  "instance-ha.host.updated": { id: string; name: string; segmentId: string; onMaintenance: boolean; reserved: boolean };
  "instance-ha.host.deleted": { id: string; name: string; segmentId: string; seq: number; type: string; controlAttributes: string; reserved: boolean; onMaintenance: boolean };
  /**
   * Every accepted notification, whatever status it starts in: the recovery engine acts on `status: "new"`
   * only (an ignored one, or a STARTED one already finished, needs nothing).
   */
  "instance-ha.notification.created": {
    id: string;
    type: NotificationType;
    hostname: string;
    sourceHostUuid: string;
    segmentId: string;
    status: NotificationStatus;
    payload: Record<string, string>;
    generatedTime: number;
  };
  "instance-ha.notification.status_changed": { id: string; from: NotificationStatus; to: NotificationStatus };
};

// merged into the kernel's one event map: every `tx.emit` and `events.subscribe` in the program is checked
declare module "../../kernel/events.js" {
  interface EventMap extends InstanceHaEvents {}
}

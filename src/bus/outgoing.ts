// The notifications a domain event becomes: each service's declared `outgoing` mapping (kernel/notifications.ts),
// looked up by event type. A mapping that throws costs that event its notifications, never the emulator.

import type { Kernel } from "../kernel/kernel.js";
import type { LoggedEvent } from "../kernel/events.js";
import type { BusNotification, ServiceNotifications } from "../kernel/notifications.js";
import type { ServiceModule } from "../kernel/service.js";

export type OutgoingMap = Map<string, Array<NonNullable<ServiceNotifications["outgoing"]>[string]>>;

/** Every service's outgoing mappings by event type (several services may map the same event). */
export function outgoingMappings(kernel: Kernel, services: readonly ServiceModule[]): OutgoingMap {
  const map: OutgoingMap = new Map();
  for (const service of services) {
    for (const [type, mapping] of Object.entries(service.notifications?.(kernel).outgoing ?? {})) {
      if (mapping) map.set(type, [...(map.get(type) ?? []), mapping]);
    }
  }
  return map;
}

/** The notifications `event` becomes, in the order the mappings give them. */
export function notificationsOf(map: OutgoingMap, event: LoggedEvent, kernel: Kernel): BusNotification[] {
  const mappings = map.get(event.type);
  if (!mappings) return [];
  const out: BusNotification[] = [];
  for (const mapping of mappings) {
    try {
      out.push(...mapping!(event, kernel));
    } catch (error) {
      kernel.onError(`the notifications of ${event.type} could not be made`, error);
    }
  }
  return out;
}

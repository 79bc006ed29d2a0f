// The notifications an emulator's domain events become, captured as the AMQP bridge makes them: each event
// mapped through the services' outgoing mappings when it is published (after its commit), with no broker.

import type { Emulator } from "../../src/app.js";
import { notificationsOf, outgoingMappings } from "../../src/bus/outgoing.js";
import type { BusNotification } from "../../src/kernel/notifications.js";

export interface Captured extends BusNotification {
  /** the domain event it came from, and its place in the events log */
  from: string;
  seq: number;
}

/**
 * Starts capturing; the list grows as events are published, in the events log's order (a subscriber that
 * publishes from its handler, as instance HA's driver does on compute.host.error, has its events reach a
 * later subscriber before the one it handled). A mapping that throws is kept in `failures`.
 */
export function captureNotifications(emu: Emulator): Captured[] & { failures: unknown[] } {
  const map = outgoingMappings(emu.kernel, emu.services);
  const out = Object.assign([] as Captured[], { failures: [] as unknown[] });
  emu.kernel.onError = (what, error) => out.failures.push([what, error]);
  emu.kernel.events.subscribe("*", (event) => {
    const made = notificationsOf(map, event, emu.kernel).map((n) => ({ ...n, from: event.type, seq: event.seq }));
    if (made.length === 0) return;
    const at = out.findIndex((n) => n.seq > event.seq);
    out.splice(at < 0 ? out.length : at, 0, ...made);
  });
  return out;
}

/** The captured notifications of one topic whose payload concerns `id` (anywhere in it). */
export function about(list: Captured[], id: string, topic: BusNotification["topic"] = "notifications"): Captured[] {
  return list.filter((n) => n.topic === topic && JSON.stringify(n.payload).includes(id));
}

/** The data inside a versioned (nova_object / masakari_object) payload. */
export function data(n: BusNotification): Record<string, any> {
  return (n.payload["nova_object.data"] ?? n.payload["masakari_object.data"]) as Record<string, any>;
}

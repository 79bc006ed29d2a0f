// A message off the bus: read as a notification, skipped when the emulator published it itself or has
// already acted on it (a redelivery carries the same message_id), else handed to the service that declared
// its event type. What cannot be acted on is `rejected` (the caller dead-letters it); a type no service
// takes is `ignored` (acknowledged: the error topic carries other services' errors too).

import type { Kernel } from "../kernel/kernel.js";
import { NotificationRefused, type IncomingNotification, type ServiceNotifications } from "../kernel/notifications.js";
import type { ServiceModule } from "../kernel/service.js";
import { Malformed, readNotification } from "./envelope.js";

type Handler = NonNullable<NonNullable<ServiceNotifications["incoming"]>[string]>;

export type Outcome =
  | { kind: "consumed"; message: IncomingNotification }
  | { kind: "duplicate" | "own" | "ignored"; message: IncomingNotification }
  | { kind: "rejected"; message: IncomingNotification | null; reason: string };

/** Message ids remembered, most recent last; the oldest go past the bound. */
export class RecentIds {
  #ids = new Set<string>();
  constructor(readonly bound: number) {}
  add(id: string): void {
    this.#ids.delete(id);
    this.#ids.add(id);
    if (this.#ids.size > this.bound) this.#ids.delete(this.#ids.values().next().value!);
  }
  has(id: string): boolean {
    return this.#ids.has(id);
  }
}

export class IncomingDispatch {
  readonly #handlers = new Map<string, Handler>();
  readonly #consumed: RecentIds;

  constructor(readonly kernel: Kernel, services: readonly ServiceModule[], readonly published: RecentIds, bound: number) {
    this.#consumed = new RecentIds(bound);
    for (const service of services) {
      for (const [type, handler] of Object.entries(service.notifications?.(kernel).incoming ?? {})) if (handler) this.#handlers.set(type, handler);
    }
  }

  /** the event types some service acts on */
  get eventTypes(): string[] {
    return [...this.#handlers.keys()];
  }

  handle(body: unknown): Outcome {
    let message: IncomingNotification;
    try {
      message = readNotification(body);
    } catch (error) {
      if (error instanceof Malformed) return { kind: "rejected", message: null, reason: error.message };
      throw error;
    }
    const id = message.messageId;
    if (id !== null && this.published.has(id)) return { kind: "own", message };
    if (id !== null && this.#consumed.has(id)) return { kind: "duplicate", message };
    const handler = this.#handlers.get(message.eventType);
    if (!handler) return { kind: "ignored", message };
    try {
      handler(message, this.kernel);
    } catch (error) {
      if (error instanceof NotificationRefused) return { kind: "rejected", message, reason: error.message };
      // an emulator error is not the message's fault, but acting on it again would fail the same way
      this.kernel.onError(`acting on ${message.eventType} from the bus failed`, error);
      return { kind: "rejected", message, reason: "the emulator failed to act on it (see its log)" };
    }
    if (id !== null) this.#consumed.add(id);
    return { kind: "consumed", message };
  }
}

// Typed domain events, published after each commit (`<service>.<resource>.<past-tense>`), kept in a
// bounded log readable through the control API; services subscribe to the ones they react to.

import { Ring } from "./ring.js";

export interface DomainEvent {
  type: string;
  at: string;
  payload: Record<string, unknown>;
}

/** An event as the log keeps it and subscribers get it: with its sequence number in the log. */
export type LoggedEvent = DomainEvent & { seq: number };

type Handler = (event: LoggedEvent) => void;

export class EventBus {
  readonly log: Ring<DomainEvent>;
  #handlers = new Map<string, Handler[]>();
  #onError: (error: unknown) => void;

  constructor(capacity: number, readonly now: () => Date, onError?: (error: unknown) => void) {
    this.log = new Ring(capacity);
    this.#onError = onError ?? ((e) => console.error("skymock: event handler failed", e));
  }

  /** `type` is an exact event type, or a prefix ending in `*` (e.g. `compute.*`). */
  subscribe(type: string, handler: Handler): void {
    const list = this.#handlers.get(type) ?? [];
    list.push(handler);
    this.#handlers.set(type, list);
  }

  publish(type: string, payload: Record<string, unknown>): LoggedEvent {
    const event = this.log.push({ type, at: this.now().toISOString(), payload });
    for (const [key, handlers] of this.#handlers) {
      const matches = key === type || (key.endsWith("*") && type.startsWith(key.slice(0, -1)));
      if (!matches) continue;
      for (const handler of handlers) {
        try {
          handler(event);
        } catch (error) {
          this.#onError(error);
        }
      }
    }
    return event;
  }
}

// Typed domain events, published after each commit (`<service>.<resource>.<past-tense>`), kept in a
// bounded log readable through the control API; services subscribe to the ones they react to.

import { Ring } from "./ring.js";

/**
 * Event type -> payload type. Empty here: the kernel knows no service. The services' events are merged
 * into it by declaration merging (each service's events.ts), so every emit and subscribe in the program is checked
 * against them without the kernel, the store or the operation context taking a type parameter.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface, @typescript-eslint/no-empty-object-type
export interface EventMap {}

/** The service part of a declared event type (`compute` of `compute.server.created`). */
type DeclaredPrefix = keyof EventMap extends infer K ? (K extends `${infer P}.${string}` ? P : never) : never;

/**
 * The payload an event type takes: a declared type's own; any other type under a declared service's prefix
 * is a mistake (a misspelt name) and takes nothing; types no service declares (the kernel's own tests, a
 * wildcard subscription) take any record.
 */
export type PayloadOf<T extends string> = T extends keyof EventMap
  ? EventMap[T]
  : T extends `${string}*`
    ? Record<string, unknown>
    : T extends `${DeclaredPrefix}.${string}`
      ? never
      : Record<string, unknown>;

export interface DomainEvent {
  type: string;
  at: string;
  payload: Record<string, unknown>;
}

/** An event as the log keeps it and subscribers get it: with its sequence number in the log. */
export type LoggedEvent = DomainEvent & { seq: number };

type Handler = (event: LoggedEvent) => void;

/** Refuses (as `never`) a misspelt type under a declared service's prefix, which no event could match. */
type KnownOrUndeclared<T extends string> = [PayloadOf<T>] extends [never] ? never : unknown;

/** A declared event as subscribers get it. */
type DeclaredEvent<K extends keyof EventMap> = K extends unknown ? Omit<LoggedEvent, "type" | "payload"> & { type: K; payload: EventMap[K] } : never;

/**
 * What a subscriber to `T` gets: a declared type's payload typed; under a wildcard, the union of the declared
 * events it matches (narrowed on `type`), or any record where it matches none (the kernel's own tests).
 */
export type EventOf<T extends string> = T extends keyof EventMap
  ? DeclaredEvent<T>
  : T extends `${infer Prefix}*`
    ? [Extract<keyof EventMap, `${Prefix}${string}`>] extends [never]
      ? Omit<LoggedEvent, "payload"> & { payload: Record<string, unknown> }
      : DeclaredEvent<Extract<keyof EventMap, `${Prefix}${string}`>>
    : Omit<LoggedEvent, "type" | "payload"> & { type: T; payload: PayloadOf<T> };

export class EventBus {
  readonly log: Ring<DomainEvent>;
  #handlers = new Map<string, Handler[]>();
  #onError: (error: unknown) => void;

  constructor(capacity: number, readonly now: () => Date, onError?: (error: unknown) => void) {
    this.log = new Ring(capacity);
    this.#onError = onError ?? ((e) => console.error("skymock: event handler failed", e));
  }

  /**
   * `type` is an exact event type, or a prefix ending in `*` (e.g. `compute.*`). Answers the function that
   * unsubscribes the handler; an aborted `signal` does the same.
   */
  subscribe<T extends string>(type: T & KnownOrUndeclared<T>, handler: (event: EventOf<T>) => void, options: { signal?: AbortSignal } = {}): () => void {
    const { signal } = options;
    if (signal?.aborted) return () => undefined;
    const added = handler as Handler;
    // lists are replaced, never changed in place: a publish going through one is not disturbed
    this.#handlers.set(type, [...(this.#handlers.get(type) ?? []), added]);
    const unsubscribe = (): void => {
      signal?.removeEventListener("abort", unsubscribe);
      const rest = (this.#handlers.get(type) ?? []).filter((h) => h !== added);
      if (rest.length > 0) this.#handlers.set(type, rest);
      else this.#handlers.delete(type);
    };
    signal?.addEventListener("abort", unsubscribe, { once: true });
    return unsubscribe;
  }

  publish(type: string, payload: Record<string, unknown>): LoggedEvent {
    const event = this.log.push({ type, at: this.now().toISOString(), payload });
    for (const [key, handlers] of this.#handlers) {
      const matches = key === type || (key.endsWith("*") && type.startsWith(key.slice(0, -1)));
      if (!matches) continue;
      // a subscriber that throws (or an async one that rejects) is reported; the commit that emitted and
      // the other subscribers go on
      for (const handler of handlers) {
        try {
          const result = handler(event) as unknown;
          if (result instanceof Promise) result.catch(this.#onError);
        } catch (error) {
          this.#onError(error);
        }
      }
    }
    return event;
  }
}

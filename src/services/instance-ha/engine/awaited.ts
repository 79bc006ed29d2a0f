// Async tasks: a task's execute or revert may return a promise, which the runner awaits beside the virtual
// clock (the run waits in place; nothing else waits for it) before it marks the task done or reverted.

import type { Kernel } from "../../../kernel/kernel.js";
import type { PendingIo } from "./tasks/webhook.js";

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  !!value && (typeof value === "object" || typeof value === "function") && typeof (value as PromiseLike<unknown>).then === "function";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** The promise's value or its rejection's message: never rejects. */
export function outcomeOf<T>(promise: PromiseLike<T>): Promise<Outcome<T>> {
  return Promise.resolve(promise).then(
    (value): Outcome<T> => ({ ok: true, value }),
    (error: unknown): Outcome<T> => ({ ok: false, error: messageOf(error) }),
  );
}

/**
 * Awaits `promise` beside the clock, then `then`; what `then` planned for now runs at once, as it would
 * have within the clock's step. The engine's `io` lists it meanwhile, so the control API's advance waits.
 */
export function awaitBeside<T>(kernel: Kernel, io: PendingIo | undefined, promise: PromiseLike<T>, then: (outcome: Outcome<T>) => void): void {
  const done = outcomeOf(promise).then((outcome) => {
    then(outcome);
    kernel.clock.runDue();
  });
  io?.add(done.catch((error: unknown) => console.error("skymock: instance HA recovery run failed", error)));
}

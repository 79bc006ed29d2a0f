// Waiting on the emulator from a test: for a resource to reach a status (moving a frozen clock, polling a
// running one) and for a domain event to appear in the journal (polled in real time).

import { setTimeout as sleep } from "node:timers/promises";
import { SkymockError } from "./http.js";
import type { AdvanceUntilInput, AdvanceUntilResult, ClockState, Duration, EventFilter, EventMatching, EventQuery, ResourceStatus, UntilStatus } from "./types.js";

/** The calls of SkymockClient a wait makes (named here, so the client imports the waits and not back). */
export interface WaitingClient {
  getClock(): Promise<ClockState>;
  advanceUntil<T extends string>(input: AdvanceUntilInput<T>): Promise<AdvanceUntilResult<T>>;
  resourceStatus<T extends string>(type: T, id: string): Promise<ResourceStatus<T>>;
  events<F extends EventFilter>(query: EventQuery<F>): Promise<Array<EventMatching<F>>>;
}

export interface PollOptions {
  /** real time to wait at most (default 30 s) */
  timeoutMs?: number;
  /** real time between polls (default 50 ms) */
  pollMs?: number;
}

export interface StatusWaitOptions extends PollOptions {
  /** frozen clock only: the most virtual time to move (default 1 h) */
  within?: Duration;
}

export interface EventWaitOptions extends PollOptions {
  /** only events after this seq (default: the whole journal) */
  after?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_POLL_MS = 50;

export async function waitForStatus<T extends string>(
  client: WaitingClient,
  type: T,
  id: string,
  status: UntilStatus<T>,
  options: StatusWaitOptions,
): Promise<AdvanceUntilResult<T>> {
  const started = await client.getClock();
  if (started.frozen) return client.advanceUntil({ type, id, status, within: options.within });
  const target = status.toUpperCase();
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const reached = async (now: AdvanceUntilResult<T>["status"]) => {
    const clock = await client.getClock();
    return { status: now, advancedMs: clock.epochMs - started.epochMs, clock };
  };
  for (;;) {
    let current;
    try {
      current = await client.resourceStatus(type, id);
    } catch (error) {
      if (error instanceof SkymockError && error.status === 404 && target === "DELETED") return reached("DELETED");
      throw error;
    }
    if (current.status.toUpperCase() === target) return reached(current.status);
    const why = `${type} ${id} is ${current.status}, not ${target}`;
    const step = current.pending;
    // what the server-side advance-until answers on a frozen clock, so a test behaves alike in both modes
    if (!step || step.mode !== "scheduled") {
      const reason = step ? `its step from ${step.from} is ${step.mode}` : "no lifecycle step is planned, so time alone will not change it";
      throw new SkymockError(409, "Stuck", `${why}: ${reason}.`, { resourceStatus: current.status });
    }
    if (Date.now() >= deadline) throw new SkymockError(408, "Timeout", `${why} after ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms.`, { resourceStatus: current.status });
    await sleep(options.pollMs ?? DEFAULT_POLL_MS);
  }
}

export async function waitForEvent<F extends EventFilter>(
  client: WaitingClient,
  typeGlob: F,
  predicate: ((event: EventMatching<F>) => boolean) | undefined,
  options: EventWaitOptions,
): Promise<EventMatching<F>> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  let after = options.after;
  for (;;) {
    const events = await client.events({ type: typeGlob, after });
    const found = events.find((e) => !predicate || predicate(e));
    if (found) return found;
    if (events.length > 0) after = events[events.length - 1].seq;
    if (Date.now() >= deadline) throw new SkymockError(408, "Timeout", `No event ${typeGlob}${predicate ? " matching the predicate" : ""} within ${timeoutMs} ms.`);
    await sleep(options.pollMs ?? DEFAULT_POLL_MS);
  }
}

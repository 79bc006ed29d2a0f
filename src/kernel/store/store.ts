// The one immutable root of the emulator's state. Every change is one immer recipe: it commits whole or,
// if it throws, leaves the state exactly as it was. Effects a recipe asks for (events, lifecycle entries)
// are collected on the transaction and run only after the commit.

import { produce, current, isDraft, type Draft, setAutoFreeze } from "immer";

// Freezing walks every new object on each write; the store is only ever written through recipes, and
// views copy what they render, so the walk would buy nothing but cost.
setAutoFreeze(false);

export type RootState = Record<string, unknown>;

export interface Tx {
  /** publish a domain event after the commit */
  emit(type: string, payload: Record<string, unknown>): void;
  /** run a callback after the commit (lifecycle scheduling, cross-service reactions) */
  afterCommit(fn: () => void): void;
}

export class Store<S extends RootState = RootState> {
  #state: S;
  #listeners: Array<(type: string, payload: Record<string, unknown>) => void> = [];

  constructor(initial: S) {
    this.#state = initial;
  }

  get state(): S {
    return this.#state;
  }

  /** Replaces the whole state (reset, import); no events. */
  replace(next: S): void {
    this.#state = next;
  }

  onEvent(listener: (type: string, payload: Record<string, unknown>) => void): void {
    this.#listeners.push(listener);
  }

  /** Applies one atomic change and returns what the recipe returned (plain data, detached from the draft). */
  update<R>(recipe: (draft: Draft<S>, tx: Tx) => R): R {
    const events: Array<[string, Record<string, unknown>]> = [];
    const after: Array<() => void> = [];
    const tx: Tx = {
      emit: (type, payload) => events.push([type, payload]),
      afterCommit: (fn) => after.push(fn),
    };
    let result!: R;
    this.#state = produce(this.#state, (draft) => {
      const value = recipe(draft, tx);
      result = (isDraft(value) ? current(value as object) : value) as R;
    }) as S;
    for (const [type, payload] of events) for (const listener of this.#listeners) listener(type, payload);
    for (const fn of after) fn();
    return result;
  }
}

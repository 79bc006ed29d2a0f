// The one immutable root of the emulator's state. Every change is one immer recipe: it commits whole or,
// if it throws, leaves the state exactly as it was. Effects a recipe asks for (events, lifecycle entries)
// are collected on the transaction and run only after the commit.

import { produce, current, type Draft, setAutoFreeze } from "immer";
import type { PayloadOf } from "../events.js";
import { isDraftValue } from "./draft-read.js";

// Freezing walks every new object on each write; the store is only ever written through recipes, and
// views copy what they render, so the walk would buy nothing but cost.
setAutoFreeze(false);

export type RootState = Record<string, unknown>;

/** State beside the store that a failed recipe puts back (Store.keepAside). */
export interface AsideState<T> {
  save(): T;
  restore(saved: T): void;
}

export interface Tx {
  /** publish a domain event after the commit; a type the services declare (their events.ts) takes its payload */
  emit<T extends string>(type: T, payload: PayloadOf<T>): void;
  /** run a callback after the commit (lifecycle scheduling, cross-service reactions) */
  afterCommit(fn: () => void): void;
}

export class Store<S extends RootState = RootState> {
  #state: S;
  #listeners: Array<(type: string, payload: Record<string, unknown>) => void> = [];
  #inRecipe = false;
  /** readers told of each commit (an experiment following the resources its probes saw) */
  readonly #commitWatchers = new Set<(state: S) => void>();
  readonly #aside: Array<AsideState<unknown>> = [];
  #onError: (error: unknown) => void;

  constructor(initial: S, onError?: (error: unknown) => void) {
    this.#state = initial;
    this.#onError = onError ?? ((e) => console.error("skymock: after-commit callback failed", e));
  }

  get state(): S {
    return this.#state;
  }

  /** Replaces the whole state (reset, import); no events. */
  replace(next: S): void {
    if (this.#inRecipe) throw new Error("store.replace() inside a store recipe");
    this.#state = next;
  }

  /** Calls `watcher` with the new state after each commit (after its events); answers the function that stops it. */
  watchCommits(watcher: (state: S) => void): () => void {
    this.#commitWatchers.add(watcher);
    return () => this.#commitWatchers.delete(watcher);
  }

  /**
   * State kept outside the store that a recipe may move on (the id generator): saved before each recipe and
   * put back when it throws, so a rejected request leaves it, as the store, exactly as it was.
   */
  keepAside<T>(state: AsideState<T>): void {
    this.#aside.push(state as AsideState<unknown>);
  }

  onEvent(listener: (type: string, payload: Record<string, unknown>) => void): void {
    this.#listeners.push(listener);
  }

  /** Applies one atomic change and returns what the recipe returned (plain data, detached from the draft). */
  update<R>(recipe: (draft: Draft<S>, tx: Tx) => R): R {
    // a nested update would commit against the old root and then be overwritten by the outer one
    if (this.#inRecipe) throw new Error("store.update() inside a store recipe: use tx.afterCommit()");
    const events: Array<[string, Record<string, unknown>]> = [];
    const after: Array<() => void> = [];
    const tx: Tx = {
      // payloads are copied out of the draft now: a draft is unreadable once the recipe ends
      emit: (type, payload) => events.push([type, detach(payload as Record<string, unknown>)]),
      afterCommit: (fn) => after.push(fn),
    };
    let result!: R;
    const aside = this.#aside.map((state) => state.save());
    this.#inRecipe = true;
    try {
      this.#state = produce(this.#state, (draft) => {
        result = detach(recipe(draft, tx));
      }) as S;
    } catch (error) {
      this.#aside.forEach((state, i) => state.restore(aside[i]));
      throw error;
    } finally {
      this.#inRecipe = false;
    }
    // the change is committed: a failing listener or callback is a bug to report, not the caller's error
    for (const [type, payload] of events) for (const listener of this.#listeners) listener(type, payload);
    for (const watcher of this.#commitWatchers) {
      try {
        watcher(this.#state);
      } catch (error) {
        this.#onError(error);
      }
    }
    for (const fn of after) {
      try {
        fn();
      } catch (error) {
        this.#onError(error);
      }
    }
    return result;
  }
}

/**
 * Plain data with every draft inside it replaced by its current value, in one walk: an array or object is
 * copied only once a draft is found inside it, so a payload or result that holds none (most) is handed on
 * as it is, with nothing allocated.
 */
function detach<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (isDraftValue(value)) return current(value as object) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = detach(value[i]);
      if (item !== value[i]) (out ??= value.slice())[i] = item;
    }
    return (out ?? value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const was = (value as Record<string, unknown>)[key];
    const now = detach(was);
    if (now === was) continue;
    // defined, not assigned: a user's `__proto__` key stays a key
    out ??= { ...(value as Record<string, unknown>) };
    Object.defineProperty(out, key, { value: now, writable: true, enumerable: true, configurable: true });
  }
  return (out ?? value) as T;
}

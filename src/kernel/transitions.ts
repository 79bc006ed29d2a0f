// Resource lifecycles on the virtual clock, declared per resource type as data (from, to, after how long).
// A service says when a resource enters a state; the engine plans the declared next step on the clock
// (owned by the type's service, keyed by type and resource), and keeps it as data for snapshots. Overrides,
// per type or per resource, make a step immediate, slower, manual, stuck, or send it elsewhere.

import type { VirtualClock } from "./clock.js";

// The lifecycle records the control API shows (the typed client mirrors them; src/api.ts checks that the
// two stay equal).

/** `compute.server` goes from BUILD to ACTIVE after 5 s */
export interface TransitionDef {
  type: string;
  from: string;
  to: string;
  afterMs: number;
}

export type OverrideMode = "immediate" | "delay" | "manual" | "stick" | "redirect";

/** Makes a step immediate, slower, manual, stuck or sent elsewhere: for a type, one resource and/or one `from` state. */
export interface TransitionOverride {
  id: string;
  type: string;
  resourceId?: string;
  from?: string;
  mode: OverrideMode;
  ms?: number;
  to?: string;
}

/** A step under way. */
export interface PendingStep {
  type: string;
  resourceId: string;
  from: string;
  to: string;
  /** virtual epoch ms */
  enteredAt: number;
  /** virtual epoch ms; null when manual or stuck */
  dueAt: number | null;
  mode: "scheduled" | "manual" | "stuck";
}

/**
 * Applies a step to the store if the resource is still in `from`; returns false when it no longer is
 * (deleted, or moved on by an API call), in which case nothing happens.
 */
export type TransitionApplier = (id: string, from: string, to: string) => boolean;

// A lifecycle whose overrides make it loop (A -> B -> A, all immediate) would otherwise never return.
const MAX_CHAIN = 100;

export class Transitions {
  #types = new Map<string, { defs: TransitionDef[]; apply: TransitionApplier }>();
  #overrides: TransitionOverride[] = [];
  /** the steps under way, by type and resource; a scheduled one is also planned on the clock under the same key */
  #pending = new Map<string, PendingStep>();
  #nextOverride = 1;
  #chain = 0;
  /** called after each step that applied (the process log listens at debug level) */
  onStep: ((step: PendingStep) => void) | undefined = undefined;

  constructor(private readonly clock: VirtualClock) {}

  register(defs: TransitionDef[], apply: TransitionApplier): void {
    for (const def of defs) {
      const entry = this.#types.get(def.type) ?? { defs: [], apply };
      entry.defs.push(def);
      entry.apply = apply;
      this.#types.set(def.type, entry);
    }
  }

  definitions(): TransitionDef[] {
    return [...this.#types.values()].flatMap((r) => r.defs);
  }

  overrides(): TransitionOverride[] {
    return [...this.#overrides];
  }

  pending(): PendingStep[] {
    return [...this.#pending.values()].map((step) => ({ ...step }));
  }

  /** Adds an override; steps already pending that it covers are re-planned at once. */
  addOverride(override: Omit<TransitionOverride, "id">): TransitionOverride {
    const stored = { ...override, id: `ovr-${this.#nextOverride++}` };
    this.#overrides.push(stored);
    this.#replan((step) => covers(stored, step));
    return stored;
  }

  removeOverride(id: string): boolean {
    const removed = this.#overrides.find((o) => o.id === id);
    if (!removed) return false;
    this.#overrides = this.#overrides.filter((o) => o !== removed);
    this.#replan((step) => covers(removed, step));
    return true;
  }

  clearOverrides(): void {
    this.#overrides = [];
    this.#nextOverride = 1;
    this.#replan(() => true);
  }

  /** Forgets every scheduled step (reset). */
  clearPending(): void {
    for (const step of this.#pending.values()) this.clock.cancel(ownerOf(step.type), keyOf(step.type, step.resourceId));
    this.#pending.clear();
  }

  /** A resource has entered `state`: plan its next declared step, if any. Call after the commit. */
  enter(type: string, resourceId: string, state: string): void {
    this.forget(type, resourceId);
    this.#plan(type, resourceId, state, this.clock.now());
  }

  /** The resource left the lifecycle (deleted): forget its pending step. */
  forget(type: string, resourceId: string): void {
    const key = keyOf(type, resourceId);
    if (this.#pending.delete(key)) this.clock.cancel(ownerOf(type), key);
  }

  /** Runs a pending step now (manual steps, or to hurry a scheduled or stuck one). `to` overrides the target. */
  step(type: string, resourceId: string, to?: string): PendingStep | undefined {
    const step = this.#pending.get(keyOf(type, resourceId));
    if (!step) return undefined;
    this.forget(type, resourceId);
    const fired = { ...step, to: to ?? step.to };
    this.#fire(fired);
    return fired;
  }

  /** Puts back steps taken from pending() (snapshot import), exactly as they were. */
  restore(steps: PendingStep[]): void {
    this.clearPending();
    for (const step of steps) {
      const pending = { ...step };
      this.#pending.set(keyOf(step.type, step.resourceId), pending);
      if (pending.mode === "scheduled" && pending.dueAt !== null) this.#schedule(pending, pending.dueAt);
    }
  }

  #plan(type: string, resourceId: string, from: string, enteredAt: number): void {
    const def = this.#types.get(type)?.defs.find((d) => d.from === from);
    if (!def) return;
    const override = this.#overrideFor(type, resourceId, from);
    const to = override?.mode === "redirect" && override.to ? override.to : def.to;
    const step: PendingStep = { type, resourceId, from, to, enteredAt, dueAt: null, mode: "scheduled" };
    const key = keyOf(type, resourceId);
    if (override?.mode === "manual" || override?.mode === "stick") {
      step.mode = override.mode === "manual" ? "manual" : "stuck";
      this.#pending.set(key, step);
      return;
    }
    const after = override?.mode === "immediate" ? 0 : (override?.ms ?? def.afterMs);
    step.dueAt = enteredAt + after;
    // already due (immediate, a zero delay, or an override that shortened a step): run it now, even on a
    // frozen clock, so the caller sees the result as soon as the call that caused it returns
    if (step.dueAt <= this.clock.now() && this.#chain < MAX_CHAIN) return this.#fire(step);
    this.#pending.set(key, step);
    this.#schedule(step, step.dueAt);
  }

  /** Plans the step on the clock, owned by the type's service (`compute` for `compute.server`). */
  #schedule(step: PendingStep, at: number): void {
    this.clock.plan({ owner: ownerOf(step.type), name: step.type, key: keyOf(step.type, step.resourceId), at }, () => this.#fire(step));
  }

  /** Plans the matching pending steps again, as if their resources had just entered `from` when they did. */
  #replan(which: (step: PendingStep) => boolean): void {
    const steps = [...this.#pending.values()].filter(which);
    for (const step of steps) {
      this.forget(step.type, step.resourceId);
      this.#plan(step.type, step.resourceId, step.from, step.enteredAt);
    }
  }

  #fire(step: PendingStep): void {
    const key = keyOf(step.type, step.resourceId);
    if (this.#pending.get(key) === step) this.#pending.delete(key);
    const registered = this.#types.get(step.type);
    if (!registered) return;
    // the applier commits and, through the service, calls enter() for the state it lands in
    this.#chain++;
    let applied: boolean;
    try {
      applied = registered.apply(step.resourceId, step.from, step.to);
    } finally {
      this.#chain--;
    }
    if (applied) this.onStep?.(step);
  }

  /** The most specific override wins (resource and state, then resource, then state, then type); the newest on a tie. */
  #overrideFor(type: string, resourceId: string, from: string): TransitionOverride | undefined {
    let best: TransitionOverride | undefined;
    let bestScore = -1;
    for (const o of this.#overrides) {
      if (!covers(o, { type, resourceId, from })) continue;
      const score = (o.resourceId !== undefined ? 2 : 0) + (o.from !== undefined ? 1 : 0);
      if (score >= bestScore) [best, bestScore] = [o, score];
    }
    return best;
  }
}

function covers(o: TransitionOverride, step: { type: string; resourceId: string; from: string }): boolean {
  return o.type === step.type && (o.resourceId === undefined || o.resourceId === step.resourceId) && (o.from === undefined || o.from === step.from);
}

function keyOf(type: string, resourceId: string): string {
  return `${type}/${resourceId}`;
}

/** A lifecycle type is named `<service>.<resource>`. */
function ownerOf(type: string): string {
  const dot = type.indexOf(".");
  return dot < 0 ? type : type.slice(0, dot);
}

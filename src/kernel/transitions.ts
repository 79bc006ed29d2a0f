// Resource lifecycles on the virtual clock, declared per resource type as data (from, to, after how long).
// A service says when a resource enters a state; the engine schedules the declared next step. Overrides,
// per type or per resource, make a step immediate, slower, manual (moves only when stepped), stuck, or
// send it elsewhere (e.g. BUILD -> ERROR).

import type { VirtualClock } from "./clock.js";

export interface TransitionDef {
  /** resource type, e.g. `compute.server` */
  type: string;
  from: string;
  to: string;
  afterMs: number;
}

/**
 * Applies a step to the store if the resource is still in `from`; returns false when it no longer is
 * (deleted, or moved on by an API call), in which case nothing happens.
 */
export type TransitionApplier = (id: string, from: string, to: string) => boolean;

export type OverrideMode = "immediate" | "delay" | "manual" | "stick" | "redirect";

export interface TransitionOverride {
  id: string;
  type: string;
  /** only this resource; all of the type when absent */
  resourceId?: string;
  /** only the step out of this state; every step of the type when absent */
  from?: string;
  mode: OverrideMode;
  /** for `delay` */
  ms?: number;
  /** for `redirect`: the state to go to instead */
  to?: string;
}

export interface PendingStep {
  type: string;
  resourceId: string;
  from: string;
  to: string;
  /** virtual epoch ms at which it falls due; null for manual and stuck steps */
  dueAt: number | null;
  mode: "scheduled" | "manual" | "stuck";
}

interface Registered {
  defs: TransitionDef[];
  apply: TransitionApplier;
}

export class Transitions {
  #types = new Map<string, Registered>();
  #overrides: TransitionOverride[] = [];
  #pending = new Map<string, PendingStep & { cancel?: () => void }>();
  #nextOverride = 1;

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
    return [...this.#pending.values()].map(({ cancel: _cancel, ...step }) => step);
  }

  addOverride(override: Omit<TransitionOverride, "id">): TransitionOverride {
    const stored = { ...override, id: `ovr-${this.#nextOverride++}` };
    // newest first: a later, narrower override wins over an earlier one
    this.#overrides.unshift(stored);
    return stored;
  }

  removeOverride(id: string): boolean {
    const before = this.#overrides.length;
    this.#overrides = this.#overrides.filter((o) => o.id !== id);
    return this.#overrides.length !== before;
  }

  clearOverrides(): void {
    this.#overrides = [];
  }

  /** Forgets every scheduled step (reset). */
  clearPending(): void {
    for (const step of this.#pending.values()) step.cancel?.();
    this.#pending.clear();
  }

  /** A resource has entered `state`: schedule its next declared step, if any. Call after the commit. */
  enter(type: string, resourceId: string, state: string): void {
    const key = `${type}/${resourceId}`;
    this.#pending.get(key)?.cancel?.();
    this.#pending.delete(key);
    const registered = this.#types.get(type);
    const def = registered?.defs.find((d) => d.from === state);
    if (!registered || !def) return;
    const override = this.#overrideFor(type, resourceId, state);
    const to = override?.mode === "redirect" && override.to ? override.to : def.to;
    const step: PendingStep & { cancel?: () => void } = { type, resourceId, from: state, to, dueAt: null, mode: "scheduled" };
    switch (override?.mode) {
      case "manual":
        step.mode = "manual";
        this.#pending.set(key, step);
        return;
      case "stick":
        step.mode = "stuck";
        this.#pending.set(key, step);
        return;
      case "immediate":
        this.#fire(key, step);
        return;
    }
    const after = override?.mode === "delay" && override.ms !== undefined ? override.ms : def.afterMs;
    step.dueAt = this.clock.now() + after;
    step.cancel = this.clock.schedule(step.dueAt, () => this.#fire(key, step));
    this.#pending.set(key, step);
  }

  /** The resource left the lifecycle (deleted): forget its pending step. */
  forget(type: string, resourceId: string): void {
    const key = `${type}/${resourceId}`;
    this.#pending.get(key)?.cancel?.();
    this.#pending.delete(key);
  }

  /** Runs a pending step now (manual steps, or to hurry a scheduled or stuck one). `to` overrides the target. */
  step(type: string, resourceId: string, to?: string): PendingStep | undefined {
    const key = `${type}/${resourceId}`;
    const step = this.#pending.get(key);
    if (!step) return undefined;
    step.cancel?.();
    this.#pending.delete(key);
    const fired = { ...step, to: to ?? step.to };
    this.#fire(key, fired);
    return fired;
  }

  #fire(key: string, step: PendingStep): void {
    if (this.#pending.get(key) === step) this.#pending.delete(key);
    const registered = this.#types.get(step.type);
    if (!registered) return;
    // the applier commits and, through the service, calls enter() for the state it lands in
    registered.apply(step.resourceId, step.from, step.to);
  }

  #overrideFor(type: string, resourceId: string, from: string): TransitionOverride | undefined {
    return this.#overrides.find(
      (o) => o.type === type && (o.resourceId === undefined || o.resourceId === resourceId) && (o.from === undefined || o.from === from),
    );
  }
}

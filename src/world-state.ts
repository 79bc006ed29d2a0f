// The running world: which seed it came from, the state right after seeding (what reset returns to), and
// snapshot export/import. Seeding builds every service's slice in one store write, so a bad seed changes
// nothing.

import { produce } from "immer";
import type { Kernel } from "./kernel/kernel.js";
import type { ServiceModule } from "./kernel/service.js";
import { ApiError } from "./kernel/errors.js";
import type { ResolvedOptions } from "./config.js";
import type { World as WorldDoc } from "./world.js";

export const SNAPSHOT_FORMAT = "skymock-snapshot/1";

export interface Snapshot {
  format: string;
  clock: { epochMs: number };
  state: Record<string, unknown>;
}

export class World {
  #seeded: Record<string, unknown> = {};

  constructor(
    private readonly kernel: Kernel,
    private readonly services: ServiceModule[],
    private readonly options: ResolvedOptions,
  ) {}

  /** The state right after seeding. */
  get seeded(): Record<string, unknown> {
    return this.#seeded;
  }

  #build(doc: WorldDoc, base?: Record<string, unknown>): Record<string, unknown> {
    const known = new Set(this.services.map((s) => s.name));
    const unknown = Object.keys(doc).filter((k) => !known.has(k));
    if (unknown.length) {
      throw new ApiError(400, undefined, `The seed names services this emulator does not run: ${unknown.join(", ")}. Known: ${[...known].join(", ")}.`);
    }
    const start = base ?? Object.fromEntries(this.services.map((s) => [s.name, s.initialState()]));
    return produce(start, (draft) => {
      for (const service of this.services) {
        if (base && doc[service.name] === undefined) continue;
        service.loadSeed(draft[service.name], doc[service.name], this.kernel);
      }
    });
  }

  /** Makes `doc` the seed world: the state becomes it, and reset returns to it. */
  load(doc: WorldDoc): void {
    const state = this.#build(doc);
    this.#seeded = state;
    this.reset();
  }

  /** Adds `doc`'s resources to the running state; the reset target stays as it was. */
  merge(doc: WorldDoc): void {
    this.kernel.store.replace(this.#build(doc, this.kernel.store.state));
  }

  reset(): void {
    const k = this.kernel;
    k.transitions.clearPending();
    k.transitions.clearOverrides();
    k.clock.clearJobs();
    k.faults.clear();
    k.events.log.clear();
    k.faults.fired.clear();
    k.requests.clear();
    k.rateLimiter.reset();
    if (this.options.randomSeedGiven) k.ids.reset();
    k.store.replace(this.#seeded);
  }

  resetProject(projectId: string): void {
    this.kernel.store.update((draft) => {
      for (const service of this.services) {
        service.resetProject?.(draft[service.name], this.#seeded[service.name], projectId);
      }
    });
  }

  export(): Snapshot {
    return { format: SNAPSHOT_FORMAT, clock: { epochMs: Math.floor(this.kernel.clock.now()) }, state: this.kernel.store.state };
  }

  /** Replaces the running state with a snapshot taken by export(); the clock moves to its time. */
  import(snapshot: unknown): void {
    const s = snapshot as Partial<Snapshot> | null;
    if (!s || s.format !== SNAPSHOT_FORMAT || typeof s.state !== "object" || s.state === null) {
      throw new ApiError(400, undefined, `A snapshot is an object with format "${SNAPSHOT_FORMAT}", clock and state, as GET /_emulator/state returns.`);
    }
    const names = this.services.map((svc) => svc.name).sort();
    const given = Object.keys(s.state).sort();
    if (JSON.stringify(names) !== JSON.stringify(given)) {
      throw new ApiError(400, undefined, `The snapshot holds services [${given.join(", ")}], this emulator runs [${names.join(", ")}].`);
    }
    for (const service of this.services) checkSlice(service.name, service.initialState(), s.state[service.name]);
    this.kernel.transitions.clearPending();
    this.kernel.clock.clearJobs();
    this.kernel.store.replace(structuredClone(s.state) as Record<string, unknown>);
    if (typeof s.clock?.epochMs === "number") this.kernel.clock.set(s.clock.epochMs);
  }
}

/** A snapshot slice must have the same collections as a fresh one, each of the same kind. */
function checkSlice(name: string, fresh: unknown, given: unknown): void {
  const bad = (why: string) => new ApiError(400, undefined, `The snapshot's ${name} state is not valid: ${why}.`);
  if (!given || typeof given !== "object" || Array.isArray(given)) throw bad("not an object");
  for (const [key, value] of Object.entries(fresh as Record<string, unknown>)) {
    const v = (given as Record<string, unknown>)[key];
    if (v === undefined) throw bad(`${key} is missing`);
    if (value && typeof value === "object" && "rows" in value) {
      const t = v as Record<string, unknown>;
      if (!t || typeof t !== "object" || !Array.isArray(t.rows) || typeof t.next !== "number" || typeof t.depth !== "number" || !t.index) {
        throw bad(`${key} is not a table`);
      }
    } else if (value && typeof value === "object" && "root" in value) {
      if (!v || typeof v !== "object" || !Array.isArray((v as Record<string, unknown>).root)) throw bad(`${key} is not a map`);
    }
  }
}

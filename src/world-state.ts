// The running world: which seed it came from, the state right after seeding (what reset returns to), and
// snapshot export/import, and who can log in (Logins). Seeding builds every service's slice in one store write,
// and an import is checked whole before it replaces anything, so a bad seed or snapshot changes nothing.

import { produce } from "immer";
import * as z from "zod";
import type { Kernel } from "./kernel/kernel.js";
import type { ServiceModule } from "./kernel/service.js";
import { ApiError } from "./kernel/errors.js";
import { describeIssues } from "./kernel/http/body.js";
import { dictProblem, indexesProblem, tableProblem, tableRowsProblem } from "./kernel/store/check.js";
import { addMissingGroupings, optionsOf, rebuildGroupings, type Table } from "./kernel/store/table.js";
import { blobIdsIn, stageSnapshotBlobs, type BlobSections } from "./kernel/blobs/snapshot.js";
import type { PendingStep } from "./kernel/transitions.js";
import type { ResolvedOptions } from "./config.js";
import { mergeWorlds, type WorldDocument as WorldDoc } from "./world.js";
import { Logins } from "./clouds.js";
import { findResource } from "./kernel/resources.js";

export const SNAPSHOT_FORMAT = "skymock-snapshot/3";
/**
 * The formats an import reads: /1 holds its map buckets as { e: [[key, value], ...] } (rewritten on import,
 * store/check.ts); /1 and /2 keep a group's rows as a list of their ids, and an import builds their tables'
 * groups again from the rows.
 */
const READABLE_FORMATS: readonly string[] = [SNAPSHOT_FORMAT, "skymock-snapshot/2", "skymock-snapshot/1"];

/** The resource kind of the projects tenants log in to (identity's). */
const PROJECT = "identity.project";

/** The blob sections (GET /state?blobs=include) come on top: the state itself holds only blob refs. */
export interface Snapshot extends BlobSections {
  format: string;
  clock: { epochMs: number };
  state: Record<string, unknown>;
  /** lifecycle steps under way, so a resource in BUILD still becomes ACTIVE after an import */
  transitions: PendingStep[];
  /**
   * where the id generator stands (four 32-bit words): an import continues from there, so an emulator
   * started with the same --random-seed makes none of the snapshot's ids again (absent before /3)
   */
  ids?: number[];
}

export interface WorldExtras {
  merged?: WorldDoc;
  tenants: ReturnType<Logins["tenants"]>;
  ids: number[];
}

/** The id generator's position: four 32-bit words (optional: builds before /3 kept none). */
const idsSchema = z.array(z.number().int().min(0).max(0xffffffff)).length(4).optional();

const pendingSchema = z.array(
  z.object({
    type: z.string(),
    resourceId: z.string(),
    from: z.string(),
    to: z.string(),
    enteredAt: z.number(),
    dueAt: z.number().nullable(),
    mode: z.enum(["scheduled", "manual", "stuck"]),
  }),
);

export class World {
  #seeded: Record<string, unknown> = {};
  /** the id stream's position right after seeding */
  #idsAfterSeed: number[] | undefined;
  /** the seed document; and it with the worlds merged in since the last reset (their users can log in too) */
  #seedDoc: WorldDoc = {};
  #doc: WorldDoc = {};
  /** what the seed world was loaded from (a scenario name, a file, `body`, `(inline)`), and the worlds merged since */
  #seedRef = "";
  #merged: string[] = [];
  /** the users a client can log in as: the seed world's, and tenants made since the last reset */
  readonly logins: Logins;

  constructor(
    private readonly kernel: Kernel,
    private readonly services: ServiceModule[],
    private readonly options: ResolvedOptions,
  ) {
    this.logins = new Logins(() => this.#doc, options.region);
  }

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
    const load = (state: Record<string, unknown>) => {
      for (const service of this.services) {
        if (base && doc[service.name] === undefined) continue;
        service.loadSeed(state[service.name], doc[service.name], this.kernel, state);
      }
    };
    if (base) return produce(base, load);
    // a fresh state nothing else holds yet is built in place, as plain data (no drafts to make and
    // finalize: the default world builds in half the time); a loader that throws leaves it to be dropped
    const fresh = Object.fromEntries(this.services.map((s) => [s.name, s.initialState()]));
    load(fresh);
    return fresh;
  }

  /** The seed world in use: where it came from, and the worlds merged into the running state since the last reset. */
  get seed(): { ref: string; merged: string[] } {
    return { ref: this.#seedRef, merged: [...this.#merged] };
  }

  /** Makes `doc` (from `ref`) the seed world: the state becomes it, and reset returns to it. */
  load(doc: WorldDoc, ref = "(inline)"): void {
    const ids = this.kernel.ids;
    const before = ids.save();
    // with a fixed random seed, a world seeds with the same ids however often it is loaded
    if (this.options.randomSeedGiven) ids.reset();
    try {
      this.#seeded = this.#build(doc);
    } catch (error) {
      ids.restore(before);
      throw error;
    }
    this.#idsAfterSeed = ids.save();
    this.#seedDoc = doc;
    this.#seedRef = ref;
    this.reset();
  }

  /** Adds `doc`'s resources to the running state; the reset target stays as it was. */
  merge(doc: WorldDoc, ref = "(inline)"): void {
    this.kernel.store.replace(this.#build(doc, this.kernel.store.state));
    this.#doc = mergeWorlds(this.#doc, doc);
    this.#merged.push(ref);
  }

  /** Back to the seed world: state, blobs, runtime faults and overrides, lifecycles under way and journals. The clock
   * and the rate-limit budget stay as they are; fault rules from the configuration come back. */
  reset(): void {
    const k = this.kernel;
    k.transitions.clearPending();
    k.transitions.clearOverrides();
    k.clock.clearJobs();
    k.faults.reset();
    k.events.log.clear();
    k.requests.clear();
    k.rateLimiter.reset();
    // ids continue from where seeding left them, so they never repeat an id the seed world holds
    if (this.options.randomSeedGiven && this.#idsAfterSeed) k.ids.restore(this.#idsAfterSeed);
    k.store.replace(this.#seeded);
    k.blobs.clear();
    this.#doc = this.#seedDoc;
    this.#merged = [];
    this.logins.clear();
    for (const service of this.services) service.worldReplaced?.(k, "reset");
  }

  /**
   * One project's resources back to the seed world. A project the seed world lacks (a tenant from
   * POST /_emulator/tenants, or one made through the identity API) goes entirely: the services' resets take
   * its resources, then the service that owns projects drops it with the users made for it (tenant hooks),
   * and every service what those users owned (compute's key pairs).
   */
  resetProject(projectId: string): void {
    this.kernel.store.update((draft, tx) => {
      for (const service of this.services) {
        service.resetProject?.(draft[service.name], this.#seeded[service.name], projectId, { kernel: this.kernel, world: draft, tx });
      }
      // a reset publishes no events (the services' resets do not either)
      const silent = { emit: () => {}, afterCommit: (fn: () => void) => tx.afterCommit(fn) };
      const users = this.services.flatMap((service) => service.tenants?.dropProject?.(draft[service.name], this.#seeded[service.name], projectId, silent) ?? []);
      for (const service of this.services) service.tenants?.dropUsers?.(draft[service.name], users);
    });
    // blobs are owned by the project that put them (PutOptions.owner)
    this.kernel.blobs.clear(projectId);
    this.logins.forgetProject(projectId);
  }

  /** The live state, not a copy: the store never mutates it, and callers must not either. */
  export(): Snapshot {
    const k = this.kernel;
    return { format: SNAPSHOT_FORMAT, clock: { epochMs: Math.floor(k.clock.now()) }, state: k.store.state, transitions: k.transitions.pending(), ids: k.ids.save() };
  }

  /** What a state kept across restarts (src/persist.ts) holds beside the snapshot: who can log in beyond the seed
   * world's users (worlds merged since the last reset, tenants), and the id stream's position. */
  extras(): WorldExtras {
    return {
      ...(this.#doc === this.#seedDoc ? {} : { merged: this.#doc }),
      tenants: this.logins.tenants(),
      ids: this.kernel.ids.save(),
    };
  }

  /** Takes back what extras() gave, after an import of the snapshot saved with it. */
  restoreExtras(extras: WorldExtras): void {
    if (extras.merged) this.#doc = extras.merged;
    this.logins.clear();
    for (const t of extras.tenants) this.logins.addTenant(t.projectId, t.credentials);
    this.kernel.ids.restore(extras.ids);
  }

  /** The blobs the running state names (its blob-holding slices only). */
  blobIds(): Set<string> {
    return blobIdsIn(blobSlices(this.services, this.kernel.store.state));
  }

  /**
   * Replaces the running state with a snapshot taken by export(); the clock moves to its time. The state
   * takes the snapshot's objects as they are (both callers hand over a document they just parsed, and keep
   * no reference to it): copying 100k rows would double the import's cost.
   */
  import(snapshot: unknown): void {
    const s = snapshot as Partial<Snapshot> | null;
    if (!s || typeof s !== "object" || !READABLE_FORMATS.includes(s.format as string) || !isObject(s.state) || typeof s.clock?.epochMs !== "number") {
      throw new ApiError(400, undefined, `A snapshot is an object with format "${SNAPSHOT_FORMAT}" (or an older build's "skymock-snapshot/2" or "/1"), clock and state, as GET /_emulator/state returns.`);
    }
    const names = this.services.map((svc) => svc.name).sort();
    const given = Object.keys(s.state).sort();
    if (JSON.stringify(names) !== JSON.stringify(given)) {
      throw new ApiError(400, undefined, `The snapshot holds services [${given.join(", ")}], this emulator runs [${names.join(", ")}].`);
    }
    for (const service of this.services) {
      const problem = sliceProblem(service.initialState(), s.state[service.name], "", s.format !== SNAPSHOT_FORMAT) ?? service.snapshotProblem?.(s.state[service.name]);
      if (problem) throw new ApiError(400, undefined, `The snapshot's ${service.name} state is not valid: ${problem}.`);
    }
    const pending = pendingSchema.safeParse(s.transitions ?? []);
    const ids = idsSchema.safeParse(s.ids);
    if (!ids.success) throw new ApiError(400, undefined, `The snapshot's ids are not valid: ${describeIssues(ids.error)}.`);
    if (!pending.success) throw new ApiError(400, undefined, `The snapshot's transitions are not valid: ${describeIssues(pending.error)}.`);
    const k = this.kernel;
    // the last check: what it stages (the section's bytes) is committed below or dropped on its own error
    const blobs = stageSnapshotBlobs(k.blobs, s, blobSlices(this.services, s.state));
    blobs?.commit();
    k.transitions.clearPending();
    k.clock.clearJobs();
    k.store.replace(s.state);
    k.clock.set(s.clock.epochMs);
    k.transitions.restore(pending.data);
    if (ids.data) k.ids.restore(ids.data);
    // tenants the snapshot does not hold can no longer log in
    const projects = this.services.flatMap((service) => (service.resources ?? []).filter((kind) => kind.type === PROJECT).map((kind) => ({ kind, slice: service.name })));
    this.logins.retainProjects((id) => projects.some(({ kind, slice }) => findResource(kind, k.store.state, slice, id) !== undefined));
    for (const service of this.services) service.worldReplaced?.(k, "import");
  }
}

/** The slices of a state that may hold blob references (their services say so): the rest is not walked. */
export function blobSlices(services: ReadonlyArray<{ name: string; holdsBlobs?: boolean }>, state: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(services.filter((svc) => svc.holdsBlobs).map((svc) => [svc.name, state[svc.name]]));
}

/**
 * A snapshot slice must have the shape of a fresh one: the same keys, tables and maps that read back. A
 * table or map the snapshot lacks (one added to the service since the build that wrote it) is filled in as
 * a fresh emulator has it, so a snapshot or --data-dir of an older build still imports.
 */
function sliceProblem(fresh: unknown, given: unknown, path: string, older: boolean): string | undefined {
  const at = path || "the slice";
  if (isObject(fresh) && "rows" in fresh) {
    const table = given as unknown as Table<{ id: string }>;
    const options = optionsOf(fresh as unknown as Table<{ id: string }>);
    // an older format's groups are built again from the rows; this format's are checked (each must be an
    // index this build keeps, as it keeps it), and an index added since the snapshot's build is built from the rows
    const problem = prefixed(path, older ? tableRowsProblem(given) : (tableProblem(given) ?? indexesProblem(table, options)));
    if (!problem) (older ? rebuildGroupings : addMissingGroupings)(table, options);
    return problem;
  }
  if (isObject(fresh) && "root" in fresh) return prefixed(path, dictProblem(given));
  if (isObject(fresh)) {
    if (!isObject(given)) return `${at} is not an object`;
    for (const key of Object.keys(given)) if (!Object.hasOwn(fresh, key)) return `${path}${key} is not part of this service's state`;
    for (const [key, value] of Object.entries(fresh)) {
      if (!Object.hasOwn(given, key)) {
        if (!isObject(value) || !("rows" in value || "root" in value)) return `${path}${key} is missing`;
        given[key] = structuredClone(value);
        continue;
      }
      const problem = sliceProblem(value, given[key], `${path}${key}.`, older);
      if (problem) return problem;
    }
    return undefined;
  }
  if (Array.isArray(fresh) !== Array.isArray(given)) return `${at} is ${Array.isArray(fresh) ? "not " : ""}a list`;
  if (fresh !== null && given !== null && typeof fresh !== typeof given) return `${at} is not a ${typeof fresh}`;
  return undefined;
}

function prefixed(path: string, problem: string | undefined): string | undefined {
  return problem && `${path.slice(0, -1) || "the slice"}: ${problem}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

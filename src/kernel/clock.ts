// The virtual clock every timestamp, token expiry and lifecycle transition reads. Two modes: real time
// scaled by a factor (60 turns a 60 s transition into 1 s), or frozen (time moves only when advanced).
// Work planned on it runs in time order; advancing runs every job that falls due before returning. It is the
// one way anything plans work for later: a step has an owner (the service), a name (what it is) and, when the
// owner needs to find, replace or cancel it, a key (lifecycle steps, recovery runs, sweeps and expiries).

/** GET /_emulator/clock (the typed client mirrors it; src/api.ts checks that the two stay equal) */
export interface ClockState {
  now: string;
  epochMs: number;
  factor: number;
  frozen: boolean;
  /** scheduled jobs */
  pending: number;
}

/** A step as plan() takes it: due at `at` (virtual epoch ms); a key is unique per owner. */
export interface PlannedStep {
  /** the service it belongs to, e.g. `compute`, `instance-ha` */
  owner: string;
  /** what it is, e.g. `compute.server`, `token-sweep`, `recovery-run` */
  name: string;
  /** planning another step under the same owner and key replaces this one */
  key?: string;
  at: number;
  /**
   * upkeep the cloud does on its own (a token sweep, a periodic pass, an object's expiry) rather than work
   * something asked for: "advance until idle" does not wait for it
   */
  upkeep?: boolean;
}

import { popJob, pushJob } from "./job-heap.js";

interface Job extends PlannedStep {
  seq: number;
  run: () => void;
  cancelled?: boolean;
}

const keyOf = (owner: string, key: string) => `${owner}\u0000${key}`;

export class VirtualClock {
  #frozen: boolean;
  #factor: number;
  /** virtual ms at the moment `#realBase` was taken */
  #virtualBase: number;
  #realBase: number;
  #jobs: Job[] = []; // binary min-heap on (at, seq)
  /** the planned steps that have a key, by owner and key */
  #keyed = new Map<string, Job>();
  #cancelled = 0; // cancelled jobs still in the heap
  #seq = 0;
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #onError: (error: unknown) => void;

  constructor(options: { start?: number; factor?: number; frozen?: boolean; onError?: (e: unknown) => void } = {}) {
    this.#virtualBase = options.start ?? Date.now();
    this.#realBase = performance.now();
    this.#factor = options.factor ?? 1;
    this.#frozen = options.frozen ?? false;
    this.#onError = options.onError ?? ((e) => console.error("skymock: scheduled job failed", e));
  }

  now(): number {
    if (this.#frozen) return this.#virtualBase;
    return this.#virtualBase + (performance.now() - this.#realBase) * this.#factor;
  }

  date(): Date {
    return new Date(Math.floor(this.now()));
  }

  /**
   * The real wall clock, for times a client stamped with its own clock (a signature's date): those are
   * compared with this, never with virtual time, which may be frozen, scaled or moved (kernel/client-time.ts).
   */
  wallNow(): number {
    return Date.now();
  }

  get factor(): number {
    return this.#factor;
  }

  get frozen(): boolean {
    return this.#frozen;
  }

  state(): ClockState {
    const now = this.now();
    return { now: new Date(now).toISOString(), epochMs: Math.floor(now), factor: this.#factor, frozen: this.#frozen, pending: this.#jobs.length - this.#cancelled };
  }

  #rebase(): void {
    this.#virtualBase = this.now();
    this.#realBase = performance.now();
  }

  setFactor(factor: number): void {
    if (!(factor > 0) || !Number.isFinite(factor)) throw new RangeError("factor must be a positive number");
    this.#rebase();
    this.#factor = factor;
    this.#arm();
  }

  freeze(): void {
    this.#runDue(this.now()); // work that fell due in real time runs before time stops
    this.#rebase();
    this.#frozen = true;
    this.#arm();
  }

  unfreeze(): void {
    this.#rebase();
    this.#frozen = false;
    this.#arm();
  }

  /** Moves time forward by ms, running every job that falls due, in order, before returning. */
  advance(ms: number): void {
    if (!(ms >= 0) || !Number.isFinite(ms)) throw new RangeError("advance takes a non-negative number of ms");
    const target = this.now() + ms;
    this.#runDue(target);
    if (target > this.now()) {
      this.#virtualBase = target;
      this.#realBase = performance.now();
    }
    this.#arm();
  }

  /** Jumps to an absolute virtual time (never backwards past due work: due jobs run first). */
  set(epochMs: number): void {
    if (!Number.isFinite(epochMs)) throw new RangeError("time must be a number of ms since the epoch");
    if (epochMs > this.now()) return this.advance(epochMs - this.now());
    this.#virtualBase = epochMs;
    this.#realBase = performance.now();
    this.#arm();
  }

  /** Runs `run` when virtual time reaches `at`, as an anonymous step. Returns a cancel function. */
  schedule(at: number, run: () => void): () => void {
    return this.plan({ owner: "", name: "", at }, run);
  }

  /**
   * Plans `run` for when virtual time reaches `step.at`. A step with a key replaces the owner's step under
   * that key, and can be found (planned) and cancelled by it. Returns a cancel function.
   */
  plan(step: PlannedStep, run: () => void): () => void {
    const job: Job = { ...step, seq: this.#seq++, run };
    if (step.key !== undefined) {
      const key = keyOf(step.owner, step.key);
      this.#cancel(this.#keyed.get(key));
      this.#keyed.set(key, job);
    }
    pushJob(this.#jobs, job);
    this.#arm();
    return () => this.#cancel(job);
  }

  /** The owner's step under `key`, while it is planned. */
  planned(owner: string, key: string): PlannedStep | undefined {
    const job = this.#keyed.get(keyOf(owner, key));
    return job && { owner: job.owner, name: job.name, key: job.key, at: job.at };
  }

  /** Cancels the owner's step under `key`; false when none is planned. */
  cancel(owner: string, key: string): boolean {
    const job = this.#keyed.get(keyOf(owner, key));
    this.#cancel(job);
    return job !== undefined;
  }

  /** When the soonest planned step that is not upkeep falls due; undefined when none is planned. */
  nextWork(): number | undefined {
    let soonest: number | undefined;
    for (const job of this.#jobs) if (!job.cancelled && !job.upkeep && (soonest === undefined || job.at < soonest)) soonest = job.at;
    return soonest;
  }

  /** Every planned step (or one owner's), soonest first. */
  steps(owner?: string): PlannedStep[] {
    return this.#jobs
      .filter((job) => !job.cancelled && job.owner !== "" && (owner === undefined || job.owner === owner))
      .sort((a, b) => a.at - b.at || a.seq - b.seq)
      .map(({ owner, name, key, at }) => (key === undefined ? { owner, name, at } : { owner, name, key, at }));
  }

  #cancel(job: Job | undefined): void {
    if (!job || job.cancelled) return;
    job.cancelled = true;
    this.#unkey(job);
    this.#cancelled++;
    // a cancelled job leaves the heap only when it reaches the top: lifecycles replanned again and again
    // under a long delay would otherwise pile up jobs that will never run
    if (this.#cancelled > 1024 && this.#cancelled * 2 > this.#jobs.length) this.#compact();
  }

  #unkey(job: Job): void {
    if (job.key === undefined) return;
    const key = keyOf(job.owner, job.key);
    if (this.#keyed.get(key) === job) this.#keyed.delete(key);
  }

  /** Drops the cancelled jobs; a sorted array is a valid heap. */
  #compact(): void {
    this.#jobs = this.#jobs.filter((job) => !job.cancelled).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.#cancelled = 0;
  }

  /** Runs whatever is due now (used after time-changing operations and by the real-time timer). */
  runDue(): void {
    this.#runDue(this.now());
    this.#arm();
  }

  #runDue(until: number): void {
    if (this.#running) return; // a job that advances time must not re-enter
    this.#running = true;
    try {
      while (this.#jobs.length > 0 && this.#jobs[0].at <= until) {
        const job = this.#pop()!;
        if (job.cancelled) continue;
        this.#unkey(job);
        if (job.at > this.now()) {
          // advancing: time steps to the job's moment, so whatever it stamps reads its due time
          this.#virtualBase = job.at;
          this.#realBase = performance.now();
        }
        try {
          job.run();
        } catch (error) {
          this.#onError(error);
        }
      }
    } finally {
      this.#running = false;
    }
  }

  #arm(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#jobs.length > 0 && this.#jobs[0].cancelled) this.#pop();
    if (this.#frozen || this.#jobs.length === 0) return;
    const wait = Math.max(0, (this.#jobs[0].at - this.now()) / this.#factor);
    this.#timer = setTimeout(() => this.runDue(), Math.min(wait, 2 ** 31 - 1));
    this.#timer.unref();
  }

  /** Drops every planned step (reset, import). */
  clearJobs(): void {
    for (const job of this.#jobs) job.cancelled = true;
    this.#jobs = [];
    this.#keyed.clear();
    this.#cancelled = 0;
    this.#arm();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #pop(): Job | undefined {
    const top = popJob(this.#jobs);
    if (top?.cancelled) this.#cancelled--;
    return top;
  }
}

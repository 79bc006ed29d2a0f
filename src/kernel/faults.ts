// Fault injection as a first-class feature: rules added at run time (or from config), matched in order on
// service, method, path pattern, operation, project and resource name, each with a probability drawn from a
// seedable generator, a `times` budget and an expiry on the virtual clock. Fired faults are journaled.
// Requests are matched at the HTTP edge; work no request carries (a lifecycle step) by operation name.

import * as z from "zod";
import { Ring } from "./ring.js";
import { seededRandom } from "./ids.js";
import { compileGlob } from "./glob.js";

export const faultEffectSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("error"),
    status: z.number().int().min(400).max(599),
    /** upstream code (Nova fault name, Neutron type, Keystone title); the service's default when absent */
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  z.object({ type: z.literal("latency"), ms: z.number().int().min(0).max(600_000) }),
  z.object({ type: z.literal("throttle"), retryAfter: z.number().int().min(0).max(86_400).default(1) }),
  /** the change is made, but the caller is told it failed */
  z.object({
    type: z.literal("false-negative"),
    status: z.number().int().min(400).max(599).default(500),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  /** the connection is dropped without a response */
  z.object({ type: z.literal("reset") }),
  /** no response for `ms` (real time), then the connection is dropped */
  z.object({ type: z.literal("hang"), ms: z.number().int().min(0).max(600_000).default(30_000) }),
]);

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

/** a glob's longest: matching costs its length times the text's (kernel/glob.ts) */
export const MAX_GLOB_LENGTH = 1024;
const glob = () => z.string().max(MAX_GLOB_LENGTH);

export const faultRuleSchema = z
  .object({
    service: z.string().optional(),
    /** any case; a rule for a method no route takes would never fire */
    method: z.string().toUpperCase().pipe(z.enum(HTTP_METHODS)).optional(),
    /** glob on the path, below the service's mount or in full: `*` one segment, `**` any depth */
    path: glob().optional(),
    /** operation name or glob, e.g. `identity.token.*` */
    operation: glob().optional(),
    /** project id or name */
    project: z.string().optional(),
    /** glob on the `name` a create or update body gives its resource */
    resourceName: glob().optional(),
    effect: faultEffectSchema,
    probability: z.number().min(0).max(1).default(1),
    times: z.number().int().min(1).optional(),
    /** ISO time or epoch ms on the virtual clock after which the rule no longer fires */
    expiresAt: z.union([z.string().datetime({ offset: true }), z.number()]).optional(),
  })
  .strict();

export type FaultRuleInput = z.input<typeof faultRuleSchema>;
export type FaultEffect = z.output<typeof faultEffectSchema>;

export interface FaultRule extends Omit<z.output<typeof faultRuleSchema>, "expiresAt"> {
  id: string;
  expiresAt?: number;
  fired: number;
}

/** What a request looks like to the fault gate; project and resource name are resolved only if a rule asks. */
export interface FaultProbe {
  service: string;
  method: string;
  /** below the service's mount */
  path: string;
  /** as requested */
  fullPath: string;
  operation: string;
  /** the request's own operation within the route's (`compute.server.action.os-stop`), when it has one */
  variant?: string;
  /** the request's id (as the requests journal has it) */
  requestId?: string;
  /** the caller's project, by id and name */
  project: () => { id?: string; name?: string } | undefined;
  resourceName: () => string | undefined;
}

/**
 * Work no HTTP request carries (a lifecycle step, a recovery task, an event delivery), as a rule sees it:
 * only a rule that names its operation (by name or glob) and no method or path can fail it.
 */
export interface OperationProbe {
  service: string;
  /** e.g. `compute.server.build` */
  operation: string;
  /** the project the work belongs to, by id (and name, when known) */
  project?: { id?: string; name?: string };
  /** the name of the resource it works on */
  resourceName?: string;
}

/**
 * What a rule that fires does to work no request carries, read the same way by every service: `fail` (an
 * error or a false negative: the step fails, with the rule's status, code and message), `delay` (latency or
 * a hang: the step runs that much later, in virtual time), `interrupt` (throttle or reset: the step's call
 * was cut short). A lifecycle step fails only on `fail`; a recovery task fails on either and waits on `delay`.
 */
export type StepFault =
  | { kind: "fail"; status: number; code?: string; message?: string }
  | { kind: "delay"; ms: number }
  | { kind: "interrupt"; effect: "throttle" | "reset" };

export interface FiredFault {
  at: string;
  ruleId: string;
  /** the request it failed, as the requests journal names it; null for work no request carries */
  requestId: string | null;
  service: string;
  method: string;
  path: string;
  operation: string;
  effect: FaultEffect["type"];
}

/** A rule that fired, and what it does. */
export interface Firing {
  rule: FaultRule;
  effect: FaultEffect;
}

export class Faults {
  #rules: FaultRule[] = [];
  #initial: unknown[] = [];
  #random: () => number;
  #next = 1;
  readonly fired = new Ring<FiredFault>(1000);
  /** checks what the schema cannot know (the services mounted); throws to refuse a rule */
  #check: (rule: z.output<typeof faultRuleSchema>) => void = () => {};
  /** called with each firing as it is journaled (the process log listens at debug level) */
  onFired: ((fired: FiredFault) => void) | undefined = undefined;
  /** readers told of every firing as it happens (an experiment's timeline) */
  readonly #watchers = new Set<(fired: FiredFault) => void>();

  constructor(
    private readonly now: () => number,
    private seed: number,
  ) {
    this.#random = seededRandom(seed);
  }

  get active(): boolean {
    return this.#rules.length > 0;
  }

  get wantsResourceName(): boolean {
    return this.#rules.some((r) => r.resourceName !== undefined);
  }

  /** The rules that are still live (a rule past its expiry is dropped). */
  list(): FaultRule[] {
    this.#dropExpired();
    return this.#rules.map((r) => ({ ...r }));
  }

  /** Installs the check every rule passes besides the schema (app.ts: the services mounted). */
  checkRulesWith(check: (rule: z.output<typeof faultRuleSchema>) => void): void {
    this.#check = check;
  }

  /** Rules from the configuration: active from the start, and again after every reset(). */
  configure(rules: unknown[]): void {
    for (const rule of rules) this.#check(faultRuleSchema.parse(rule));
    this.#initial = [...rules];
    this.reset();
  }

  /** Validates and adds a rule; throws a zod error on bad input, or what the installed check throws. */
  add(input: unknown): FaultRule {
    const parsed = faultRuleSchema.parse(input);
    this.#check(parsed);
    const expiresAt = typeof parsed.expiresAt === "string" ? Date.parse(parsed.expiresAt) : parsed.expiresAt;
    const rule: FaultRule = { ...parsed, expiresAt, id: `fault-${this.#next++}`, fired: 0 };
    this.#rules.push(rule);
    return { ...rule };
  }

  remove(id: string): boolean {
    const before = this.#rules.length;
    this.#rules = this.#rules.filter((r) => r.id !== id);
    return before !== this.#rules.length;
  }

  /** Drops every rule, those from the configuration included. */
  clear(): void {
    this.#rules = [];
  }

  /** Back to the configured rules, with fresh ids and budgets, and the random stream restarted, so a seeded
   * sequence replays after a reset. The fired journal is emptied. */
  reset(): void {
    this.#rules = [];
    this.#next = 1;
    this.#random = seededRandom(this.seed);
    this.fired.clear();
    for (const rule of this.#initial) this.add(rule);
  }

  /** Restarts the random stream from `seed` (an experiment's seed): the draws that follow replay with it.
   * The next reset() goes back to the configured seed. */
  restartDraws(seed: number): void {
    this.#random = seededRandom(seed);
  }

  /** Returns the effect of the first rule that matches the request and fires, and journals it. */
  match(probe: FaultProbe): Firing | undefined {
    return this.#fire((rule) => matches(rule, probe), { ...probe, operation: probe.variant ?? probe.operation, requestId: probe.requestId ?? null });
  }

  /** The same for work no request carries; the journal shows it with an empty method and path. */
  matchOperation(probe: OperationProbe): Firing | undefined {
    return this.#fire((rule) => matchesOperation(rule, probe), { ...probe, method: "", fullPath: "", requestId: null });
  }

  /** Whether a fault rule fails (or delays) one step of work no request carries: the one check every scheduled step makes. */
  stepFault(probe: OperationProbe): StepFault | undefined {
    if (this.#rules.length === 0) return undefined;
    const effect = this.matchOperation(probe)?.effect;
    switch (effect?.type) {
      case undefined:
        return undefined;
      case "error":
      case "false-negative":
        return { kind: "fail", status: effect.status, code: effect.code, message: effect.message };
      case "latency":
      case "hang":
        return { kind: "delay", ms: effect.ms };
      case "throttle":
      case "reset":
        return { kind: "interrupt", effect: effect.type };
    }
  }

  /** Calls `watcher` with each firing from now on; answers the function that stops it. */
  watch(watcher: (fired: FiredFault) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  #fire(test: (rule: FaultRule) => boolean, at: Pick<FiredFault, "service" | "method" | "operation" | "requestId"> & { fullPath: string }): Firing | undefined {
    if (this.#rules.length === 0) return undefined;
    const now = this.now();
    this.#dropExpired();
    for (const rule of this.#rules) {
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      if (!test(rule)) continue;
      if (rule.probability < 1 && this.#random() >= rule.probability) continue;
      rule.fired++;
      const fired: FiredFault = {
        at: new Date(now).toISOString(),
        ruleId: rule.id,
        requestId: at.requestId,
        service: at.service,
        method: at.method,
        path: at.fullPath,
        operation: at.operation,
        effect: rule.effect.type,
      };
      this.fired.push(fired);
      this.onFired?.(fired);
      for (const watcher of this.#watchers) watcher(fired);
      // a rule whose budget is spent is dropped, as msw drops a spent `once` handler
      if (rule.times !== undefined && rule.fired >= rule.times) this.#rules = this.#rules.filter((r) => r !== rule);
      return { rule: { ...rule }, effect: rule.effect };
    }
    return undefined;
  }

  #dropExpired(): void {
    const now = this.now();
    if (this.#rules.some((r) => r.expiresAt !== undefined && now >= r.expiresAt)) {
      this.#rules = this.#rules.filter((r) => r.expiresAt === undefined || now < r.expiresAt);
    }
  }
}

function matches(rule: FaultRule, probe: FaultProbe): boolean {
  if (rule.service !== undefined && rule.service !== probe.service) return false;
  if (rule.method !== undefined && rule.method !== probe.method) return false;
  if (rule.operation !== undefined && !namesOperation(rule.operation, probe)) return false;
  if (rule.path !== undefined && !compileGlob(rule.path).test(probe.path) && !compileGlob(rule.path).test(probe.fullPath)) return false;
  if (rule.project !== undefined) {
    const project = probe.project();
    if (!project || (rule.project !== project.id && rule.project !== project.name)) return false;
  }
  if (rule.resourceName !== undefined && !compileGlob(rule.resourceName, true).test(probe.resourceName() ?? "")) return false;
  return true;
}

/** A rule's operation names the request's route operation or, more narrowly, its variant. */
function namesOperation(glob: string, probe: FaultProbe): boolean {
  const re = compileGlob(glob, true);
  return re.test(probe.operation) || (probe.variant !== undefined && re.test(probe.variant));
}

// A rule aimed at requests (a method, a path) or at a whole service must not reach into lifecycles: only
// one that names the operation does.
function matchesOperation(rule: FaultRule, probe: OperationProbe): boolean {
  if (rule.method !== undefined || rule.path !== undefined || rule.operation === undefined) return false;
  if (rule.service !== undefined && rule.service !== probe.service) return false;
  if (!compileGlob(rule.operation, true).test(probe.operation)) return false;
  if (rule.project !== undefined && rule.project !== probe.project?.id && rule.project !== probe.project?.name) return false;
  if (rule.resourceName !== undefined && !compileGlob(rule.resourceName, true).test(probe.resourceName ?? "")) return false;
  return true;
}

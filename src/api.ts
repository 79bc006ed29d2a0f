// The package's public types for in-process use (`import { createEmulator } from "skymock"`): plain
// interfaces, no dependency's types, so the declarations users get resolve with nothing else installed.
// src/index.ts checks the real createEmulator against them: they cannot promise what the emulator lacks.

import type { InstanceHaOptionsInput } from "./services/instance-ha/for-api.js";
import type { SkymockConfig } from "./client/types-config.js";
import type { AmqpHealth } from "./client/types-world.js";
import type { ExperimentDocument, ExperimentListed, ExperimentRun, ExperimentRunInput } from "./client/types.js";
import type { ClockState, EventMatching, EventType, FaultRule, FaultRuleInput, PendingStep, TransitionDef, TransitionOverride, TransitionOverrideInput } from "./client/types.js";
import type { ClockState as KernelClockState } from "./kernel/clock.js";
import type { PendingStep as KernelPendingStep, TransitionDef as KernelTransitionDef, TransitionOverride as KernelTransitionOverride } from "./kernel/transitions.js";
import type { Assert, Equals } from "./kernel/type-equals.js";

export type { SecurityComplianceOptions, SkymockConfig, InstanceHaConfigOptions } from "./client/types-config.js";
export type { AmqpHealth } from "./client/types-world.js";
export type { ExperimentDocument, ExperimentListed, ExperimentRun, ExperimentRunInput } from "./client/types.js";
export type { ClockState, DomainEvent, EventMatching, EventPayloads, EventType, FaultRule, FaultRuleInput, PendingStep, TransitionOverride, TransitionOverrideInput } from "./client/types.js";

// the kernel's records and the client's mirrors of them are the same types (the client imports nothing)
type _Clock = Assert<Equals<KernelClockState, ClockState>>;
type _Def = Assert<Equals<KernelTransitionDef, TransitionDef>>;
type _Override = Assert<Equals<KernelTransitionOverride, TransitionOverride>>;
type _Pending = Assert<Equals<KernelPendingStep, PendingStep>>;

/**
 * createEmulator's options: the same as the command's flags, environment variables and config keys
 * (SkymockConfig), with instance HA's customTasks also as JavaScript task objects and functions.
 */
export interface EmulatorOptions extends Omit<SkymockConfig, "instanceHa"> {
  /**
   * instance HA (Masakari): its options as a config file's `instanceHa` object names them, and customTasks:
   * module paths, or task objects ({ name, execute(ctx), revert?(ctx) }) and functions returning one
   */
  instanceHa?: InstanceHaOptionsInput;
}

/** A running emulator. Nothing listens until listen(); app.request() drives it without a socket. */
export interface Emulator {
  /** the HTTP application: `await emulator.app.request("/identity/v3")` needs no socket */
  readonly app: {
    request(input: string | URL | Request, init?: RequestInit): Response | Promise<Response>;
    fetch(request: Request): Response | Promise<Response>;
  };
  /** Starts listening; port 0 picks a free one. Resolves to the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** The base URL once listening. */
  readonly url: string | undefined;
  /** Back to the seed world: everything, or one project's resources. */
  reset(projectId?: string): void;
  readonly clock: EmulatorClock;
  readonly faults: EmulatorFaults;
  readonly transitions: EmulatorTransitions;
  readonly events: EmulatorEvents;
  readonly experiments: EmulatorExperiments;
  /** A clouds.yaml for a seed (or tenant) user, default admin, at the listening URL or at `baseUrl`. */
  cloudsYaml(user?: string, baseUrl?: string): string;
  /** The OS_* variables the openstack CLI and openstacksdk read, for the same user. */
  osEnvironment(user?: string, baseUrl?: string): Record<string, string>;
  /** With `amqpUrl`: the AMQP bridge. `settled()` resolves once it is connected and consuming with nothing
   * left to publish (rejects after `timeoutMs`, default 10 s); `health()` is /_emulator/health's `amqp`. */
  readonly amqp: { health(): AmqpHealth; settled(timeoutMs?: number): Promise<void> } | undefined;
  /** Stops listening, the clock and every scheduled step. Open connections are closed at once; with
   * `graceMs`, requests under way get that long to finish first (new connections are refused meanwhile). */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** The virtual clock: every timestamp, token expiry and lifecycle step reads it. */
export interface EmulatorClock {
  /** virtual epoch ms */
  now(): number;
  state(): ClockState;
  /** moves time forward by ms, running every step that falls due on the way */
  advance(ms: number): void;
  /** jumps to a virtual epoch ms (forward: due steps run first) */
  set(epochMs: number): void;
  freeze(): void;
  unfreeze(): void;
  setFactor(factor: number): void;
}

/** Fault rules: each request (or lifecycle step) that matches one gets its effect. */
export interface EmulatorFaults {
  /** throws on a rule that is not valid */
  add(rule: FaultRuleInput): FaultRule;
  list(): FaultRule[];
  remove(id: string): boolean;
  clear(): void;
}

/** Lifecycle steps on the virtual clock, and overrides that make them immediate, manual, stuck or redirected. */
export interface EmulatorTransitions {
  overrides(): TransitionOverride[];
  addOverride(override: TransitionOverrideInput): TransitionOverride;
  removeOverride(id: string): boolean;
  clearOverrides(): void;
  pending(): PendingStep[];
  /** runs a resource's pending step now (or sends it to `to`); undefined when none is pending */
  step(type: string, resourceId: string, to?: string): PendingStep | undefined;
}

/** Domain events (`compute.host.error`, `identity.project.created`, ...), published after each commit. */
export interface EmulatorEvents {
  /**
   * `type` is an exact event type, or a prefix ending in `*` (e.g. `compute.*`). Answers a function that
   * removes the handler (call it in afterEach), as aborting `options.signal` does.
   */
  subscribe<F extends EventType | `${string}*`>(type: F, handler: (event: EventMatching<F>) => void, options?: { signal?: AbortSignal }): () => void;
}

/** Chaos experiments (the same runs as /_emulator/experiments): one at a time, on the virtual clock. */
export interface EmulatorExperiments {
  /** Validates the document (throws, naming the field, as the control API's 400 does), runs it and
   * resolves with the run and its report; with `wait: false`, at once with the run under way. */
  run(experiment: ExperimentDocument, options?: ExperimentRunInput): Promise<ExperimentRun>;
  /** the runs kept (the last 50), each with its verdict once it has one */
  list(): ExperimentListed[];
  get(id: string): ExperimentRun | undefined;
  /** stops a running one (its rollbacks run); resolves once it has */
  abort(id: string): Promise<ExperimentRun | undefined>;
}

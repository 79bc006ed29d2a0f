// The wire types of the control API (/_emulator), as plain interfaces: what the typed client sends and gets
// (faults, clock and lifecycles, journals here; the world, logins, tenants and hosts in types-world.ts). The
// server checks at compile time that its zod schemas' input types equal the *Input types (src/kernel/type-equals.ts),
// so the client and the server cannot disagree.

import type { PendingStep } from "./pending-step.js";
import type { EventFilter, NotificationStatus } from "./types-events.js";
import type { StatusName, StatusOf, UntilStatus } from "./types-status.js";

/** Any HTTP method a fault rule may name (given in any case; stored upper case). */
export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

// ---- faults ----

/** What a matching request gets, as given to POST /_emulator/faults. */
export type FaultEffectInput =
  | { type: "error"; status: number; code?: string; message?: string }
  | { type: "latency"; ms: number }
  | { type: "throttle"; retryAfter?: number }
  | { type: "false-negative"; status?: number; code?: string; message?: string }
  | { type: "reset" }
  | { type: "hang"; ms?: number };

/** The effect as stored, defaults filled in. */
export type FaultEffect =
  | { type: "error"; status: number; code?: string; message?: string }
  | { type: "latency"; ms: number }
  | { type: "throttle"; retryAfter: number }
  | { type: "false-negative"; status: number; code?: string; message?: string }
  | { type: "reset" }
  | { type: "hang"; ms: number };

/** A fault rule: every condition given must match; `service` and an `operation` prefix must be mounted services. */
export interface FaultRuleInput {
  service?: string;
  method?: string;
  /** glob on the path, below the service's mount or in full: `*` one segment, `**` any depth */
  path?: string;
  /** operation name or glob, e.g. `identity.token.*` */
  operation?: string;
  /** project id or name */
  project?: string;
  /** glob on the `name` a create or update body gives its resource */
  resourceName?: string;
  effect: FaultEffectInput;
  /** 0..1, drawn from the seeded generator; 1 when absent */
  probability?: number;
  times?: number;
  /** ISO time or epoch ms on the virtual clock */
  expiresAt?: string | number;
}

export interface FaultRule {
  id: string;
  service?: string;
  method?: HttpMethod;
  path?: string;
  operation?: string;
  project?: string;
  resourceName?: string;
  effect: FaultEffect;
  probability: number;
  times?: number;
  /** virtual epoch ms */
  expiresAt?: number;
  fired: number;
}

export interface FiredFault {
  seq: number;
  at: string;
  ruleId: string;
  /** the request it failed (the requests journal's requestId); null for work no request carries */
  requestId: string | null;
  service: string;
  method: string;
  path: string;
  operation: string;
  effect: FaultEffect["type"];
}

/** One service's operations a fault rule may name (GET /_emulator/faults/operations). */
export interface ServiceOperations {
  service: string;
  operations: string[];
}

// ---- clock and lifecycles ----
// ClockState, TransitionDef, TransitionOverride and PendingStep mirror the kernel's own (src/kernel/clock.ts,
// transitions.ts): src/api.ts fails to compile if they drift apart.

export interface ClockState {
  now: string;
  epochMs: number;
  factor: number;
  frozen: boolean;
  /** scheduled jobs */
  pending: number;
}

/** PATCH /_emulator/clock: applied in order factor, frozen, now. */
export interface ClockPatch {
  factor?: number;
  frozen?: boolean;
  /** ISO time or epoch ms */
  now?: number | string;
}

type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

/** After a duration's number: none (ms), `ms`, `s`, `m`, `h` or `d`. */
export type DurationUnit = "ms" | "s" | "m" | "h" | "d";

/**
 * A duration as text: digits, an optional fraction, an optional unit: `250`, `250ms`, `90s`, `1.5h`, `5m`,
 * `2h`, `1d` (not `5 minutes`, `-5s` or `.5s`, which the emulator refuses). It starts with a digit and has a
 * digit before its unit; JavaScript's other number literals (`1e3s`, `0x10`) pass the compiler but not the
 * emulator. The server checks this type against its parser's (src/kernel/time.ts).
 */
export type DurationString = (`${number}` | `${number}${DurationUnit}`) & `${Digit}${string}` & (`${string}${Digit}` | `${string}${Digit}${DurationUnit}`);

/** ms, or a DurationString such as `250ms`, `90s`, `5m`, `2h`, `1d` */
export type Duration = number | DurationString;

export interface AdvanceInput {
  by?: Duration;
  /** `idle`: step from one planned piece of work to the next until none is left (instead of `by`) */
  until?: "idle";
  /** with `until`: the most virtual time to move (default 1 h) */
  within?: Duration;
}

export type OverrideMode = "immediate" | "delay" | "manual" | "stick" | "redirect";

export interface TransitionOverrideInput {
  /** resource type, e.g. `compute.server` */
  type: string;
  resourceId?: string;
  from?: string;
  mode: OverrideMode;
  /** delay and redirect: time after entering the state */
  after?: Duration;
  /** redirect: the state to go to instead */
  to?: string;
}

export interface TransitionOverride {
  id: string;
  type: string;
  resourceId?: string;
  from?: string;
  mode: OverrideMode;
  ms?: number;
  to?: string;
}

export interface TransitionDef {
  type: string;
  from: string;
  to: string;
  afterMs: number;
}

// in its own file, so types-world.ts (snapshots) reads it without importing this file back
export type { PendingStep } from "./pending-step.js";

export interface Transitions {
  definitions: TransitionDef[];
  overrides: TransitionOverride[];
  pending: PendingStep[];
}

export interface StepInput {
  type: string;
  resourceId: string;
  to?: string;
}

/** POST /_emulator/clock/advance-until; T is the resource's type (`compute.server` when absent). */
export interface AdvanceUntilInput<T extends string = string> {
  /** `compute.server` when absent */
  type?: T;
  id: string;
  /** e.g. `ACTIVE`, `SHUTOFF`, `ERROR`; `DELETED` is reached when the resource is gone */
  status: UntilStatus<T>;
  /** the most virtual time to move (default 1 h) */
  within?: Duration;
}

export interface AdvanceUntilResult<T extends string = string> {
  status: StatusOf<T> | "DELETED";
  /** virtual ms the clock moved */
  advancedMs: number;
  clock: ClockState;
}

/** GET /_emulator/resources/{type}/{id} */
export interface ResourceStatus<T extends string = string> {
  type: T;
  id: string;
  status: StatusOf<T>;
  /** the lifecycle step planned for it, if any */
  pending: PendingStep | null;
}

/** GET /_emulator/resources/{type}/{id}?detail=1: one resource as its card shows it. */
export interface ResourceDetail {
  type: string;
  id: string;
  /** kinds with a status */
  status?: string;
  /** kinds whose status moves on the clock: the step planned for it */
  pending?: PendingStep | null;
  /** what the kind declares (nested objects and lists); never a secret */
  detail?: Record<string, unknown>;
  /** kinds with bytes (object storage's objects): where to download them */
  content?: string;
}

/** GET /_emulator/resources: a kind of resource a service declares. */
export interface ResourceKindInfo {
  type: string;
  service: string;
  count: number;
  /** what GET /_emulator/resources/{type} filters by */
  filters: Array<"project" | "status">;
}

export interface ResourceQuery<T extends string = string> {
  project?: string;
  /** in any case */
  status?: StatusName<T>;
  limit?: number;
  marker?: string;
}

/** GET /_emulator/resources/{type}: a page of summaries (id, name, status, project, ...). */
export interface ResourcePage {
  type: string;
  resources: Array<Record<string, unknown>>;
  /** the marker of the next page; null on the last */
  next: string | null;
}

export interface RateLimit {
  /** per project and window; 0 is off */
  requests: number;
  windowSeconds: number;
}

// ---- journals ----

// domain events (DomainEvent, a union by `type`) and their payloads
export type * from "./types-events.js";

export interface RequestRecord {
  seq: number;
  requestId: string;
  at: string;
  method: string;
  path: string;
  service: string | null;
  operation: string | null;
  project: string | null;
  /** 499 when a fault dropped the connection */
  status: number;
  durationMs: number;
}

export interface JournalQuery {
  /** only entries whose seq is greater */
  after?: number;
  limit?: number;
}

/** GET /_emulator/events: `type` is an exact event type or a glob (`compute.*`, `compute.*.error`). */
export interface EventQuery<F extends EventFilter = EventFilter> extends JournalQuery {
  type?: F;
  /** only this service's events (the type's first part) */
  service?: string;
  /** only events whose payload's projectId is this */
  project?: string;
}

/** GET /_emulator/requests: by service, project id, method, and status (`404`) or class (`5xx`). */
export interface RequestQuery extends JournalQuery {
  service?: string;
  project?: string;
  method?: string;
  status?: string;
}

// the world, logins, tenants and compute hosts
export type * from "./types-world.js";

// resource statuses
export type * from "./types-status.js";

// ---- instance HA (/_emulator/instance-ha) ----

/** A recovery under way: GET /_emulator/instance-ha/recoveries. */
export interface RecoveryRun {
  notificationId: string;
  flow: "host_failure" | "instance_failure" | "process_failure";
  /** the task it is at; null between tasks */
  task: string | null;
  attempt: number;
  reverting: boolean;
  dueAt: string;
}

export interface Recoveries {
  runs: RecoveryRun[];
  /** when Masakari's periodic task next looks for new and errored notifications; null when nothing waits */
  periodicTaskAt: string | null;
}

/**
 * The recovery engine's configuration as GET shows it and PUT takes it (PUT also takes the spec's
 * `notification_drivers` and `recovery_workflow_on_stop: { targets }`); the intervals Masakari has are
 * further keys.
 */
export interface InstanceHaConfig {
  recoveryWorkflowOnStop?: { targets: string[] };
  notificationDrivers?: Array<"nova_notification" | "taskflow" | "webhook">;
  /** users (names or ids) and `role:NAME`s that may post notifications; [] for any admin */
  notificationSenders?: string[];
  tasks?: Array<{ name: string; webhook: { url: string; timeoutSeconds?: number } }>;
  alertmanager?: { rules: Array<Record<string, unknown>> };
  /** read-only: the task names a target may use */
  availableTasks?: { builtIn: string[]; javascript: string[]; webhook: string[] };
  notification_drivers?: string[];
  recovery_workflow_on_stop?: { targets: string | string[] };
  [option: string]: unknown;
}

export interface RecoveryAdvanceInput {
  /** the status (or any of them) to stop at; default finished, error, failed or ignored */
  until?: NotificationStatus | NotificationStatus[];
  /** the most virtual time to move (ms or a duration); default 1d */
  within?: Duration;
}

export interface RecoveryAdvanced {
  id: string;
  status: NotificationStatus;
  advancedMs: number;
  clock: ClockState;
}

/** An experiment document (YAML or JSON as read): its JSON Schema is GET /_emulator/openapi.json's `Experiment`. */
export type ExperimentDocument = Record<string, unknown>;

export interface ExperimentRunInput {
  /** the seed of the fault draws */
  seed?: number;
  /** a scenario loaded first; absent, the world is reset to its seed */
  world?: string;
  /** the virtual time the run starts at */
  startAt?: number | string;
  /** false: return at once (status `running`) */
  wait?: boolean;
}

/** An experiment as GET /_emulator/experiments lists it: the verdict in plain words once it has one. */
export type ExperimentListed = Pick<ExperimentRun, "id" | "title" | "status"> & { summary: string | null };

/** An experiment run (POST/GET/DELETE /_emulator/experiments): the report is src/experiments/report.ts's. */
export interface ExperimentRun {
  id: string;
  title: string;
  status: "running" | "completed" | "failed" | "aborted" | "error";
  journal: Array<{ t: number; kind: string; name: string; detail?: Record<string, unknown> }>;
  report: (Record<string, unknown> & { status: string; summary: string }) | null;
}

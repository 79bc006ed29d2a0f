// The package's public types for in-process use (`import { createEmulator } from "skymock"`): plain
// interfaces, no dependency's types, so the declarations users get resolve with nothing else installed.
// src/index.ts checks the real createEmulator against them: they cannot promise what the emulator lacks.

import type { InstanceHaOptionsInput } from "./services/instance-ha/for-api.js";
import type { ClockState, DomainEvent, FaultRule, FaultRuleInput, PendingStep, TransitionDef, TransitionOverride, TransitionOverrideInput } from "./client/types.js";
import type { ClockState as KernelClockState } from "./kernel/clock.js";
import type { PendingStep as KernelPendingStep, TransitionDef as KernelTransitionDef, TransitionOverride as KernelTransitionOverride } from "./kernel/transitions.js";
import type { Assert, Equals } from "./kernel/type-equals.js";

export type { ClockState, DomainEvent, FaultRule, FaultRuleInput, PendingStep, TransitionOverride, TransitionOverrideInput } from "./client/types.js";

// the kernel's records and the client's mirrors of them are the same types (the client imports nothing)
type _Clock = Assert<Equals<KernelClockState, ClockState>>;
type _Def = Assert<Equals<KernelTransitionDef, TransitionDef>>;
type _Override = Assert<Equals<KernelTransitionOverride, TransitionOverride>>;
type _Pending = Assert<Equals<KernelPendingStep, PendingStep>>;

/** createEmulator's options: the same as the command's flags, environment variables and config keys. */
/** Keystone's [security_compliance] options, camelCased; each off (absent or null) by default, as in Keystone. */
export interface SecurityComplianceOptions {
  /** failed password logins before the account locks */
  lockoutFailureAttempts?: number | null;
  /** seconds a lockout lasts (null: until an admin enables the user) */
  lockoutDuration?: number | null;
  /** days a password stays valid */
  passwordExpiresDays?: number | null;
  /** how many earlier passwords a new one may not repeat */
  uniqueLastPasswordCount?: number;
  /** days before a user may change their own password again */
  minimumPasswordAge?: number;
  /** a regular expression every new password must match */
  passwordRegex?: string | null;
  /** what the regular expression asks for, in words (the 400's message) */
  passwordRegexDescription?: string | null;
  /** a password an admin set must be changed by its user before it is used */
  changePasswordUponFirstUse?: boolean;
}

export interface EmulatorOptions {
  /** port for listen() (default 8480; 0 picks a free one) */
  port?: number;
  /** address for listen() (default 127.0.0.1) */
  host?: string;
  /** seed world: a scenario name, a file, a directory, or the world document itself (default "default") */
  seed?: string | Record<string, unknown>;
  /** virtual time runs this many times faster than real time (default 1) */
  timeFactor?: number;
  /** time moves only when advanced */
  frozenClock?: boolean | "true" | "false" | "1" | "0";
  /** the virtual clock's start: ISO time or epoch ms (default now) */
  startTime?: number | string;
  /** makes every generated id, token and secret reproducible */
  randomSeed?: number;
  /** token lifetime in seconds (default 3600) */
  tokenTtlSeconds?: number;
  /** `spec` (default): the platform spec's shapes; `upstream`: the real services' exact ones where they differ (README) */
  profile?: "spec" | "upstream";
  /** identity: Keystone's [security_compliance] rules (lockout, password expiry, history, regex), all off by default */
  securityCompliance?: SecurityComplianceOptions;
  /** compute: virtual seconds from BUILD to ACTIVE (default 5) */
  buildSeconds?: number;
  /** compute: virtual seconds per action step (default 2) */
  actionSeconds?: number;
  /** compute: a shelved server is offloaded after this many virtual seconds (default 0: at once; negative: never) */
  shelvedOffloadSeconds?: number;
  /** compute: above 0, a server delete is a soft delete reclaimed after this many virtual seconds (default 0) */
  reclaimInstanceSeconds?: number;
  /** block storage: virtual seconds per volume step, creating -> available and the others (default 2) */
  volumeSeconds?: number;
  /**
   * instance HA (Masakari): its options as a config file's `instanceHa` object names them, and customTasks:
   * module paths, or task objects ({ name, execute(ctx), revert?(ctx) }) and functions returning one
   */
  instanceHa?: InstanceHaOptionsInput;
  /**
   * instance HA: only these users (names or ids) and `role:NAME`s may post notifications, as the spec's
   * monitoring service account does; others' admin tokens get a 403 (default none: any admin, as Masakari)
   */
  haNotificationSenders?: string | string[];
  /** region name in the catalog (default RegionOne) */
  region?: string;
  /** requests per window per project (per client address without a token): `100/60`, `100` (per minute), or the object; off by default */
  rateLimit?: string | { requests: number; windowSeconds: number };
  /** largest page a list returns (default 1000) */
  maxPageSize?: number;
  /** largest JSON request body in bytes (default 1 MiB) */
  maxBodyBytes?: number;
  /** events journal capacity (default 10,000) */
  eventLogSize?: number;
  /** requests journal capacity (default 10,000) */
  requestLogSize?: number;
  /** fault rules active from the start and again after every reset */
  faults?: FaultRuleInput[];
  /** log threshold (default info) */
  logLevel?: "error" | "warn" | "info" | "debug";
  /** log lines as text or one JSON object each (default pretty) */
  logFormat?: "pretty" | "json";
  /** one log line per request (default off) */
  requestLog?: boolean | "true" | "false" | "1" | "0";
  /** the command writes the listening URL to this file (the image's HEALTHCHECK reads it) */
  urlFile?: string;
  /** keep uploaded bytes (images, objects) in files under this directory, not in memory; blob files an
   * earlier run left there are removed at start */
  dataDir?: string;
  /** keep the whole state in dataDir/state.json across restarts: loaded at creation, saved every
   * persistInterval seconds when it changed and by close() (default off; needs dataDir) */
  persist?: boolean | "true" | "false" | "1" | "0";
  /** with persist: seconds between saves; a crash loses at most this many seconds of changes (default 5) */
  persistInterval?: number;
  /** the control API (/_emulator, except /_emulator/health) then requires this secret, as
   * `Authorization: Bearer <token>` or `X-Skymock-Control-Token: <token>` (default none: open) */
  controlToken?: string;
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
  /** A clouds.yaml for a seed (or tenant) user, default admin, at the listening URL or at `baseUrl`. */
  cloudsYaml(user?: string, baseUrl?: string): string;
  /** The OS_* variables the openstack CLI and openstacksdk read, for the same user. */
  osEnvironment(user?: string, baseUrl?: string): Record<string, string>;
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
  subscribe(type: string, handler: (event: DomainEvent) => void, options?: { signal?: AbortSignal }): () => void;
}

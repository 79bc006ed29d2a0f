// SkymockClient: the control API (/_emulator) of a running emulator, typed, over the global fetch. One method
// per control operation, grouped as the API is (world, tenants and logins, clock, transitions, faults,
// journals, rate limit, compute hosts and servers, instance HA, experiments), plus waits (wait.ts). A non-2xx answer throws a SkymockError.

import { Transport, type CallOptions } from "./http.js";
import { waitForEvent, waitForStatus, type EventWaitOptions, type StatusWaitOptions } from "./wait.js";
import { sseData } from "./tail.js";
import type {
  AdvanceUntilInput, AdvanceUntilResult, ExperimentDocument, ExperimentListed, ExperimentRun, ExperimentRunInput, ClockPatch, ClockState, CloudCredentials, ComputeHost, ControlIndex, Duration, EventFilter, EventMatching, EventQuery,
  FaultRule, FaultRuleInput, FiredFault, ServiceOperations, HealthReport, HostChange, InstanceHaConfig, ServerChange, ServerFailInput, JournalQuery, RequestQuery, NotificationStatus, Recoveries,
  RecoveryAdvanced, RecoveryAdvanceInput, PendingStep, RateLimit, RequestRecord, ResourceKindInfo,
  ResourceDetail, ResourcePage, ResourceQuery, ResourceStatus,
  SeedMode, Snapshot, StepInput, UntilStatus, Tenant, TenantInput, TransitionOverride, TransitionOverrideInput, Transitions, WorldDocument,
} from "./types.js";

export interface SkymockClientOptions {
  /** the emulator's --control-token (SKYMOCK_CONTROL_TOKEN), sent on every call as X-Skymock-Control-Token */
  controlToken?: string;
  /** a token sent on every call in `tokenHeader`: controlToken's older spelling, or with tokenHeader the
   * credential a proxy in front of the emulator asks for */
  token?: string;
  /** default `X-Skymock-Control-Token` */
  tokenHeader?: string;
}

export class SkymockClient {
  /** the emulator's base URL, e.g. `http://127.0.0.1:8480` */
  readonly baseUrl: string;
  readonly #http: Transport;

  constructor(baseUrl: string, options: SkymockClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    const headers: Record<string, string> = options.token === undefined ? {} : { [options.tokenHeader ?? "X-Skymock-Control-Token"]: options.token };
    if (options.controlToken !== undefined) headers["X-Skymock-Control-Token"] = options.controlToken;
    this.#http = new Transport(this.baseUrl, headers);
  }

  /** The OpenStack auth URL (Keystone v3 lives below it). */
  get authUrl(): string {
    return `${this.baseUrl}/identity`;
  }

  // ---- health and the world ----

  /** Readiness; answered (not thrown) while a service is still starting (503). */
  health(): Promise<HealthReport> {
    return this.#http.json("GET", "/health", { accept: [503] });
  }

  index(): Promise<ControlIndex> {
    return this.#http.json("GET", "/");
  }

  /** Back to the seed world; with a project, only that project (a tenant goes entirely). */
  reset(options: { project?: string } = {}): Promise<void> {
    return this.#http.none("POST", "/reset", { query: { project: options.project } });
  }

  /** Loads a world: an object (sent as JSON) or YAML/JSON text. `replace` (default) also resets to it. */
  seed(world: WorldDocument | string, options: { mode?: SeedMode } = {}): Promise<void> {
    const body: CallOptions = typeof world === "string" ? { text: world, contentType: "application/yaml" } : { json: world };
    return this.#http.none("POST", "/seed", { ...body, query: { mode: options.mode } });
  }

  seedScenario(name: string, options: { mode?: SeedMode } = {}): Promise<void> {
    return this.#http.none("POST", "/seed", { query: { scenario: name, mode: options.mode } });
  }

  async scenarios(): Promise<string[]> {
    return (await this.#http.json<{ scenarios: string[] }>("GET", "/scenarios")).scenarios;
  }

  exportState(): Promise<Snapshot> {
    return this.#http.json("GET", "/state");
  }

  importState(snapshot: Snapshot): Promise<void> {
    return this.#http.none("PUT", "/state", { json: snapshot });
  }

  // ---- tenants and logins ----

  /** A project of its own with a member user, network, subnet and router, in one step (see TenantInput). */
  createTenant(input: TenantInput = {}): Promise<Tenant> {
    return this.#http.json("POST", "/tenants", { json: input });
  }

  /** clouds.yaml for a user of the seed world or a tenant (default admin). */
  cloudsYaml(options: { user?: string; cloud?: string } = {}): Promise<string> {
    return this.#http.text("GET", "/clouds.yaml", { query: options });
  }

  /** OS_AUTH_URL, OS_USERNAME, ... for a user (default admin). */
  osEnvironment(options: { user?: string } = {}): Promise<Record<string, string>> {
    return this.#http.json("GET", "/os-environment", { query: options });
  }

  /** Every user a client can log in as, with the credentials to do it. */
  async logins(): Promise<CloudCredentials[]> {
    return (await this.#http.json<{ logins: CloudCredentials[] }>("GET", "/logins")).logins;
  }

  // ---- the virtual clock ----

  getClock(): Promise<ClockState> {
    return this.#http.json("GET", "/clock");
  }

  /** factor, frozen and now in one call, applied in that order. */
  patchClock(patch: ClockPatch): Promise<ClockState> {
    return this.#http.json("PATCH", "/clock", { json: patch });
  }

  setClockFactor(factor: number): Promise<ClockState> {
    return this.patchClock({ factor });
  }

  freezeClock(): Promise<ClockState> {
    return this.patchClock({ frozen: true });
  }

  unfreezeClock(): Promise<ClockState> {
    return this.patchClock({ frozen: false });
  }

  /** Jumps to a time (ISO, epoch ms or Date); steps due on the way run first. */
  setClockTime(time: string | number | Date): Promise<ClockState> {
    return this.patchClock({ now: time instanceof Date ? time.toISOString() : time });
  }

  /** Moves time forward (ms, or `"90s"`, `"5m"` ...), running every step that falls due. */
  advanceClock(by: Duration): Promise<ClockState> {
    return this.#http.json("POST", "/clock/advance", { json: { by } });
  }

  /** Moves time from one planned step of a resource to the next until it shows `status` (408/409 otherwise). */
  advanceUntil<T extends string = "compute.server">(input: AdvanceUntilInput<T>): Promise<AdvanceUntilResult<T>> {
    return this.#http.json("POST", "/clock/advance-until", { json: input });
  }

  // ---- lifecycles ----

  listTransitions(): Promise<Transitions> {
    return this.#http.json("GET", "/transitions");
  }

  addOverride(input: TransitionOverrideInput): Promise<TransitionOverride> {
    return this.#http.json("POST", "/transitions/overrides", { json: input });
  }

  removeOverride(id: string): Promise<void> {
    return this.#http.none("DELETE", `/transitions/overrides/${encodeURIComponent(id)}`);
  }

  clearOverrides(): Promise<void> {
    return this.#http.none("DELETE", "/transitions/overrides");
  }

  /** Runs a resource's pending step now (or sends it to `to`); returns the step that ran. */
  async step(input: StepInput): Promise<PendingStep> {
    return (await this.#http.json<{ stepped: PendingStep }>("POST", "/transitions/step", { json: input })).stepped;
  }

  /** Every kind of resource the services hold (`compute.server`, `networking.port`, ...), with its count. */
  async resourceKinds(): Promise<ResourceKindInfo[]> {
    return (await this.#http.json<{ kinds: ResourceKindInfo[] }>("GET", "/resources")).kinds;
  }

  /** One page of a kind's resources as short summaries; pass the page's `next` as `marker` for the next. */
  listResources<T extends string>(type: T, query: ResourceQuery<T> = {}): Promise<ResourcePage> {
    return this.#http.json("GET", `/resources/${encodeURIComponent(type)}`, { query: { ...query } });
  }

  /** A resource's status and planned step (`compute.server`). */
  resourceStatus<T extends string>(type: T, id: string): Promise<ResourceStatus<T>> {
    return this.#http.json("GET", `/resources/${encodeURIComponent(type)}/${encodeURIComponent(id)}`);
  }

  /** One resource as the dashboard's card shows it: the kind's declared detail, status and planned step. */
  resourceDetail(type: string, id: string): Promise<ResourceDetail> {
    return this.#http.json("GET", `/resources/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, { query: { detail: "1" } });
  }

  /** A resource's bytes (an object storage object's: `<project>/<container>/<name>`), as the response to read or stream. */
  resourceContent(type: string, id: string): Promise<Response> {
    return this.#http.send("GET", `/resources/${encodeURIComponent(type)}/${encodeURIComponent(id)}/content`);
  }

  // ---- faults ----

  addFault(rule: FaultRuleInput): Promise<FaultRule> {
    return this.#http.json("POST", "/faults", { json: rule });
  }

  async listFaults(): Promise<FaultRule[]> {
    return (await this.#http.json<{ faults: FaultRule[] }>("GET", "/faults")).faults;
  }

  removeFault(id: string): Promise<void> {
    return this.#http.none("DELETE", `/faults/${encodeURIComponent(id)}`);
  }

  /** Removes every rule, configured ones included (they come back on reset). */
  clearFaults(): Promise<void> {
    return this.#http.none("DELETE", "/faults");
  }

  async firedFaults(query: JournalQuery = {}): Promise<FiredFault[]> {
    return (await this.#http.json<{ fired: FiredFault[] }>("GET", "/faults/fired", { query: { ...query } })).fired;
  }

  /** The operations a fault rule may name, by service: routes, their actions and S3 calls, and steps no request carries. */
  async faultOperations(): Promise<ServiceOperations[]> {
    return (await this.#http.json<{ services: ServiceOperations[] }>("GET", "/faults/operations")).services;
  }

  clearFiredFaults(): Promise<void> {
    return this.#http.none("DELETE", "/faults/fired");
  }

  // ---- journals ----

  /**
   * Domain events, oldest first; `type` is an exact type or a glob (`compute.*`, `compute.*.error`), and the
   * events come typed as what it matches (narrow a glob's on `type`).
   */
  async events<F extends EventFilter = EventFilter>(query: EventQuery<F> = {}): Promise<Array<EventMatching<F>>> {
    return (await this.#http.json<{ events: Array<EventMatching<F>> }>("GET", "/events", { query: { ...query } })).events;
  }

  clearEvents(): Promise<void> {
    return this.#http.none("DELETE", "/events");
  }

  async requests(query: RequestQuery = {}): Promise<RequestRecord[]> {
    return (await this.#http.json<{ requests: RequestRecord[] }>("GET", "/requests", { query: { ...query } })).requests;
  }

  /**
   * The events journal live (GET /events/stream): the events after `after` (else the newest `limit`, 100 by
   * default), then each new one as it is published, until `signal` aborts or the emulator stops.
   */
  async *followEvents<F extends EventFilter = EventFilter>(query: EventQuery<F> = {}, options: { signal?: AbortSignal } = {}): AsyncGenerator<EventMatching<F>> {
    yield* sseData<EventMatching<F>>(await this.#http.send("GET", "/events/stream", { query: { ...query }, signal: options.signal }));
  }

  /** The requests journal live (GET /requests/stream), as followEvents. */
  async *followRequests(query: RequestQuery = {}, options: { signal?: AbortSignal } = {}): AsyncGenerator<RequestRecord> {
    yield* sseData<RequestRecord>(await this.#http.send("GET", "/requests/stream", { query: { ...query }, signal: options.signal }));
  }

  clearRequests(): Promise<void> {
    return this.#http.none("DELETE", "/requests");
  }

  // ---- rate limit ----

  getRateLimit(): Promise<RateLimit> {
    return this.#http.json("GET", "/rate-limit");
  }

  setRateLimit(limit: RateLimit): Promise<RateLimit> {
    return this.#http.json("PUT", "/rate-limit", { json: limit });
  }

  // ---- compute hosts ----

  async listHosts(): Promise<ComputeHost[]> {
    return (await this.#http.json<{ hosts: ComputeHost[] }>("GET", "/compute/hosts")).hosts;
  }

  /** Its nova-compute service goes down; compute.host.error and compute.instance.error are published. */
  failHost(name: string): Promise<HostChange> {
    return this.#http.json("POST", `/compute/hosts/${encodeURIComponent(name)}/fail`);
  }

  recoverHost(name: string): Promise<HostChange> {
    return this.#http.json("POST", `/compute/hosts/${encodeURIComponent(name)}/recover`);
  }

  /** The server goes to ERROR with a fault; compute.instance.error is published when its host is up. */
  failServer(id: string, input: ServerFailInput = {}): Promise<ServerChange> {
    return this.#http.json("POST", `/compute/servers/${encodeURIComponent(id)}/fail`, { json: input });
  }

  // ---- instance HA ----

  /** The recovery engine's configuration (and the task names a target may use). */
  instanceHaConfig(): Promise<InstanceHaConfig> {
    return this.#http.json("GET", "/instance-ha/config");
  }

  /** Replaces the configuration (the spec's "reconfigured"); runs under way keep the one they started with. */
  setInstanceHaConfig(config: InstanceHaConfig): Promise<InstanceHaConfig> {
    return this.#http.json("PUT", "/instance-ha/config", { json: config });
  }

  /** The recoveries under way, and when the periodic task next looks. */
  recoveries(): Promise<Recoveries> {
    return this.#http.json("GET", "/instance-ha/recoveries");
  }

  /**
   * Moves the virtual clock from one planned step of the notification's recovery to the next until it has
   * one of `input.until`'s statuses (default: its end). Rejects with 409 `Stuck` when nothing planned will get
   * it there, 408 `Timeout` past `within`.
   */
  advanceNotification(id: string, input: RecoveryAdvanceInput = {}): Promise<RecoveryAdvanced> {
    return this.#http.json("POST", `/instance-ha/notifications/${encodeURIComponent(id)}/advance`, { json: input });
  }

  /** advanceNotification until exactly `status`: resolves once the notification shows it. */
  waitForNotificationStatus(id: string, status: NotificationStatus, options: { within?: Duration } = {}): Promise<RecoveryAdvanced> {
    return this.advanceNotification(id, { until: status, within: options.within });
  }

  // ---- experiments ----

  /** Runs a chaos experiment on the emulator's virtual clock; resolves with the run and its report (or, with
   * `wait: false`, at once with the run under way). The report's `status` says whether the hypothesis held. */
  runExperiment(experiment: ExperimentDocument, options: ExperimentRunInput = {}): Promise<ExperimentRun> {
    return this.#http.json("POST", "/experiments", { json: { experiment, ...options } });
  }

  /** The experiments run (the last 50), newest last. */
  async listExperiments(): Promise<ExperimentListed[]> {
    return (await this.#http.json<{ experiments: ExperimentListed[] }>("GET", "/experiments")).experiments;
  }

  experiment(id: string): Promise<ExperimentRun> {
    return this.#http.json("GET", `/experiments/${encodeURIComponent(id)}`);
  }

  /** An experiment's timeline as a self-contained HTML page (the verdict, then lanes on a time axis). */
  experimentTimeline(id: string): Promise<string> {
    return this.#http.text("GET", `/experiments/${encodeURIComponent(id)}/timeline`);
  }

  /** Aborts a running experiment (its rollbacks run); resolves once it has stopped. */
  abortExperiment(id: string): Promise<ExperimentRun> {
    return this.#http.json("DELETE", `/experiments/${encodeURIComponent(id)}`);
  }

  // ---- waits ----

  /**
   * Resolves once the server shows `status` (`DELETED`: once it is gone), whatever the clock does. On a frozen
   * clock it moves the virtual clock itself, step by step (advanceUntil, at most `within` of virtual time); on
   * a running one it polls every `pollMs` for at most `timeoutMs` of real time. Rejects with a SkymockError:
   * 409 `Stuck` at once when nothing planned will change the server (ERROR, a manual or stuck step), 408
   * `Timeout` past the bound, 404 when there is no such server; `details.resourceStatus` says where it stopped.
   */
  waitForServerStatus(serverId: string, status: UntilStatus<"compute.server">, options: StatusWaitOptions = {}): Promise<AdvanceUntilResult<"compute.server">> {
    return waitForStatus(this, "compute.server", serverId, status, options);
  }

  /**
   * The first event in the journal whose type matches the glob (and `predicate`), polling every `pollMs`
   * for at most `timeoutMs` of real time; searches from the journal's start unless `after` (a seq) is given.
   * It never moves the virtual clock. Rejects with a 408 `Timeout` SkymockError.
   */
  waitForEvent<F extends EventFilter>(typeGlob: F, predicate?: (event: EventMatching<F>) => boolean, options: EventWaitOptions = {}): Promise<EventMatching<F>> {
    return waitForEvent(this, typeGlob, predicate, options);
  }
}

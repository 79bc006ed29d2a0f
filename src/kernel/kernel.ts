// The service-agnostic machinery every service module is handed: store, clock, ids, events, lifecycle
// transitions, faults, journals, auth and rate limiting. Knows nothing of any particular service.

import { VirtualClock } from "./clock.js";
import { ClientTime } from "./client-time.js";
import { EventBus } from "./events.js";
import { Faults } from "./faults.js";
import { Ids, RequestIds } from "./ids.js";
import { RequestJournal } from "./request-journal.js";
import { Store, type RootState } from "./store/store.js";
import { Transitions } from "./transitions.js";
import { RateLimiter, type RateLimitConfig } from "./auth/rate-limit.js";
import type { TokenResolver } from "./auth/principal.js";
import { createBlobStore, type BlobStore } from "./blobs/index.js";

export interface KernelOptions {
  randomSeed: number;
  timeFactor: number;
  frozenClock: boolean;
  /** virtual epoch ms to start the clock at; now when absent */
  startTime?: number;
  rateLimit: RateLimitConfig;
  maxPageSize: number;
  maxBodyBytes: number;
  /** the largest snapshot PUT /_emulator/state reads; the longest string the runtime holds when absent */
  maxSnapshotBytes?: number;
  eventLogSize: number;
  requestLogSize: number;
  /** where blob bytes go (files, one per blob); in memory when absent */
  dataDir?: string;
  /** the data directory's blob files outlive the process (--persist): src/persist.ts saves and loads their index */
  persist?: boolean;
}

export class Kernel {
  readonly clock: VirtualClock;
  /** times clients stamp with their wall clock: signature dates, presigned and temp URL expiries */
  readonly clientTime: ClientTime;
  readonly ids: Ids;
  /** request ids come from their own stream so reads do not shift the resource ids a seed reproduces */
  readonly requestIds: RequestIds;
  readonly store: Store;
  readonly events: EventBus;
  readonly transitions: Transitions;
  readonly faults: Faults;
  readonly requests: RequestJournal;
  readonly rateLimiter: RateLimiter;
  /** uploaded bytes (images, objects), outside the state tree; the state holds their BlobRefs */
  readonly blobs: BlobStore;
  #resolver: TokenResolver = { resolve: () => undefined };
  /** Where unexpected errors of scheduled jobs, event handlers and after-commit callbacks go (the process log). */
  onError: (what: string, error: unknown) => void = (what, error) => console.error(`skymock: ${what}`, error);

  constructor(readonly options: KernelOptions) {
    const onError = (what: string) => (error: unknown) => this.onError(what, error);
    this.clock = new VirtualClock({
      start: options.startTime,
      factor: options.timeFactor,
      frozen: options.frozenClock,
      onError: onError("scheduled job failed"),
    });
    this.clientTime = new ClientTime(this.clock);
    this.ids = new Ids(options.randomSeed);
    this.requestIds = new RequestIds(options.randomSeed ^ 0x5bd1e995);
    this.store = new Store({}, onError("after-commit callback failed"));
    // a rejected request draws no ids: the next ones are those it would have had without it
    this.store.keepAside({ save: () => this.ids.save(), restore: (position) => this.ids.restore(position) });
    this.events = new EventBus(options.eventLogSize, () => this.clock.date(), onError("event handler failed"));
    this.store.onEvent((type, payload) => this.events.publish(type, payload));
    this.transitions = new Transitions(this.clock);
    this.faults = new Faults(() => this.clock.now(), options.randomSeed ^ 0x27d4eb2f);
    this.requests = new RequestJournal(options.requestLogSize);
    this.rateLimiter = new RateLimiter(options.rateLimit, () => this.clock.now());
    this.blobs = createBlobStore(options.dataDir, options.persist);
  }

  /** The identity service installs the token resolver every authenticated route uses. */
  setTokenResolver(resolver: TokenResolver): void {
    this.#resolver = resolver;
  }

  get tokens(): TokenResolver {
    return this.#resolver;
  }

  /** The slice of state a service owns. */
  slice<S>(name: string): S {
    return this.store.state[name] as S;
  }
}

export type { RootState };

// What happens during an experiment, as it happens, on the virtual clock: requests answered, fault rules
// firing, domain events, and the state changes of the resources the probes saw (a resource whose id, or a
// compute host whose name, is in a probe's answer is followed from then on, at every commit). Kept in the
// order things happened; the runner takes them into its timeline between its own steps.

import type { Kernel } from "../kernel/kernel.js";
import type { ResourceKind } from "../kernel/resources.js";
import type { ServiceModule } from "../kernel/service.js";
import { get } from "../kernel/store/table.js";
import type { TimelineEntry } from "./report.js";

/** a kind whose rows are one table and show a status: the ones a timeline follows */
interface StatusKind {
  kind: ResourceKind & Required<Pick<ResourceKind, "table" | "statusOf">>;
  slice: string;
}

const followable = (kind: ResourceKind): kind is StatusKind["kind"] => kind.table !== undefined && kind.statusOf !== undefined;

interface Followed extends StatusKind {
  id: string;
  row: unknown;
  status: string;
}

/** keys whose string values name a resource (an id) or a compute host */
const NAMING_KEYS = new Set(["id", "uuid", "notification_uuid", "host", "hypervisor_hostname", "OS-EXT-SRV-ATTR:host", "source_host_uuid", "volume_id", "server_id", "port_id", "network_id", "device_id"]);
/** a probe's answer is looked through this far for names (a page of servers has a few thousand) */
const MAX_VISITS = 20_000;
const MAX_FOLLOWED = 2_000;
/** what a run records at most (a steady-state wait of days polls a great deal); the rest is counted */
const MAX_RECORDED = 50_000;

export class Recorder {
  #pending: TimelineEntry[] = [];
  #stops: Array<() => void> = [];
  readonly #kinds: StatusKind[];
  readonly #followed = new Map<string, Followed>();
  /** names already looked up (found or not): a poll that sees them again costs no lookup */
  readonly #looked = new Set<string>();
  #slices = new Map<string, unknown>();
  #recorded = 0;
  /** entries past MAX_RECORDED, not kept */
  dropped = 0;

  constructor(
    private readonly kernel: Kernel,
    services: readonly ServiceModule[],
    /** virtual seconds since the run started */
    private readonly t: () => number,
  ) {
    this.#kinds = services.flatMap((s) => (s.resources ?? []).filter(followable).map((kind) => ({ kind, slice: s.name })));
  }

  start(): void {
    const { kernel } = this;
    const push = (entry: Omit<TimelineEntry, "t">) => {
      if (this.#recorded++ >= MAX_RECORDED) this.dropped++;
      else this.#pending.push({ t: this.t(), ...entry });
    };
    this.#stops.push(
      kernel.requests.watch((r) => push({ kind: "request", name: `${r.method} ${r.path}`, detail: { service: r.service, operation: r.operation, status: r.status } })),
      kernel.faults.watch((f) => push({ kind: "fault", name: f.operation, detail: { rule: f.ruleId, effect: f.effect, method: f.method, path: f.path } })),
      kernel.events.subscribe("*", (e) => push({ kind: "event", name: e.type, detail: e.payload })),
      kernel.store.watchCommits((state) => this.#commit(state, push)),
    );
  }

  stop(): void {
    for (const stop of this.#stops.splice(0)) stop();
  }

  /** what happened since the last call, in order */
  take(): TimelineEntry[] {
    return this.#pending.splice(0);
  }

  /** Follows the resources a probe's answer names. */
  follow(body: unknown): void {
    const state = this.kernel.store.state;
    let visits = 0;
    const visit = (value: unknown, key: string | undefined): void => {
      if (++visits > MAX_VISITS) return;
      if (typeof value === "string") {
        if (key !== undefined && NAMING_KEYS.has(key) && !this.#looked.has(value)) this.#lookUp(value, state);
      } else if (Array.isArray(value)) {
        for (const v of value) visit(v, key);
      } else if (typeof value === "object" && value !== null) {
        for (const [k, v] of Object.entries(value)) visit(v, k);
      }
    };
    visit(body, undefined);
  }

  #lookUp(name: string, state: Record<string, unknown>): void {
    this.#looked.add(name);
    for (const { kind, slice } of this.#kinds) {
      if (this.#followed.size >= MAX_FOLLOWED) return;
      const table = state[slice] === undefined ? undefined : kind.table(state[slice]);
      const row = table && get(table, name);
      if (row) this.#followed.set(`${kind.type} ${name}`, { kind, slice, id: name, row, status: kind.statusOf(row) });
    }
  }

  #commit(state: Record<string, unknown>, push: (entry: Omit<TimelineEntry, "t">) => void): void {
    if (this.#followed.size === 0) return;
    const changed = new Set<string>();
    for (const [slice, value] of Object.entries(state)) if (this.#slices.get(slice) !== value) changed.add(slice);
    this.#slices = new Map(Object.entries(state));
    for (const [key, f] of this.#followed) {
      if (!changed.has(f.slice)) continue;
      const row = get(f.kind.table(state[f.slice]), f.id);
      if (row === f.row) continue;
      f.row = row;
      const status = row ? f.kind.statusOf(row) : "deleted";
      if (status === f.status) continue;
      const name = row && typeof (f.kind.summary(row) as { name?: unknown }).name === "string" ? { name: (f.kind.summary(row) as { name: string }).name } : {};
      push({ kind: "state", name: f.kind.type, detail: { id: f.id, ...name, from: f.status, to: status } });
      f.status = status;
      if (!row) this.#followed.delete(key);
    }
  }
}

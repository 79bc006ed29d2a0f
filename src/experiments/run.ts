// Runs an experiment on the virtual clock: the clock is frozen for the run and moved only by the runner
// (pauses, waits, background activities falling due), so the same document and seed give the same report.
// Order, as Chaos Toolkit: hypothesis before; the method (unless it did not hold); hypothesis after;
// rollbacks. A steady-state wait polls the hypothesis until it holds again or its deadline passes.

import type { Kernel } from "../kernel/kernel.js";
import type { ServiceModule } from "../kernel/service.js";
import { Recorder } from "./recorder.js";
import { parseDuration } from "../kernel/time.js";
import type { Calls } from "./calls.js";
import { perform, removeRules, windowOf, type CallProvider, type FaultsAdded, type Publish } from "./providers.js";
import { MissingValue, save, substitute } from "./variables.js";
import type { Reply } from "./calls.js";
import type { Activity, Experiment } from "./schema.js";
import { checkTolerance } from "./tolerance.js";
import { buildReport, type ActivityResult, type ProbeResult, type Report, type TimelineEntry } from "./report.js";

export class Aborted extends Error {}

interface Background {
  at: number;
  order: number;
  run: () => Promise<void>;
}

export interface RunOptions {
  seed?: number;
  world?: string;
  /** asked between steps: true stops the method, and the rollbacks run */
  aborted?: () => boolean;
  /** the AMQP bridge's publish, for amqp-publish */
  publish?: Publish;
  /** the services whose resources' state changes the timeline follows */
  services?: readonly ServiceModule[];
  /** each journal entry as it happens (GET /_emulator/experiments/{id} shows them while running) */
  onEntry?: (entry: TimelineEntry) => void;
}

export async function runExperiment(kernel: Kernel, calls: Calls, doc: Experiment, options: RunOptions = {}): Promise<Report> {
  const { clock } = kernel;
  const wasFrozen = clock.state().frozen;
  clock.freeze();
  const start = clock.now();
  const t = () => (clock.now() - start) / 1000;
  const entries: TimelineEntry[] = [];
  const recorder = new Recorder(kernel, options.services ?? [], t);
  recorder.start();
  /** what happened since the last look, into the timeline */
  const drain = () => {
    for (const entry of recorder.take()) {
      entries.push(entry);
      options.onEntry?.(entry);
    }
  };
  /** where the next step's entry goes: before what its call caused */
  const mark = () => {
    drain();
    return { index: entries.length, t: t() };
  };
  const log = (entry: Omit<TimelineEntry, "t">, at?: { index: number; t: number }) => {
    drain();
    const full = { t: at?.t ?? t(), ...entry };
    entries.splice(at?.index ?? entries.length, 0, full);
    options.onEntry?.(full);
  };
  const added: FaultsAdded = new Map();
  let background: Background[] = [];
  let order = 0;
  let firstAction: number | undefined;
  let methodStart = start;
  /** the rollbacks run to the end, aborted or not */
  let rollingBack = false;
  const checkAbort = () => {
    if (!rollingBack && options.aborted?.()) throw new Aborted();
  };

  /** Moves the clock to `target`, running background activities due on the way at their times. */
  const advanceTo = async (target: number) => {
    for (;;) {
      checkAbort();
      const due = background.filter((b) => b.at <= target).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      background = background.filter((b) => b !== due);
      if (due.at > clock.now()) clock.advance(due.at - clock.now());
      await due.run();
    }
    if (target > clock.now()) clock.advance(target - clock.now());
  };
  const pause = (d: unknown) => (d === undefined ? Promise.resolve() : advanceTo(clock.now() + parseDuration(d)));

  const values = new Map(Object.entries(doc.configuration ?? {}).map(([k, v]) => [k, String(v)]));
  /** the activity's call, its `${names}` filled in, what it saves kept; `problem` when either could not be done */
  const call = async (a: Activity, p: CallProvider): Promise<{ reply: Reply; problem?: string }> => {
    let provider: CallProvider;
    try {
      provider = substitute(p, values);
    } catch (error) {
      if (!(error instanceof MissingValue)) throw error;
      return { reply: { status: 0, body: null, headers: new Headers() }, problem: error.message };
    }
    const reply = await perform(calls, provider, a.name, added, options.publish);
    const problem = reply.status >= 200 && reply.status < 300 ? save(a.save, reply.body, values) : undefined;
    return { reply, ...(problem ? { problem } : {}) };
  };

  const probe = async (a: Activity, phase: string): Promise<ProbeResult> => {
    if (a.provider.type === "wait" || a.provider.type === "steady-state") throw new Error("not a probe provider");
    const m = mark();
    const { reply, problem } = await call(a, a.provider);
    recorder.follow(reply.body);
    const checked = checkTolerance(a.tolerance, reply.status, reply.body);
    const verdict = problem && checked.ok ? { ok: false, seen: checked.seen, reason: problem } : checked;
    const result: ProbeResult = { name: a.name, t: t(), ok: verdict.ok, seen: verdict.seen, ...(verdict.reason ? { reason: verdict.reason } : {}) };
    log({ kind: "probe", name: a.name, detail: { phase, ok: verdict.ok, ...verdict.seen, ...(verdict.reason ? { reason: verdict.reason } : {}) } }, m);
    return result;
  };
  const hypothesis = async (phase: string): Promise<ProbeResult[]> => {
    const out: ProbeResult[] = [];
    for (const p of doc["steady-state-hypothesis"]?.probes ?? []) out.push(await probe(p, phase));
    return out;
  };

  let recovery: Report["recovery"] = null;
  /** one activity of the method or the rollbacks, its pauses included */
  const activity = async (a: Activity, phase: "method" | "rollbacks"): Promise<ActivityResult> => {
    const p = a.provider;
    const body = async (): Promise<ActivityResult> => {
      if (a.type === "action" && firstAction === undefined && phase === "method" && p.type !== "wait" && p.type !== "steady-state") firstAction = clock.now();
      if (p.type === "wait") {
        log({ kind: "action", name: a.name, detail: { wait: p.for } });
        await advanceTo(clock.now() + parseDuration(p.for));
        return { name: a.name, type: a.type, t: t(), ok: true };
      }
      if (p.type === "steady-state") return steadyState(a.name, parseDuration(p.within), Math.max(1, parseDuration(p.every)));
      if (a.type === "probe") {
        const r = await probe(a, phase);
        return { name: a.name, type: a.type, t: r.t, ok: r.ok, status: r.seen.status, ...(r.reason ? { reason: r.reason } : {}) };
      }
      const m = mark();
      const { reply, problem } = await call(a, p);
      const ok = reply.status >= 200 && reply.status < 300 && !problem;
      const reason = problem ?? (ok ? undefined : `status ${reply.status}: ${errorText(reply.body)}`);
      log({ kind: phase === "rollbacks" ? "rollback" : "action", name: a.name, detail: { provider: p.type, status: reply.status, ...(reason ? { reason } : {}) } }, m);
      const window = windowOf(p);
      if (ok && window !== undefined) {
        const ids = added.get(a.name);
        background.push({
          at: clock.now() + parseDuration(window),
          order: order++,
          run: async () => {
            if (ids === undefined || added.get(a.name) !== ids) return;
            added.delete(a.name);
            const r = await removeRules(calls, ids);
            log({ kind: "action", name: `${a.name} (${p.type === "add-fault" ? "duration" : "window"} over)`, detail: { provider: "remove-fault", status: r.status } });
          },
        });
      }
      return { name: a.name, type: a.type, t: t(), ok, status: reply.status, ...(reason ? { reason } : {}) };
    };
    // `at`: a time after the method began (one already past: now)
    const from = a.at === undefined ? clock.now() : Math.max(clock.now(), methodStart + parseDuration(a.at));
    if (a.background) {
      // starts after its `before` pause; the method goes on at once, and its result is filled in then
      const result: ActivityResult = { name: a.name, type: a.type, t: t(), ok: true, background: true };
      background.push({ at: from + (a.pauses?.before === undefined ? 0 : parseDuration(a.pauses.before)), order: order++, run: async () => void Object.assign(result, await body(), { background: true }) });
      return result;
    }
    if (from > clock.now()) await advanceTo(from);
    await pause(a.pauses?.before);
    const result = await body();
    await pause(a.pauses?.after);
    return result;
  };

  const steadyState = async (name: string, within: number, every: number): Promise<ActivityResult> => {
    const from = firstAction ?? clock.now();
    const deadline = from + within;
    log({ kind: "action", name, detail: { wait: "steady-state", withinSeconds: within / 1000 } });
    for (;;) {
      const probes = await hypothesis("steady-state");
      if (probes.every((p) => p.ok)) {
        recovery = { seconds: (clock.now() - from) / 1000, withinSeconds: within / 1000, met: true };
        return { name, type: "action", t: t(), ok: true };
      }
      if (clock.now() + every > deadline) {
        const broken = probes.find((p) => !p.ok)!;
        recovery = { seconds: null, withinSeconds: within / 1000, met: false, probe: broken.name, reason: broken.reason };
        return { name, type: "action", t: t(), ok: false, reason: `the hypothesis did not hold again within ${within / 1000}s: ${broken.name}: ${broken.reason}` };
      }
      await advanceTo(clock.now() + every);
    }
  };

  let status: Report["status"] = "completed";
  let before: ProbeResult[] = [];
  let after: ProbeResult[] | null = null;
  const method: ActivityResult[] = [];
  const rollbacks: ActivityResult[] = [];
  let error: string | undefined;
  try {
    before = await hypothesis("before");
    if (before.every((p) => p.ok)) {
      methodStart = clock.now();
      for (const a of doc.method) {
        checkAbort();
        method.push(await activity(a, "method"));
      }
      // background activities still to come run before the hypothesis is checked again
      await advanceTo(Math.max(clock.now(), ...background.map((b) => b.at)));
      after = await hypothesis("after");
      if (!after.every((p) => p.ok) || method.some((m) => m.ok === false && doc.method.find((a) => a.name === m.name)?.provider.type === "steady-state")) status = "failed";
    } else status = "failed";
  } catch (e) {
    if (!(e instanceof Aborted)) {
      status = "error";
      error = e instanceof Error ? e.message : String(e);
    } else status = "aborted";
  }
  if (status !== "failed" || after !== null) {
    // rollbacks run after the method (or an abort), not when the hypothesis did not hold to begin with
    background = [];
    rollingBack = true;
    for (const a of doc.rollbacks ?? []) rollbacks.push(await activity(a, "rollbacks").catch((e) => ({ name: a.name, type: a.type, t: t(), ok: false, reason: String(e) })));
  }
  // the experiment's rules do not outlive it
  for (const id of [...added.values()].flat()) kernel.faults.remove(id);
  drain();
  recorder.stop();
  if (recorder.dropped > 0) log({ kind: "event", name: "experiment.timeline.truncated", detail: { dropped: recorder.dropped } });
  const durationSeconds = t();
  if (!wasFrozen) clock.unfreeze();
  return buildReport({ doc, seed: options.seed, world: options.world, status, error, before, after, method, rollbacks, recovery, durationSeconds, entries });
}

function errorText(body: unknown): string {
  if (typeof body === "string") return body.slice(0, 200);
  const text = JSON.stringify(body) ?? "";
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

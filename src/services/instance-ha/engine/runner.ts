// The workflow runner (taskflow's engine as Masakari drives it), on the virtual clock: a run takes its
// notification to `running`, calls each task in turn (a task that waits is called again later), retries a
// failed try with backoff, and on a final failure reverts the tasks already done in reverse order and
// ends `error` (`failed` when the run was already a retry). Every change is one store update. An async
// task's promise is awaited (the run waits in place; the engine's `io` lists it, so the control API's
// advance waits for it) before the task is marked done; then the run goes on at the clock's time.

import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation, type OperationContext } from "../../../kernel/operation.js";
import { get } from "../../../kernel/store/table.js";
import { sliceOf, SLICE } from "../state.js";
import type { Notification, NotificationStatus } from "../state.js";
import type { FlowDef } from "./flows.js";
import { ENGINE_CALLER, laterWrites, markTask, moveTo, progress, taskContext } from "./records.js";
import { beginRun, type BegunRun } from "./begin-run.js";
import type { EngineSettings } from "./settings.js";
import type { BaseTask, FlowData, TaskStep } from "./task.js";
import { taskFault } from "./faults.js";
import { awaitBeside, isThenable, messageOf, type Outcome } from "./awaited.js";
import type { PendingIo } from "./tasks/webhook.js";

interface Run {
  id: string;
  hostname: string;
  flow: FlowDef;
  /** the tasks' detail names, in order */
  names: string[];
  settings: EngineSettings;
  /** the task under way (a fresh instance per try) and its place */
  index: number;
  task: BaseTask | null;
  attempt: number;
  poll: number;
  faultChecked: boolean;
  done: Array<{ index: number; task: BaseTask }>;
  data: FlowData;
  /** started by the periodic task (a retry): a failure ends `failed` */
  retry: boolean;
  reverting: boolean;
  /** when its next step is due */
  dueAt: number;
  /** an async task's (or revert's) promise is being awaited */
  awaiting: boolean;
}

// A notification's pickup and its run's next step are steps on the clock, owned by the service, one of each
// at a time per notification: the clock finds, replaces and cancels them by these keys.
const PICKUP = "recovery-pickup";
const RUN = "recovery-run";
const pickupKey = (id: string) => `${PICKUP}/${id}`;
const runKey = (id: string) => `${RUN}/${id}`;

export class Runner {
  readonly #runs = new Map<string, Run>();
  /**
   * notifications waiting to be picked up, and when. Kept here as well as on the clock: a world reset or a
   * snapshot import drops the clock's steps, and isBusy reads how long ago a dropped one was due.
   */
  readonly #pickups = new Map<string, number>();
  /** told when a run ends in `error` (the periodic task arms itself) */
  onError: () => void = () => {};

  constructor(
    private readonly kernel: Kernel,
    private settings: () => EngineSettings,
    /** async tasks' promises join the engine's I/O under way */
    private readonly io?: PendingIo,
  ) {}

  /** Runs under way: notification id -> the task and try. */
  active(): Array<{ notificationId: string; flow: string; task: string | null; attempt: number; reverting: boolean; dueAt: string }> {
    return [...this.#runs.values()].map((r) => ({
      notificationId: r.id,
      flow: r.flow.name,
      task: r.names[r.index] ?? null,
      attempt: r.attempt,
      reverting: r.reverting,
      dueAt: new Date(r.dueAt).toISOString(),
    }));
  }

  /** Picks a notification up after `delayMs` (a retry takes `new` and `error` ones, a first run only `new`). */
  pickUp(id: string, retry: boolean, delayMs = 0): void {
    this.forget(id);
    const at = this.kernel.clock.now() + delayMs;
    this.#pickups.set(id, at);
    this.kernel.clock.plan({ owner: SLICE, name: PICKUP, key: pickupKey(id), at }, () => this.#start(id, retry));
  }

  /** Whether the notification's run waits for an async task's promise. */
  isAwaiting(id: string): boolean {
    return this.#runs.get(id)?.awaiting === true;
  }

  /**
   * Whether a pickup or a run of this notification is under way (one awaiting an async task is). One whose
   * next step should long have run is not: a world reset or a snapshot import dropped the clock's jobs.
   */
  isBusy(id: string): boolean {
    const due = this.nextDue(id);
    return this.isAwaiting(id) || (due !== undefined && due >= this.kernel.clock.now() - this.settings().processUnfinishedMs);
  }

  /** When the notification's pickup or next step is due; undefined when none is planned. */
  nextDue(id: string): number | undefined {
    return this.#pickups.get(id) ?? this.#runs.get(id)?.dueAt;
  }

  /** Drops a notification's pickup or run (it expired). */
  forget(id: string): void {
    this.kernel.clock.cancel(SLICE, pickupKey(id));
    this.kernel.clock.cancel(SLICE, runKey(id));
    this.#pickups.delete(id);
    this.#runs.delete(id);
  }

  #start(id: string, retry: boolean): void {
    this.#pickups.delete(id);
    const settings = this.settings();
    let begun: BegunRun | null;
    try {
      begun = beginRun(this.kernel, id, retry, settings);
    } catch (error) {
      // the flow could not even be built (a target names no task): the notification ends in error
      return this.#end(id, retry ? "failed" : "error", messageOf(error));
    }
    if (!begun) return;
    const run: Run = {
      id, ...begun, settings, index: 0, task: null, attempt: 1, poll: 0, faultChecked: false, done: [], retry,
      reverting: false, dueAt: 0, awaiting: false,
    };
    this.#runs.set(id, run);
    this.#schedule(run, 0);
  }

  #schedule(run: Run, ms: number): void {
    run.dueAt = this.kernel.clock.now() + ms;
    this.kernel.clock.plan({ owner: SLICE, name: RUN, key: runKey(run.id), at: run.dueAt }, () => {
      if (this.#runs.get(run.id) === run) this.#step(run);
    });
  }

  #step(run: Run): void {
    if (run.reverting) return this.#revertNext(run);
    if (run.index >= run.flow.tasks.length) return this.#finish(run, "finished");
    if (!run.task) {
      run.task = run.flow.tasks[run.index]();
      run.poll = 0;
      run.faultChecked = false;
    }
    const task = run.task;
    if (!run.faultChecked) {
      run.faultChecked = true;
      const fault = taskFault(this.kernel, task.name, run.hostname);
      if (fault?.kind === "delay") {
        this.#write(run, (op, n) => {
          progress(op, n, run.index, `Delayed ${fault.ms} ms by an injected fault`);
          op.tx.emit("instance-ha.task.delayed", { notificationId: run.id, task: task.name, attempt: run.attempt, ms: fault.ms });
        });
        return this.#schedule(run, fault.ms);
      }
      if (fault?.kind === "fail") return this.#failTry(run, fault.message);
    }
    // what a try's first call hands on is rolled back with its writes if it throws (the vmoves it made);
    // later calls only add what a retry makes again anyway
    const before = run.poll === 0 ? structuredClone(run.data) : run.data;
    const later = laterWrites(this.kernel, run.id);
    let step: TaskStep | { awaiting: PromiseLike<TaskStep> } | "gone";
    try {
      step = runOperation(this.kernel, ENGINE_CALLER, (op) => {
        const n = get(sliceOf(op.root).notifications, run.id);
        if (!n || n.status !== "running") return "gone" as const;
        if (run.poll === 0) {
          markTask(op, n, run.index, "RUNNING");
          op.tx.emit("instance-ha.task.started", { notificationId: run.id, task: task.name, attempt: run.attempt });
        }
        const result = task.execute(taskContext(op, n, run.index, run.settings, run.data, run.poll, later));
        if (isThenable(result)) return { awaiting: result };
        this.#succeeded(op, n, run, task, result);
        return result;
      });
    } catch (error) {
      run.data = before; // what the failed call handed on was rolled back with its writes
      return this.#failTry(run, messageOf(error));
    } finally {
      later.ended = true;
    }
    if (step === "gone") return void this.#runs.delete(run.id);
    if (step && "awaiting" in step) {
      // what the call wrote before its first await has committed; the task is done when its promise is
      return this.#await(run, step.awaiting, (outcome) => {
        if (!outcome.ok) {
          run.data = before;
          return this.#failTry(run, outcome.error);
        }
        const result = outcome.value;
        const gone = runOperation(this.kernel, ENGINE_CALLER, (op) => {
          const n = get(sliceOf(op.root).notifications, run.id);
          if (!n || n.status !== "running") return true;
          this.#succeeded(op, n, run, task, result);
          return false;
        });
        if (gone) return void this.#runs.delete(run.id);
        this.#next(run, task, result);
      });
    }
    this.#next(run, task, step);
  }

  /** A call that returned nothing or endFlow: the task is done. */
  #succeeded(op: OperationContext, n: Notification, run: Run, task: BaseTask, result: TaskStep): void {
    if (result && "again" in result) return;
    markTask(op, n, run.index, "SUCCESS");
    op.tx.emit("instance-ha.task.succeeded", { notificationId: run.id, task: task.name, attempt: run.attempt });
  }

  /** After a call: again later, or the next task (or the end of the flow). */
  #next(run: Run, task: BaseTask, step: TaskStep): void {
    if (step && "again" in step) {
      run.poll++;
      return this.#schedule(run, Math.max(0, step.again));
    }
    run.done.push({ index: run.index, task });
    run.index++;
    run.task = null;
    run.attempt = 1;
    if (step && "endFlow" in step) return this.#finish(run, step.ignored ? "ignored" : "finished");
    this.#schedule(run, 0);
  }

  /** Awaits an async task's (or revert's) promise; `then` goes on unless the run ended meanwhile. */
  #await<T>(run: Run, promise: PromiseLike<T>, then: (outcome: Outcome<T>) => void): void {
    run.awaiting = true;
    awaitBeside(this.kernel, this.io, promise, (outcome) => {
      run.awaiting = false;
      if (this.#runs.get(run.id) === run) then(outcome);
    });
  }

  /** A try failed: another after the backoff, or (none left) the flow reverts. */
  #failTry(run: Run, message: string): void {
    const final = run.attempt >= run.settings.taskAttempts;
    const task = run.task!;
    this.#write(run, (op, n) => {
      const tries = `try ${run.attempt} of ${run.settings.taskAttempts}`;
      progress(op, n, run.index, final ? `Failed (${tries}): ${message}` : `Failed (${tries}), retrying: ${message}`);
      if (final) markTask(op, n, run.index, "FAILURE");
      n.workflow.lastError = message;
      op.tx.emit("instance-ha.task.failed", { notificationId: run.id, task: task.name, attempt: run.attempt, final, error: message });
    });
    if (!final) {
      const wait = run.settings.retryBackoffMs * 2 ** (run.attempt - 1);
      run.attempt++;
      run.task = null;
      return this.#schedule(run, wait);
    }
    run.reverting = true;
    this.#schedule(run, 0);
  }

  /** Reverts the last task done (one store update each; an async revert is awaited), then ends the run. */
  #revertNext(run: Run): void {
    const next = run.done.pop();
    if (!next) return this.#finish(run, run.retry ? "failed" : "error");
    const reverted = (op: OperationContext, n: Notification) => {
      markTask(op, n, next.index, "REVERTED");
      op.tx.emit("instance-ha.task.reverted", { notificationId: run.id, task: next.task.name, attempt: run.attempt });
    };
    // a revert that fails is recorded and the others still run, as taskflow does
    const failed = (message: string) => this.#write(run, (op, n) => progress(op, n, next.index, `Revert failed: ${message}`));
    const later = laterWrites(this.kernel, run.id);
    let pending: PromiseLike<void> | undefined;
    try {
      this.#write(run, (op, n) => {
        const result = next.task.revert?.(taskContext(op, n, next.index, run.settings, run.data, 0, later));
        if (isThenable(result)) pending = result;
        else reverted(op, n);
      });
    } catch (error) {
      failed(messageOf(error));
    } finally {
      later.ended = true;
    }
    if (!pending) return this.#schedule(run, 0);
    this.#await(run, pending, (outcome) => {
      if (outcome.ok) this.#write(run, reverted);
      else failed(outcome.error);
      this.#schedule(run, 0);
    });
  }

  #finish(run: Run, status: NotificationStatus): void {
    this.#runs.delete(run.id);
    this.#end(run.id, status);
  }

  #end(id: string, status: NotificationStatus, error?: string): void {
    runOperation(this.kernel, ENGINE_CALLER, (op) => {
      const n = get(sliceOf(op.root).notifications, id);
      if (!n) return;
      if (error !== undefined) n.workflow.lastError = error;
      moveTo(op, n, status);
    });
    if (status === "error") this.onError();
  }

  /** One store update on the run's notification (nothing when it is gone). */
  #write(run: Run, write: (op: OperationContext, n: Notification) => void): void {
    runOperation(this.kernel, ENGINE_CALLER, (op) => {
      const n = get(sliceOf(op.root).notifications, run.id);
      if (n) write(op, n);
    });
  }
}

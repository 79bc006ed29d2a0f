// Masakari's periodic tasks (masakari/engine/manager.py) on the virtual clock: every
// process_unfinished_notifications_interval, `error` notifications and `new` ones older than
// retry_notification_new_status_interval run again (failing again ends them `failed`), and unfinished ones
// older than notifications_expired_interval become `failed`. Armed only while something is unfinished, so
// an idle emulator's clock has no work pending; armed again on every reconfiguration, reset and import.

import type { Kernel } from "../../../kernel/kernel.js";
import { runOperation } from "../../../kernel/operation.js";
import { filter, get } from "../../../kernel/store/table.js";
import { sliceOf, SLICE } from "../state.js";
import { ACTIVE_STATUSES, type InstanceHaState } from "../state.js";
import { ENGINE_CALLER, moveTo } from "./records.js";
import type { Runner } from "./runner.js";
import type { EngineSettings } from "./settings.js";

/** The periodic task's pass: one step on the clock at a time, under this key. */
const PASS = "periodic-task";

export class Periodic {
  /** when the next pass is due; remembered besides the clock's step, which a reset or an import drops */
  #nextAt: number | null = null;

  constructor(
    private readonly kernel: Kernel,
    private readonly runner: Runner,
    private readonly settings: () => EngineSettings,
  ) {}

  /** When the next pass runs (null: none planned). */
  get nextAt(): number | null {
    return this.#nextAt;
  }

  /**
   * Plans the next pass unless one is planned. The planned one is planned again at its time: a world reset
   * or a snapshot import drops the clock's steps without telling the services.
   */
  ensure(): void {
    const { clock } = this.kernel;
    const now = clock.now();
    const at = this.#nextAt !== null && this.#nextAt >= now ? this.#nextAt : now + this.settings().processUnfinishedMs;
    this.#nextAt = at;
    clock.plan({ owner: SLICE, name: PASS, key: PASS, at, upkeep: true }, () => this.#pass());
  }

  /**
   * Plans a pass if anything is unfinished (after a reconfiguration, an import or a reset: a notification
   * left `new` while the taskflow driver was off, or one a snapshot brings, is then retried at the next pass).
   */
  rearm(): void {
    const s = this.kernel.slice<InstanceHaState>(SLICE);
    if (s && filter(s.notifications, (n) => ACTIVE_STATUSES.includes(n.status)).length > 0) this.ensure();
  }

  cancel(): void {
    this.kernel.clock.cancel(SLICE, PASS);
    this.#nextAt = null;
  }

  #pass(): void {
    this.#nextAt = null;
    const settings = this.settings();
    const now = this.kernel.clock.now();
    const s = this.kernel.slice<InstanceHaState>(SLICE);
    const unfinished = filter(s.notifications, (n) => ACTIVE_STATUSES.includes(n.status));
    const expired = unfinished.filter((n) => now - n.generatedTime >= settings.expiredAfterMs).map((n) => n.id);
    if (expired.length > 0) {
      for (const id of expired) this.runner.forget(id);
      runOperation(this.kernel, ENGINE_CALLER, (op) => {
        const notifications = sliceOf(op.root).notifications;
        for (const id of expired) {
          const n = get(notifications, id)!;
          n.workflow.lastError = `Notification expired: unfinished ${settings.expiredAfterMs / 1000} s after it was generated.`;
          moveTo(op, n, "failed");
        }
      });
    }
    const gone = new Set(expired);
    let waiting = false;
    for (const n of unfinished) {
      if (gone.has(n.id)) continue;
      const busy = this.runner.isBusy(n.id) || !settings.drivers.includes("taskflow");
      if (n.status === "error" && !busy) this.runner.pickUp(n.id, true);
      else if (n.status === "new" && !busy && now - n.generatedTime >= settings.retryNewAfterMs) this.runner.pickUp(n.id, true);
      else waiting = true;
    }
    // a pass is needed again while anything may still need one (a new one not stale yet, a run under way)
    if (waiting) this.ensure();
  }
}

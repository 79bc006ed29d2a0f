// The recovery engine's settings: Masakari's [DEFAULT]/[host_failure]/[instance_failure] options (seconds)
// as the service's options carry them, in ms for the virtual clock, plus the engine's own taskflow knobs
// (retries per task and their backoff), the drivers that run, the tasks besides the built-in ones and the
// Alertmanager label rules. A workflow keeps the settings it started with; a reconfiguration makes new ones.

import type { InstanceHaOptions } from "../options.js";
import type { BaseTask, EngineSettings } from "./task.js";
import { DEFAULT_ALERT_RULES, type AlertRule, type CustomTaskSource, type WebhookTaskSpec } from "./config.js";

// declared with the task contract, since a task sees it (TaskContext.settings) and it names the tasks
export type { EngineSettings } from "./task.js";

/** What the engine takes besides InstanceHaOptions (all optional; defaults below). */
export interface RecoveryEngineExtras {
  /** tries per task before the flow is reverted (taskflow's retry controller); 1 = no retry */
  taskAttempts?: number;
  /** wait before the 2nd try; doubled for each further try */
  taskRetryBackoffSeconds?: number;
  /** how often a waiting task (evacuations under way) looks again (Masakari's verify_interval, 1 s) */
  taskPollSeconds?: number;
  /** delay between a notification's creation and the engine picking it up (Masakari's RPC cast) */
  pickupDelaySeconds?: number;
  /**
   * JavaScript tasks besides the built-in ones, by the name `recoveryWorkflowOnStop.targets` gives them; or
   * a list of module paths, task objects and factories (custom-tasks.ts loads them at start)
   */
  customTasks?: Record<string, () => BaseTask> | readonly CustomTaskSource[];
  /** declarative webhook tasks */
  tasks?: WebhookTaskSpec[];
  /** how Alertmanager's alerts become notifications (config.ts DEFAULT_ALERT_RULES when absent) */
  alertmanager?: { rules: AlertRule[] };
}

export type EngineOptions = InstanceHaOptions & RecoveryEngineExtras;

const s = (seconds: number) => Math.round(seconds * 1000);

/** `tasks`: the JavaScript tasks (loaded) and the webhook ones (made) by name. */
export function engineSettings(o: InstanceHaOptions & Omit<RecoveryEngineExtras, "customTasks">, tasks: Record<string, () => BaseTask>): EngineSettings {
  return {
    targets: [...o.recoveryWorkflowOnStop.targets],
    taskAttempts: Math.max(1, Math.floor(o.taskAttempts ?? 3)),
    retryBackoffMs: s(o.taskRetryBackoffSeconds ?? 10),
    pollMs: Math.max(1, s(o.taskPollSeconds ?? 1)),
    pickupDelayMs: s(o.pickupDelaySeconds ?? 0),
    processUnfinishedMs: Math.max(1000, s(o.processUnfinishedNotificationsIntervalSeconds)),
    retryNewAfterMs: s(o.retryNotificationNewStatusIntervalSeconds),
    expiredAfterMs: s(o.notificationsExpiredIntervalSeconds),
    serviceUpdateWaitMs: s(o.waitPeriodAfterServiceUpdateSeconds),
    evacuationWaitMs: s(o.waitPeriodAfterEvacuationSeconds),
    powerOffWaitMs: s(o.waitPeriodAfterPowerOffSeconds),
    powerOnWaitMs: s(o.waitPeriodAfterPowerOnSeconds),
    threads: Math.max(1, Math.floor(o.hostFailureRecoveryThreads)),
    evacuateAllInstances: o.evacuateAllInstances,
    ignoreInstancesInErrorState: o.ignoreInstancesInErrorState,
    processAllInstances: o.processAllInstances,
    addReservedHostToAggregate: o.addReservedHostToAggregate,
    haKey: o.haEnabledInstanceMetadataKey,
    drivers: [...o.notificationDrivers],
    senders: [...(o.notificationSenders ?? [])],
    duplicateIntervalSeconds: o.duplicateNotificationDetectionIntervalSeconds,
    customTasks: tasks,
    webhookTasks: [...(o.tasks ?? [])],
    alertRules: o.alertmanager?.rules ?? DEFAULT_ALERT_RULES,
  };
}

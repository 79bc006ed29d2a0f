// What instance HA offers the package's public types (src/api.ts): the recovery engine's options and
// custom tasks, plain types that import nothing, so the declarations users get resolve without zod or hono.
// engine/config.ts parses exactly this shape; engine/task.ts's BaseTask is the engine's fuller view of a task.

/** What a custom task's call sees (engine/task.ts TaskContext has more: compute's contract acts on `op`). */
export interface CustomTaskContext {
  /** the failed host's name */
  readonly hostname: string;
  readonly notification: { readonly id: string; readonly type: string; readonly payload: Readonly<Record<string, string>> };
  /** 0 on a try's first call, then 1, 2, ... (after `{ again: ms }`) */
  readonly poll: number;
  /** what the run's tasks hand each other */
  readonly flow: Record<string, unknown>;
  /** the store operation the call runs in (an async call's until its first await) */
  readonly op: unknown;
  /** a progress detail in recovery_workflow_details (progress 0..1) */
  progress(message: string, progress?: number): void;
}

/** Nothing: done. `again`: call me after that many virtual ms. `endFlow`: done, skip the rest. Throw: failed. */
export type CustomTaskStep = void | { again: number } | { endFlow: true; ignored?: boolean };

export interface CustomTask {
  /** the name recoveryWorkflowOnStop.targets and fault rules (`instance-ha.task.<name>`) use */
  name: string;
  detailName?: string;
  /** may be async: the engine awaits it before the task counts as done; a rejection fails the try (retried, then reverted) */
  execute(ctx: CustomTaskContext): CustomTaskStep | Promise<CustomTaskStep>;
  /** may be async: awaited before the task counts as reverted */
  revert?(ctx: CustomTaskContext): void | Promise<void>;
}

/** `instanceHa` of a config file or of createEmulator(): every key optional. */
export interface InstanceHaOptionsInput {
  duplicateNotificationDetectionIntervalSeconds?: number;
  processUnfinishedNotificationsIntervalSeconds?: number;
  retryNotificationNewStatusIntervalSeconds?: number;
  checkExpiredNotificationsIntervalSeconds?: number;
  notificationsExpiredIntervalSeconds?: number;
  waitPeriodAfterServiceUpdateSeconds?: number;
  waitPeriodAfterEvacuationSeconds?: number;
  waitPeriodAfterPowerOffSeconds?: number;
  waitPeriodAfterPowerOnSeconds?: number;
  hostFailureRecoveryThreads?: number;
  evacuateAllInstances?: boolean;
  ignoreInstancesInErrorState?: boolean;
  addReservedHostToAggregate?: boolean;
  processAllInstances?: boolean;
  haEnabledInstanceMetadataKey?: string;
  /** a list, or Masakari's comma-separated string */
  recoveryWorkflowOnStop?: { targets: string[] | string };
  notificationDrivers?: Array<"nova_notification" | "taskflow" | "webhook"> | string;
  /** the spec's (Masakari's) name of recoveryWorkflowOnStop; both at once must agree */
  recovery_workflow_on_stop?: { targets: string[] | string };
  /** the spec's (Masakari's) name of notificationDrivers; both at once must agree */
  notification_drivers?: Array<"nova_notification" | "taskflow" | "webhook"> | string;
  taskAttempts?: number;
  taskRetryBackoffSeconds?: number;
  taskPollSeconds?: number;
  pickupDelaySeconds?: number;
  /** declarative webhook tasks: POST the notification to a loopback URL */
  tasks?: Array<{ name: string; webhook: { url: string; timeoutSeconds?: number } }>;
  /** how Alertmanager's alerts become notifications */
  alertmanager?: {
    rules: Array<{
      match: Record<string, string>;
      hostLabels?: string[];
      type?: "COMPUTE_HOST" | "VM" | "PROCESS" | "COMPUTE_INSTANCE" | "COMPUTE_PROCESS";
      payload?: Record<string, string>;
    }>;
  };
  /** module paths (a config file's relative to it) whose default export is a task or a list of tasks; or tasks */
  customTasks?: Array<string | CustomTask | (() => CustomTask)>;
}
